import { school } from '~/config/school'
import { env } from '~/config/env'
import { consentDocument } from '~/content/policies/consent'
import { PolicyView } from '~/features/policy/policy-view'
import { policyCtx } from '~/features/policy/policy-ctx'
import { paths } from '~/config/paths'
import { seo } from '~/lib/seo'

export const meta = () =>
  seo({
    title: `Согласие на обработку персональных данных — ${school.titleSuffix}`,
    description: `Согласие на обработку персональных данных для форм на сайте школы программирования ${school.name}.`,
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
