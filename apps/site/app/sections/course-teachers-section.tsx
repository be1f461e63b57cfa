import { SectionHeading } from '#app/components/section-heading.tsx'
import { courseTeachers, teachers as allTeachers, type Teacher } from '#app/content/teachers.ts'
import { TeacherList } from '#app/features/teachers/teacher-list.tsx'

/** A course page's teachers («Кто ведёт курс»): those whose file names the course; absent if none. */
export function CourseTeachersSection({
  courseId,
  teachers = allTeachers,
}: {
  courseId: number
  teachers?: readonly Teacher[]
}) {
  const shown = courseTeachers(courseId, teachers)
  if (shown.length === 0) return null
  return (
    <section aria-labelledby="course-teachers-heading" className="py-12 sm:py-16">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="course-teachers-heading" title="Кто ведёт курс" />
        <div className="mt-8">
          <TeacherList teachers={shown} courseId={courseId} />
        </div>
      </div>
    </section>
  )
}
