import type { Course } from '#app/content/courses.ts'
import { CourseCard } from './course-card'

type CourseGridProps = {
  courses: readonly Course[]
  headingLevel?: 2 | 3
  /** How many of the first cards load their image eagerly (those on the first screen). */
  eagerImages?: number
}

/** Course cards in 1, 2 or 3 columns by width. */
export function CourseGrid({ courses, headingLevel, eagerImages = 0 }: CourseGridProps) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {courses.map((course, index) => (
        // Rendered only as it nears the viewport, so the first paint lays out only the cards it
        // shows (docs/performance.md, "Render when near").
        <li key={course.id} className="render-when-near">
          <CourseCard
            course={course}
            headingLevel={headingLevel}
            eagerImage={index < eagerImages}
            priorityImage={index === 0 && eagerImages > 0}
          />
        </li>
      ))}
    </ul>
  )
}
