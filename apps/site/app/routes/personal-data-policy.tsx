import { paths } from '~/lib/paths'
import { seo } from '~/lib/seo'

export const meta = () =>
  seo({
    title: 'Политика обработки персональных данных — IT Lab, Астрахань',
    description: 'Политика обработки персональных данных школы программирования IT Lab.',
    path: paths.personalDataPolicy,
    noindex: true,
  })

export default function PersonalDataPolicyPage() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-extrabold text-brand-900">
        Политика обработки персональных данных
      </h1>
    </article>
  )
}
