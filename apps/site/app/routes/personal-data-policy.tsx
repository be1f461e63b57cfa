import { personalDataPolicy } from '~/content/policies/personal-data-policy'
import { PolicyView } from '~/features/policy/policy-view'
import { policyCtx } from '~/features/policy/policy-ctx'
import { school } from '~/config/school'
import { paths } from '~/config/paths'
import { seo } from '~/lib/seo'

export const meta = () =>
  seo({
    title: `Политика обработки персональных данных — ${school.titleSuffix}`,
    description: `Политика обработки персональных данных школы программирования ${school.name}.`,
    path: paths.personalDataPolicy,
    noindex: true,
  })

export default function PersonalDataPolicyPage() {
  return <PolicyView document={personalDataPolicy(policyCtx)} />
}
