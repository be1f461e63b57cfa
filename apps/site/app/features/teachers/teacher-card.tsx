import { Link } from 'react-router'
import { SampleBadge } from '#app/components/sample-badge.tsx'
import { UploadedImage } from '#app/components/uploaded-image.tsx'
import { findCourse, type Course } from '#app/content/courses.ts'
import { pluralRu } from '#app/content/plural.ts'
import { TEACHER_PHOTO_SIZE, teacherPicture } from '#app/content/teacher-pictures.ts'
import type { Teacher } from '#app/content/teachers.ts'
import { paths } from '#app/config/paths.ts'

/**
 * The photo's width: beside the name on a phone (6 or 7 rem), on top of the card in the grid of 2
 * or 3 columns of a 72 rem container.
 */
const PHOTO_SIZES = '(min-width: 1024px) 357px, (min-width: 640px) calc(50vw - 28px), 112px'

type TeacherCardProps = {
  teacher: Teacher
  /** On a course's page: that course is not listed again among the ones they teach. */
  courseId?: number
}

/** «1 год», «3 года», «12 лет»: a teacher's years of teaching. */
function yearsText(years: number): string {
  return `${years} ${pluralRu(years, ['год', 'года', 'лет'])}`
}

/**
 * One teacher: photo, name, their years of teaching and education when the owner gave them, the
 * courses they teach as links, their text.
 */
export function TeacherCard({ teacher, courseId }: TeacherCardProps) {
  const courses = teacher.courseIds
    .filter((id) => id !== courseId)
    .map((id) => findCourse(id))
    .filter((course): course is Course => course !== undefined)
  return (
    <article className="grid h-full grid-cols-[6rem_minmax(0,1fr)] min-[400px]:grid-cols-[7rem_minmax(0,1fr)] gap-x-4 gap-y-3 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex sm:flex-col sm:gap-0 sm:overflow-hidden sm:p-0">
      <UploadedImage
        picture={teacherPicture(teacher.photo)}
        {...TEACHER_PHOTO_SIZE}
        alt={teacher.name}
        sizes={PHOTO_SIZES}
        className="rounded-2xl sm:rounded-none"
      />
      <div className="break-words sm:px-6 sm:pt-5">
        <h3 className="text-xl leading-snug font-extrabold text-brand-900">
          {teacher.name}
          <SampleBadge sample={teacher.sample} />
        </h3>
        {(teacher.experience !== undefined || teacher.education !== '') && (
          <dl className="mt-2 space-y-1 text-slate-700">
            {teacher.experience !== undefined && (
              <div>
                <dt className="inline font-bold text-slate-600">Опыт преподавания: </dt>
                <dd className="inline">{yearsText(teacher.experience)}</dd>
              </div>
            )}
            {teacher.education !== '' && (
              <div>
                <dt className="inline font-bold text-slate-600">Образование: </dt>
                <dd className="inline">{teacher.education}</dd>
              </div>
            )}
          </dl>
        )}
        {courses.length > 0 && (
          <div className="mt-2 text-slate-700">
            <p className="text-sm font-bold text-slate-600">
              {courseId === undefined ? 'Ведёт курсы:' : 'Ещё ведёт:'}
            </p>
            <ul className="mt-1 space-y-1">
              {courses.map((course) => (
                <li key={course.id}>
                  <Link
                    to={paths.course(course.id)}
                    className="font-bold text-brand-700 underline decoration-brand-200 underline-offset-4 hover:text-brand-600"
                  >
                    {course.title}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <p className="col-span-2 text-slate-600 sm:px-6 sm:pt-3 sm:pb-6">{teacher.text}</p>
    </article>
  )
}
