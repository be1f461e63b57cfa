import type { Teacher } from '#app/content/teachers.ts'
import { TeacherCard } from './teacher-card.tsx'

/** Teachers' cards in a grid: one column on a phone, two, then three. */
export function TeacherList({
  teachers,
  courseId,
}: {
  teachers: readonly Teacher[]
  courseId?: number
}) {
  return (
    <ul role="list" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {teachers.map((teacher) => (
        <li key={teacher.id}>
          <TeacherCard teacher={teacher} {...(courseId === undefined ? {} : { courseId })} />
        </li>
      ))}
    </ul>
  )
}
