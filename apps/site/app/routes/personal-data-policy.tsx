import { personalDataPolicy } from '~/content/policies/personal-data-policy'
import { PolicyView } from '~/features/policy/policy-view'
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
  return <PolicyView document={personalDataPolicy} />
}
