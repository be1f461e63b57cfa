import { paths } from '~/lib/paths'
import { seo } from '~/lib/seo'

export const meta = () =>
  seo({
    title: 'Политика конфиденциальности — IT Lab, Астрахань',
    description: 'Политика конфиденциальности школы программирования IT Lab.',
    path: paths.privacyPolicy,
    noindex: true,
  })

export default function PrivacyPolicyPage() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-extrabold text-brand-900">Политика конфиденциальности</h1>
    </article>
  )
}
