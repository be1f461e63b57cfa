import { paths } from '~/lib/paths'
import { seo } from '~/lib/seo'

export const meta = () =>
  seo({
    title: 'Политика использования cookie — IT Lab, Астрахань',
    description: 'Политика использования cookie школы программирования IT Lab.',
    path: paths.cookiePolicy,
    noindex: true,
  })

export default function CookiePage() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-extrabold text-brand-900">Политика использования cookie</h1>
    </article>
  )
}
