import { privacyPolicy } from '#app/content/policies/privacy-policy.ts'
import { PolicyView } from '#app/features/policy/policy-view.tsx'
import { policyCtx } from '#app/features/policy/policy-ctx.ts'
import { paths } from '#app/config/paths.ts'
import { seo } from '#app/lib/seo.ts'

export const meta = () =>
  seo({
    ...__SEARCH_TEXTS__.privacyPolicy,
    path: paths.privacyPolicy,
    noindex: true,
  })

export default function PrivacyPolicyPage() {
  return <PolicyView document={privacyPolicy(policyCtx)} />
}
