import { paths } from '~/config/paths'
import { school } from '~/config/school'
import { seo } from '~/lib/seo'
import { LeadSentSection } from '~/sections/lead-result-section'

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
