import { COURSE_SECTION_HEADINGS } from '#app/content/course-extras.ts'
import { findCourseProgramme } from '#app/content/course-programmes.ts'
import type { Course } from '#app/content/courses.ts'
import { DetailSection } from './detail-section'

/** 'Программа курса': the plan as a numbered timeline; absent without a plan. */
export function CoursePlanSection({ course }: { course: Pick<Course, 'id' | 'duration'> }) {
  const plan = findCourseProgramme(course.id)?.plan ?? []
  if (plan.length === 0) return null
  return (
    <DetailSection
      id="plan"
      title={COURSE_SECTION_HEADINGS.plan}
      lead={`Курс длится ${course.duration}. Темы идут от простого к сложному.`}
      layout="split"
      className="bg-slate-50"
    >
      <ol role="list" className="relative list-none">
        {plan.map((item, index) => (
          <li key={item} className="relative flex gap-4 pb-6 last:pb-0">
            {index < plan.length - 1 && (
              <span
                aria-hidden="true"
                className="absolute top-10 bottom-0 left-5 w-0.5 bg-brand-100"
              />
            )}
            <span
              aria-hidden="true"
              className="relative grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 font-extrabold text-brand-700 ring-2 ring-brand-200"
            >
              {index + 1}
            </span>
            <span className="pt-2 text-slate-800">{item}</span>
          </li>
        ))}
      </ol>
    </DetailSection>
  )
}
