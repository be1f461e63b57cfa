import { env } from '#app/config/env.ts'
import { consentDocument } from '#app/content/policies/consent.ts'
import { PolicyView } from '#app/features/policy/policy-view.tsx'
import { policyCtx } from '#app/features/policy/policy-ctx.ts'
import { paths } from '#app/config/paths.ts'
import { seo } from '#app/lib/seo.ts'

export const meta = () =>
  seo({
    ...__SEARCH_TEXTS__.consent,
    path: paths.consent,
    noindex: true,
  })

export default function ConsentPage() {
  return (
    <PolicyView document={consentDocument(policyCtx)}>
      {/* Outside the document: the version is computed from its text. */}
      <p className="mt-12 border-t border-slate-200 pt-4 text-sm text-slate-600">
        Версия согласия: <span className="font-mono">{env.consentVersion}</span>
      </p>
    </PolicyView>
  )
}
