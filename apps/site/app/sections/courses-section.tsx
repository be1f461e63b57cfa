import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClass } from '#app/components/button-styles.ts'
import { SectionHeading } from '#app/components/section-heading.tsx'
import { mainPageCourses, type Course } from '#app/content/courses.ts'
import { CourseGrid } from '#app/features/course/course-grid.tsx'
import { anchors, paths } from '#app/config/paths.ts'
import { HOME_TEXTS } from '#app/content/home-texts.ts'

/** The home page's course grid (anchor `courses`): the `onMainPage` courses; hidden when there are none. */
export function CoursesSection({ courses = mainPageCourses }: { courses?: readonly Course[] }) {
  if (courses.length === 0) return null
  return (
    <section id={anchors.courses} aria-labelledby="courses-heading" className="py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="courses-heading" {...HOME_TEXTS.courses} />
        <div className="mt-10">
          <CourseGrid courses={courses} headingLevel={3} />
        </div>
        <div className="mt-10 flex justify-center">
          <Link to={paths.courses} className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}>
            Ещё курсы
            <ArrowRight aria-hidden="true" className="size-5" />
          </Link>
        </div>
      </div>
    </section>
  )
}
