// The fixed pages' own words, from content/pages/ (docs/decisions/0071-page-texts.md): the build
// reads and checks the files once and bakes them in (vite/content-plugin.ts); Node (the tests)
// reads them here. The home page's are in home-texts.ts, the search texts in each route.
import type { PageTexts } from '@it-lab/shared/content'
import { readPageTexts } from './content-files.ts'

const texts: Pick<PageTexts, 'course' | 'other'> =
  typeof __PAGE_TEXTS__ === 'undefined' ? readPageTexts() : __PAGE_TEXTS__

/** The course page's section headings and price cards (content/pages/course.json). */
export const COURSE_TEXTS = texts.course
/** The catalogue's and the announcements' banners, the contact block (content/pages/other.json). */
export const OTHER_TEXTS = texts.other
