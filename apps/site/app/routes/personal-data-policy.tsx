import { personalDataPolicy } from '#app/content/policies/personal-data-policy.ts'
import { PolicyView } from '#app/features/policy/policy-view.tsx'
import { policyCtx } from '#app/features/policy/policy-ctx.ts'
import { paths } from '#app/config/paths.ts'
import { seo } from '#app/lib/seo.ts'

export const meta = () =>
  seo({
    ...__SEARCH_TEXTS__.personalDataPolicy,
    path: paths.personalDataPolicy,
    noindex: true,
  })

export default function PersonalDataPolicyPage() {
  return <PolicyView document={personalDataPolicy(policyCtx)} />
}
