import { SectionHeading } from '#app/components/section-heading.tsx'
import { teachers as allTeachers, type Teacher } from '#app/content/teachers.ts'
import { TeacherList } from '#app/features/teachers/teacher-list.tsx'

/** The home page's teachers («Преподаватели»); absent when there are none. */
export function TeachersSection({ teachers = allTeachers }: { teachers?: readonly Teacher[] }) {
  if (teachers.length === 0) return null
  return (
    <section aria-labelledby="teachers-heading" className="py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="teachers-heading" title="Преподаватели" />
        <div className="mt-10">
          <TeacherList teachers={teachers} />
        </div>
      </div>
    </section>
  )
}
