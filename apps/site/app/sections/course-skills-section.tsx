import { COURSE_SECTION_HEADINGS } from '#app/content/course-extras.ts'
import { findCourseProgramme } from '#app/content/course-programmes.ts'
import { DetailSection } from './detail-section'

/** 'Чему научится ваш ребёнок': numbered cards in one or two columns; absent without skills. */
export function CourseSkillsSection({ courseId }: { courseId: number }) {
  const skills = findCourseProgramme(courseId)?.skills ?? []
  if (skills.length === 0) return null
  return (
    <DetailSection id="skills" title={COURSE_SECTION_HEADINGS.skills}>
      {/* list-none drops list semantics in Safari; role="list" keeps them. */}
      <ol role="list" className="grid list-none grid-cols-1 gap-4 md:grid-cols-2">
        {skills.map((skill, index) => (
          <li
            key={skill}
            className="flex items-start gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
          >
            <span
              aria-hidden="true"
              className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-600 font-extrabold text-white"
            >
              {index + 1}
            </span>
            <span className="pt-1 text-slate-800">{skill}</span>
          </li>
        ))}
      </ol>
    </DetailSection>
  )
}
