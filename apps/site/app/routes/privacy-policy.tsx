import { privacyPolicy } from '~/content/policies/privacy-policy'
import { PolicyView } from '~/features/policy/policy-view'
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
  return <PolicyView document={privacyPolicy} />
}
