// Every URL of the site in one place, so links and the prerender list cannot drift apart. The
// page paths live in @it-lab/shared (the lead service checks a lead's page against them).
// Imported by the build too (react-router.config.ts, scripts/).
import {
  courseIdOfPath,
  paths,
  prerenderPaths as sharedPrerenderPaths,
  sitemapPaths as sharedSitemapPaths,
} from '@it-lab/shared/catalogue'
import { checkedSchoolFacts } from './school.ts'

export { LEAD_ERROR_REASONS, leadResultPaths, paths, policyPaths } from '@it-lab/shared/catalogue'

/**
 * Whether the school has its «Сведения об образовательной организации» page: only with an
 * education licence in its facts (docs/decisions/0076-answers-reviews-way-licence.md).
 */
export const hasInformationPage = checkedSchoolFacts.licence !== undefined

const licensedPaths = hasInformationPage ? [paths.information] : []

/** The pages search engines should index: the sitemap lists exactly these. */
export const sitemapPaths = [...sharedSitemapPaths, ...licensedPaths]

/** Every page the site has. */
export const prerenderPaths = [...sharedPrerenderPaths, ...licensedPaths]
export type { LeadErrorReason } from '@it-lab/shared/catalogue'

export const anchors = {
  hero: 'hero',
  courses: 'courses',
  quiz: 'quiz',
  contact: 'contact',
  reviews: 'reviews',
  faq: 'faq',
  findUs: 'find-us',
} as const

/** Prerendered only to produce the documents the server sends with status 404. */
export const notFoundDocuments = {
  page: '/__not-found',
  course: '/course/__not-found',
} as const

/** Whether the page at `pathname` shows the contact block: the home page and every course page. */
export function pageHasContact(pathname: string): boolean {
  return pathname === paths.home || courseIdOfPath(pathname) !== undefined
}
