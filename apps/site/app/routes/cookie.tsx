import { cookiePolicy } from '#app/content/policies/cookie-policy.ts'
import { PolicyView } from '#app/features/policy/policy-view.tsx'
import { policyCtx } from '#app/features/policy/policy-ctx.ts'
import { paths } from '#app/config/paths.ts'
import { seo } from '#app/lib/seo.ts'

export const meta = () =>
  seo({
    ...__SEARCH_TEXTS__.cookiePolicy,
    path: paths.cookiePolicy,
    noindex: true,
  })

export default function CookiePage() {
  return <PolicyView document={cookiePolicy(policyCtx)} />
}
