import { findCourse } from '~/content/courses'
import { CourseNotFound } from '~/features/course/course-not-found'
import { paths } from '~/lib/paths'
import { courseTitle, seo } from '~/lib/seo'
import type { Route } from './+types/course'

export const meta = ({ params }: Route.MetaArgs) => {
  const course = findCourse(params.id)
  if (!course) {
    return seo({
      title: 'Курс не найден — IT Lab, Астрахань',
      description: 'Извините, запрашиваемый курс не существует или был удален.',
      noindex: true,
    })
  }
  return seo({
    title: courseTitle(course.title),
    description: course.description,
    path: paths.course(course.id),
  })
}

export default function CoursePage({ params }: Route.ComponentProps) {
  const course = findCourse(params.id)
  if (!course) return <CourseNotFound />
  return (
    <article className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-4xl font-extrabold text-brand-900">{course.title}</h1>
      <p className="mt-4 text-lg">{course.description}</p>
    </article>
  )
}
