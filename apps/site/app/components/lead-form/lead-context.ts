// What the site tells the lead service about where a lead came from (docs/behaviour.md, "Lead
// context"): the page, the course that page shows, and the quiz's suggestion in this visit.
import { courseIdOfPath, prerenderPaths, type LeadContext } from '@it-lab/shared'
import { STORAGE_KEYS } from '#app/config/browser-storage.ts'
import { findCourse } from '#app/content/courses.ts'
import { readStorage, writeStorage } from '#app/lib/safe-storage.ts'

/** sessionStorage key of the course the quiz suggested in this visit (docs/decisions/0041). */
export const QUIZ_SUGGESTION_KEY = STORAGE_KEYS.quizSuggestion

/** Remembers the quiz's suggestion for this visit; a storage failure only loses the hint. */
export function rememberQuizSuggestion(courseId: number): void {
  writeStorage(QUIZ_SUGGESTION_KEY, String(courseId), 'sessionStorage')
}

/** The course the quiz suggested in this visit, if any. */
export function rememberedQuizSuggestion(): number | undefined {
  return findCourse(readStorage(QUIZ_SUGGESTION_KEY, 'sessionStorage') ?? '')?.id
}

/**
 * The page part of a lead's context: only the site's own pages and the catalogue's courses are
 * named, so a lead from a not-found page goes without a page. Pure, so the prerendered form can
 * carry it in hidden fields.
 */
export function pageContext(pathname: string): Pick<LeadContext, 'course' | 'page'> {
  const page = prerenderPaths.includes(pathname) ? pathname : undefined
  const course = page === undefined ? undefined : courseIdOfPath(page)
  return {
    ...(course === undefined ? {} : { course }),
    ...(page === undefined ? {} : { page }),
  }
}

/** The context of a lead sent now from `pathname`: its page and the quiz's suggestion. */
export function leadContext(pathname: string): LeadContext {
  const quiz = rememberedQuizSuggestion()
  const { course, page } = pageContext(pathname)
  return {
    ...(course === undefined ? {} : { course }),
    ...(quiz === undefined ? {} : { quiz }),
    ...(page === undefined ? {} : { page }),
  }
}
