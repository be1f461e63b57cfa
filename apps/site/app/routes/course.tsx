import { findCourse } from '~/content/courses'
import { CourseDetail } from '~/features/course/course-detail'
import { CourseNotFound } from '~/features/course/course-not-found'
import { paths } from '~/lib/paths'
import { courseTitle, seo } from '~/lib/seo'
import { courseJsonLd, jsonLdMeta } from '~/lib/structured-data'
import type { Route } from './+types/course'
import { school } from '~/config/school'

export const meta = ({ params }: Route.MetaArgs) => {
  const course = findCourse(params.id)
  if (!course) {
    return seo({
      title: `Курс не найден — ${school.titleSuffix}`,
      description: 'Извините, запрашиваемый курс не существует или был удален.',
      noindex: true,
    })
  }
  return [
    ...seo({
      title: courseTitle(course.title),
      description: course.description,
      path: paths.course(course.id),
    }),
    jsonLdMeta(courseJsonLd(course)),
  ]
}

export default function CoursePage({ params }: Route.ComponentProps) {
  // The course list is built in and looked up synchronously, so there is no loading state
  // (and no spinner): the prerendered page already holds the found or not-found view.
  const course = findCourse(params.id)
  if (!course) return <CourseNotFound />
  return <CourseDetail course={course} />
}
