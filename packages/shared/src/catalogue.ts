// The course catalogue and the site's pages, without the lead schema (and zod): what the site's
// build scripts and pages import.
export { COURSE_CATALOGUE, HIDDEN_COURSES, courseEntry } from './courses.ts'
export type { CourseEntry, CourseLevelTone, HiddenCourse } from './courses.ts'
export { SAMPLE_BADGE, WEEKDAY_NAMES, WEEKDAY_SHORT, WEEKDAYS } from './content/schema.ts'
export type { Weekday } from './content/schema.ts'
export { QUIZ_ANSWER_IDS, QUIZ_TRAIT_IDS } from './content/quiz.ts'
export type { QuizTraitId } from './content/quiz.ts'
export {
  LEAD_ERROR_REASONS,
  courseIdOfPath,
  hiddenCoursePaths,
  leadResultPaths,
  paths,
  policyPaths,
  prerenderPaths,
  sitemapPaths,
} from './site-paths.ts'
export type { LeadErrorReason } from './site-paths.ts'
export { GROUPS, OTHER_TIME, courseGroups, groupEntry, groupTimeText } from './groups.ts'
export type { GroupEntry } from './groups.ts'
