import { paths } from '#app/config/paths.ts'
import { seo } from '#app/lib/seo.ts'
import { LeadSentSection } from '#app/sections/lead-result-section.tsx'

export const meta = () =>
  seo({
    ...__SEARCH_TEXTS__.thanks,
    path: paths.leadSent,
    noindex: true,
  })

export default function ThanksPage() {
  return <LeadSentSection />
}
