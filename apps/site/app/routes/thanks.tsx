import { paths } from '#app/config/paths.ts'
import { searchTexts } from '#app/content/page-texts.ts'
import { seo } from '#app/lib/seo.ts'
import { LeadSentSection } from '#app/sections/lead-result-section.tsx'

export const meta = () =>
  seo({
    ...searchTexts('thanks'),
    path: paths.leadSent,
    noindex: true,
  })

export default function ThanksPage() {
  return <LeadSentSection />
}
