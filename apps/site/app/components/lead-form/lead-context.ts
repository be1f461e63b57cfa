// What the site tells the lead service about where a lead came from (docs/behaviour.md, "Lead
// context"): the page, the course that page shows, and the quiz's suggestion in this visit; and
// the quiz's promo code with the day it was given, which goes in the lead's body.
import { courseIdOfPath, isCalendarDay, prerenderPaths, type LeadContext } from '@it-lab/shared'
import { SCHOOL_TIME_ZONE } from '@it-lab/shared/school-time'
import { STORAGE_KEYS } from '#app/config/browser-storage.ts'
import { findCourse } from '#app/content/courses.ts'
import { readStorage, removeStorage, writeStorage } from '#app/lib/safe-storage.ts'

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

/** localStorage key of the quiz's promo code this browser was given (docs/decisions/0088). */
export const QUIZ_PROMO_KEY = STORAGE_KEYS.quizPromo

const DAY_MS = 86_400_000

/** The quiz's promo code and the school day it was given (YYYY-MM-DD), as a lead carries them. */
export type QuizPromo = { promoCode: string; promoDate: string }

type StoredPromo = { code: string; given: string; until: number }

function storedPromo(now: number): StoredPromo | undefined {
  const raw = readStorage(QUIZ_PROMO_KEY)
  if (!raw) return undefined
  try {
    const value = JSON.parse(raw) as Partial<StoredPromo> | null
    if (
      typeof value?.code === 'string' &&
      typeof value.given === 'string' &&
      isCalendarDay(value.given) &&
      typeof value.until === 'number' &&
      now < value.until
    ) {
      return { code: value.code, given: value.given, until: value.until }
    }
  } catch {
    // Not ours, or broken: forgotten below.
  }
  // Past its term, or not a record at all: nothing to send, nothing to keep.
  removeStorage(QUIZ_PROMO_KEY)
  return undefined
}

/**
 * Remembers that the quiz gave this browser `code` today (the school's day), for the code's term
 * of `validDays`. A code already given and still valid keeps its first day: taking the quiz again
 * does not make it newer. A storage failure only loses the note.
 */
export function rememberQuizPromo(code: string, validDays: number, now = Date.now()): void {
  const earlier = storedPromo(now)
  if (earlier?.code === code) return
  const given = new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_TIME_ZONE }).format(now)
  const record: StoredPromo = { code, given, until: now + validDays * DAY_MS }
  writeStorage(QUIZ_PROMO_KEY, JSON.stringify(record))
}

/** The quiz's promo code given to this browser and still within its term, if any. */
export function rememberedQuizPromo(now = Date.now()): QuizPromo | undefined {
  const promo = storedPromo(now)
  return promo && { promoCode: promo.code, promoDate: promo.given }
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
