import { privacyPolicy } from '~/content/policies/privacy-policy'
import { PolicyView } from '~/features/policy/policy-view'
import { policyCtx } from '~/features/policy/policy-ctx'
import { school } from '~/config/school'
import { paths } from '~/config/paths'
import { seo } from '~/lib/seo'

export const meta = () =>
  seo({
    title: `Политика конфиденциальности — ${school.titleSuffix}`,
    description: `Политика конфиденциальности школы программирования ${school.name}.`,
    path: paths.privacyPolicy,
    noindex: true,
  })

export default function PrivacyPolicyPage() {
  return <PolicyView document={privacyPolicy(policyCtx)} />
}
