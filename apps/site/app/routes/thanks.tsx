import { paths } from '#app/config/paths.ts'
import { school } from '#app/config/school.ts'
import { seo } from '#app/lib/seo.ts'
import { LeadSentSection } from '#app/sections/lead-result-section.tsx'

export const meta = () =>
  seo({
    title: `Заявка отправлена — ${school.titleSuffix}`,
    description: 'Спасибо! Мы свяжемся с вами в ближайшее время.',
    path: paths.leadSent,
    noindex: true,
  })

export default function ThanksPage() {
  return <LeadSentSection />
}
