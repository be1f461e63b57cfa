import { COURSE_SECTION_HEADINGS } from '#app/content/course-extras.ts'
import { monthLessonsLead, type PlannedCourse } from '#app/content/price-plans.ts'
import type { Course } from '#app/content/courses.ts'
import { PricePlansList } from '#app/features/course/price-plans-list.tsx'
import { DetailSection } from './detail-section'

/** 'Стоимость обучения' on the course page: a price card for each plan the course offers. */
export function CoursePricesSection({
  course,
}: {
  course: PlannedCourse & Pick<Course, 'lessonMinutes'>
}) {
  return (
    <DetailSection
      id="prices"
      title={COURSE_SECTION_HEADINGS.prices}
      lead={`Цена одного занятия зависит от того, на какой срок вы оплачиваете обучение. ${monthLessonsLead(course)}`}
      className="bg-slate-50"
    >
      <PricePlansList course={course} />
    </DetailSection>
  )
}
