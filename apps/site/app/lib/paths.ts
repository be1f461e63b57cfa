// Every URL of the site in one place, so links and the prerender list cannot drift apart.
export const paths = {
  home: '/',
  courses: '/courses',
  course: (id: number | string) => `/course/${id}`,
  privacyPolicy: '/privacy-policy',
  personalDataPolicy: '/personal-data-policy',
  cookiePolicy: '/cookie',
} as const

export const anchors = {
  hero: 'hero',
  courses: 'courses',
  quiz: 'quiz',
  contact: 'contact',
} as const

export const COURSE_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const

/** Prerendered only to produce the documents the server sends with status 404. */
export const notFoundDocuments = {
  page: '/__not-found',
  course: '/course/__not-found',
} as const

export const prerenderPaths = [
  paths.home,
  paths.courses,
  ...COURSE_IDS.map((id) => paths.course(id)),
  paths.privacyPolicy,
  paths.personalDataPolicy,
  paths.cookiePolicy,
]
