// The site's page paths, shared by the site (links, prerender list, sitemap) and the lead service
// (which accepts a lead's `page` only when it is one of them).
import { COURSE_CATALOGUE, HIDDEN_COURSES } from './courses.ts'
import { GROUPS } from './groups.ts'

export const paths = {
  home: '/',
  courses: '/courses',
  announcements: '/announcements',
  /** The school's timetable: only while there is a group (docs/decisions/0075). */
  schedule: '/schedule',
  course: (id: number | string) => `/course/${id}`,
  privacyPolicy: '/privacy-policy',
  personalDataPolicy: '/personal-data-policy',
  cookiePolicy: '/cookie',
  consent: '/consent',
  /**
   * «Сведения об образовательной организации», at its customary address; a page only when the
   * school's facts hold an education licence (the site adds it to its lists then).
   */
  information: '/sveden',
  /** Where the lead service sends a parent after a form posted without JavaScript. */
  leadSent: '/thanks',
  leadError: (reason: LeadErrorReason) => `/form-error/${reason}`,
} as const

/**
 * Why a form posted without JavaScript was not taken (docs/behaviour.md, "Lead forms"): the name,
 * the phone or both were invalid, or the service could not take it now. Each has its own
 * prerendered page, so the page says what was wrong without any data in its URL.
 */
export const LEAD_ERROR_REASONS = ['name', 'phone', 'name-phone', 'failed'] as const
export type LeadErrorReason = (typeof LEAD_ERROR_REASONS)[number]

/** The pages a posted form leads to: noindex, not in the sitemap. */
export const leadResultPaths = [paths.leadSent, ...LEAD_ERROR_REASONS.map(paths.leadError)]

/** The pages search engines should index: the sitemap lists exactly these. */
export const sitemapPaths = [
  paths.home,
  paths.courses,
  paths.announcements,
  ...(GROUPS.length > 0 ? [paths.schedule] : []),
  ...COURSE_CATALOGUE.map(({ id }) => paths.course(id)),
]

/** Legal texts, marked noindex. */
export const policyPaths = [
  paths.privacyPolicy,
  paths.personalDataPolicy,
  paths.cookiePolicy,
  paths.consent,
]

/** The pages of hidden courses: noindex, saying the course is not running now. */
export const hiddenCoursePaths = HIDDEN_COURSES.map(({ id }) => paths.course(id))

/** Every page the site has. */
export const prerenderPaths = [
  ...sitemapPaths,
  ...policyPaths,
  ...leadResultPaths,
  ...hiddenCoursePaths,
]

const COURSE_PATH = /^\/course\/([1-9][0-9]*)$/

/** The course a page path shows, e.g. `/course/4` → 4; undefined for other pages. */
export function courseIdOfPath(path: string): number | undefined {
  const match = COURSE_PATH.exec(path)
  const id = Number(match?.[1])
  return COURSE_CATALOGUE.some((course) => course.id === id) ? id : undefined
}
