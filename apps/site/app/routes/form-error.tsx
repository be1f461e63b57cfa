import { LEAD_ERROR_REASONS, paths, type LeadErrorReason } from '#app/config/paths.ts'
import { seo } from '#app/lib/seo.ts'
import { LeadErrorSection } from '#app/sections/lead-result-section.tsx'
import type { Route } from './+types/form-error'

// Only the reasons' pages are prerendered; any other path under it is the server's 404.
function reasonOf(param: string | undefined): LeadErrorReason {
  return LEAD_ERROR_REASONS.find((reason) => reason === param) ?? 'failed'
}

export const meta = ({ params }: Route.MetaArgs) =>
  seo({
    ...__SEARCH_TEXTS__.formError,
    path: paths.leadError(reasonOf(params.reason)),
    noindex: true,
  })

export default function FormErrorPage({ params }: Route.ComponentProps) {
  return <LeadErrorSection reason={reasonOf(params.reason)} />
}
