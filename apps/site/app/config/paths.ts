// Every URL of the site in one place, so links and the prerender list cannot drift apart.
// Imported by the build too (react-router.config.ts, scripts/), hence the relative import.
import { courses } from '../content/courses.ts'

export const paths = {
  home: '/',
  courses: '/courses',
  course: (id: number | string) => `/course/${id}`,
  privacyPolicy: '/privacy-policy',
  personalDataPolicy: '/personal-data-policy',
  cookiePolicy: '/cookie',
  consent: '/consent',
} as const

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

/** The pages search engines should index: the sitemap lists exactly these. */
export const sitemapPaths = [
  paths.home,
  paths.courses,
  ...courses.map(({ id }) => paths.course(id)),
]

/** Legal texts, marked noindex. */
export const policyPaths = [
  paths.privacyPolicy,
  paths.personalDataPolicy,
  paths.cookiePolicy,
  paths.consent,
]

export const prerenderPaths = [...sitemapPaths, ...policyPaths]
