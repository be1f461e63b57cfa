// What the site tells the lead service about where a lead came from (docs/behaviour.md, "Lead
// context"): the page, the course that page shows, and the quiz's suggestion in this visit.
import { courseIdOfPath, prerenderPaths, type LeadContext } from '@it-lab/shared'
import { findCourse } from '~/content/courses'
import { readStorage, writeStorage } from '~/lib/safe-storage'

/** sessionStorage key of the course the quiz suggested in this visit (docs/decisions/0041). */
export const QUIZ_SUGGESTION_KEY = 'quiz_suggested_course'

/** Remembers the quiz's suggestion for this visit; a storage failure only loses the hint. */
export function rememberQuizSuggestion(courseId: number): void {
  writeStorage(QUIZ_SUGGESTION_KEY, String(courseId), 'sessionStorage')
}

/**
 * The context of a lead sent now from `pathname`. Only values the service knows are sent (a
 * page the site has, a course in the catalogue), so a lead from a not-found page still goes
 * through, just without a page.
 */
export function leadContext(pathname: string): LeadContext {
  const page = prerenderPaths.includes(pathname) ? pathname : undefined
  const course = page === undefined ? undefined : courseIdOfPath(page)
  const quiz = findCourse(readStorage(QUIZ_SUGGESTION_KEY, 'sessionStorage') ?? '')?.id
  return {
    ...(course === undefined ? {} : { course }),
    ...(quiz === undefined ? {} : { quiz }),
    ...(page === undefined ? {} : { page }),
  }
}
