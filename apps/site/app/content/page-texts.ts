// The fixed pages' own words, from content/pages/ (docs/decisions/0071-page-texts.md): the build
// reads and checks the files once and bakes them in (scripts/content-plugin.ts); Node (the tests)
// reads them here.
import type { PageTexts, SearchPage } from '@it-lab/shared/content'
import { readPageTexts } from './content-files.ts'

const texts: PageTexts = typeof __PAGE_TEXTS__ === 'undefined' ? readPageTexts() : __PAGE_TEXTS__

/** The home page's first screen and section headings (content/pages/home.json). */
export const HOME_TEXTS = texts.home
/** The course page's section headings and price cards (content/pages/course.json). */
export const COURSE_TEXTS = texts.course
/** The catalogue's and the announcements' headings, the contact block (content/pages/other.json). */
export const OTHER_TEXTS = texts.other

/** A fixed page's title and description for search engines (content/pages/search.json). */
export function searchTexts(page: SearchPage): { title: string; description: string } {
  return texts.search[page]
}

/**
 * Russian typography for a large heading: a dash stays on the line of the word before it, and a
 * word of one or two letters («с», «до», «в») on the line of the word after it.
 */
export function bindShortWords(text: string): string {
  return text
    .replace(/ ([—–])/g, '\u00a0$1')
    .replace(/(?<=^|[\s\u00a0])(\p{L}{1,2}) /gu, '$1\u00a0')
}
