// The school's course catalogue (docs/behaviour.md, "Courses"): one file a course in
// content/courses/, written by the owner's editor at /admin (docs/decisions/0054-content-as-data.md).
// Shared by the site (pages, URLs, quiz) and the lead service (which checks a lead's course and
// names it in the chat), so neither app imports the other.
import { readCourses } from './content/read.ts'
import type { CourseFile } from './content/schema.ts'

export type { CourseLevelTone } from './content/schema.ts'

/** A course as the pages list it: its file without the programme (only its own page shows that). */
export type CourseEntry = Omit<CourseFile, 'skills' | 'plan'>

declare global {
  /** The catalogue as the site's build read it (vite.config.ts); undefined in plain Node. */
  const __COURSE_CATALOGUE__: readonly CourseEntry[] | undefined
}

/** Without the programme: what the site's bundles carry. */
export function catalogueEntry({
  skills: _skills,
  plan: _plan,
  ...entry
}: CourseFile): CourseEntry {
  return entry
}

export const COURSE_CATALOGUE: readonly CourseEntry[] =
  typeof __COURSE_CATALOGUE__ === 'undefined'
    ? readCourses().map(({ skills: _skills, plan: _plan, ...entry }) => entry)
    : __COURSE_CATALOGUE__

/** The course with this id, if the catalogue has one. */
export function courseEntry(id: number): CourseEntry | undefined {
  return COURSE_CATALOGUE.find((course) => course.id === id)
}
