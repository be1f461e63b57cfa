// Every URL of the site in one place, so links and the prerender list cannot drift apart. The
// page paths live in @it-lab/shared (the lead service checks a lead's page against them).
// Imported by the build too (react-router.config.ts, scripts/).
import { courseIdOfPath, paths } from '@it-lab/shared/catalogue'

export {
  LEAD_ERROR_REASONS,
  leadResultPaths,
  paths,
  policyPaths,
  prerenderPaths,
  sitemapPaths,
} from '@it-lab/shared/catalogue'
export type { LeadErrorReason } from '@it-lab/shared/catalogue'

export const anchors = {
  hero: 'hero',
  courses: 'courses',
  quiz: 'quiz',
  contact: 'contact',
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
