// The school's course catalogue (docs/behaviour.md, "Courses"): one file a course in
// content/courses/, written by the owner's editor at /admin (docs/decisions/0054-content-as-data.md).
// Shared by the site (pages, URLs, quiz) and the lead service (which checks a lead's course and
// names it in the chat), so neither app imports the other.
import { readCourses } from './content/read.ts'
import { catalogueEntry, type CourseEntry } from './content/schema.ts'

export type { CourseEntry, CourseLevelTone } from './content/schema.ts'

declare global {
  /** The catalogue as the site's build read it (vite.config.ts); undefined in plain Node. */
  const __COURSE_CATALOGUE__: readonly CourseEntry[] | undefined
}

export const COURSE_CATALOGUE: readonly CourseEntry[] =
  typeof __COURSE_CATALOGUE__ === 'undefined'
    ? readCourses().map(catalogueEntry)
    : __COURSE_CATALOGUE__

/** The course with this id, if the catalogue has one. */
export function courseEntry(id: number): CourseEntry | undefined {
  return COURSE_CATALOGUE.find((course) => course.id === id)
}
