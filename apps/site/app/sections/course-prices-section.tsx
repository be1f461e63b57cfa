import { COURSE_SECTION_HEADINGS } from '#app/content/course-extras.ts'
import { LESSONS_PER_MONTH_TEXT, type CoursePrices } from '#app/content/price-plans.ts'
import { PricePlansList } from '#app/features/course/price-plans-list.tsx'
import { DetailSection } from './detail-section'

/** 'Стоимость обучения' on the course page: the four price cards. */
export function CoursePricesSection({ prices }: { prices: CoursePrices }) {
  return (
    <DetailSection
      id="prices"
      title={COURSE_SECTION_HEADINGS.prices}
      lead={`Цена одного занятия зависит от того, на какой срок вы оплачиваете обучение. В месяце ${LESSONS_PER_MONTH_TEXT}.`}
      className="bg-slate-50"
    >
      <PricePlansList prices={prices} />
    </DetailSection>
  )
}
