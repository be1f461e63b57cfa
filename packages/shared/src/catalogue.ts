// The course catalogue and the site's pages, without the lead schema (and zod): what the site's
// build scripts and pages import.
export { COURSE_CATALOGUE, courseEntry } from './courses.ts'
export type { CourseEntry, CourseLevelTone } from './courses.ts'
export {
  LEAD_ERROR_REASONS,
  courseIdOfPath,
  leadResultPaths,
  paths,
  policyPaths,
  prerenderPaths,
  sitemapPaths,
} from './site-paths.ts'
export type { LeadErrorReason } from './site-paths.ts'
