// The school's course catalogue (docs/behaviour.md, "Courses"): one file a course in
// content/courses/, written by the owner's editor at /admin (docs/decisions/0054-content-as-data.md).
// Shared by the site (pages, URLs, quiz) and the lead service (which checks a lead's course and
// names it in the chat), so neither app imports the other. A hidden course is not in the catalogue
// at all: only its old address knows it (docs/decisions/0069-hidden-courses-quiz-data.md).
import { readCourses } from './content/read.ts'
import {
  catalogueEntry,
  type CourseEntry,
  type CourseFile,
  type HiddenCourse,
} from './content/schema.ts'

export type { CourseEntry, CourseLevelTone, HiddenCourse } from './content/schema.ts'

declare global {
  /** The catalogue as the site's build read it (vite.config.ts); undefined in plain Node. */
  const __COURSE_CATALOGUE__: readonly CourseEntry[] | undefined
  /** The hidden courses as the site's build read them; undefined in plain Node. */
  const __HIDDEN_COURSES__: readonly HiddenCourse[] | undefined
}

let files: CourseFile[] | undefined
/** The course files, read once (plain Node only: the site's bundles get what the build read). */
const courseFiles = () => (files ??= readCourses())

/** The courses the site shows, in id order: every course file not marked hidden. */
export const COURSE_CATALOGUE: readonly CourseEntry[] =
  typeof __COURSE_CATALOGUE__ === 'undefined'
    ? courseFiles()
        .filter((course) => !course.hidden)
        .map(catalogueEntry)
    : __COURSE_CATALOGUE__

/** The courses marked hidden: their pages say they are not running now, and nothing links them. */
export const HIDDEN_COURSES: readonly HiddenCourse[] =
  typeof __HIDDEN_COURSES__ === 'undefined'
    ? courseFiles()
        .filter((course) => course.hidden)
        .map(({ id, title }) => ({ id, title }))
    : __HIDDEN_COURSES__

/** The course with this id, if the catalogue has one. */
export function courseEntry(id: number): CourseEntry | undefined {
  return COURSE_CATALOGUE.find((course) => course.id === id)
}
