import { cookiePolicy } from '~/content/policies/cookie-policy'
import { PolicyView } from '~/features/policy/policy-view'
import { policyCtx } from '~/features/policy/policy-ctx'
import { school } from '~/config/school'
import { paths } from '~/config/paths'
import { seo } from '~/lib/seo'

export const meta = () =>
  seo({
    title: `Политика использования cookie — ${school.titleSuffix}`,
    description: `Политика использования cookie школы программирования ${school.name}.`,
    path: paths.cookiePolicy,
    noindex: true,
  })

export default function CookiePage() {
  return <PolicyView document={cookiePolicy(policyCtx)} />
}
