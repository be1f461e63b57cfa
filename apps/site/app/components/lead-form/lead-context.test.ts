// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { paths } from '#app/config/paths.ts'
import { courses } from '#app/content/courses.ts'
import {
  QUIZ_PROMO_KEY,
  QUIZ_SUGGESTION_KEY,
  leadContext,
  rememberQuizPromo,
  rememberQuizSuggestion,
  rememberedQuizPromo,
} from './lead-context'

const ids = courses.map((course) => course.id)
/** A course of the catalogue, and an id none of its courses has. */
const id = Math.min(...ids)
const unknownId = Math.max(...ids) + 1

afterEach(() => {
  vi.restoreAllMocks()
  window.sessionStorage.clear()
  window.localStorage.clear()
})

describe('leadContext', () => {
  it.each([
    [paths.course(id), { course: id, page: paths.course(id) }],
    ['/', { page: '/' }],
    ['/courses', { page: '/courses' }],
    // Pages the service would refuse are left out, so the lead still goes through.
    [paths.course(unknownId), {}],
    ['/courses/', {}],
    ['/no-such-page', {}],
  ])('from %s', (pathname, expected) => {
    expect(leadContext(pathname)).toEqual(expected)
  })

  it('adds the quiz suggestion remembered in this visit', () => {
    rememberQuizSuggestion(id)
    expect(window.sessionStorage.getItem(QUIZ_SUGGESTION_KEY)).toBe(String(id))
    expect(leadContext('/')).toEqual({ quiz: id, page: '/' })
  })

  it('ignores a stored value that is not a course', () => {
    window.sessionStorage.setItem(QUIZ_SUGGESTION_KEY, String(unknownId))
    expect(leadContext('/')).toEqual({ page: '/' })
  })

  it('works on when storage throws: no suggestion, no error', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError')
    })
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    expect(() => rememberQuizSuggestion(id)).not.toThrow()
    expect(leadContext(paths.course(id))).toEqual({ course: id, page: paths.course(id) })
  })
})

describe('the quiz’s promo code (docs/decisions/0088)', () => {
  const DAY = 86_400_000
  const given = Date.parse('2026-03-12T06:00:00Z')

  it('is kept with the school’s day it was given, in localStorage, for the code’s term', () => {
    rememberQuizPromo('ТЕСТ-10', 30, given)
    expect(JSON.parse(window.localStorage.getItem(QUIZ_PROMO_KEY) ?? '')).toEqual({
      code: 'ТЕСТ-10',
      given: '2026-03-12',
      until: given + 30 * DAY,
    })
    expect(rememberedQuizPromo(given + 29 * DAY)).toEqual({
      promoCode: 'ТЕСТ-10',
      promoDate: '2026-03-12',
    })
  })

  it('keeps its first day when the quiz gives the same code again; a new code starts afresh', () => {
    rememberQuizPromo('ТЕСТ-10', 30, given)
    rememberQuizPromo('ТЕСТ-10', 30, given + 5 * DAY)
    expect(rememberedQuizPromo(given + 6 * DAY)?.promoDate).toBe('2026-03-12')
    rememberQuizPromo('ВЕСНА-15', 30, given + 6 * DAY)
    expect(rememberedQuizPromo(given + 6 * DAY)).toEqual({
      promoCode: 'ВЕСНА-15',
      promoDate: '2026-03-18',
    })
  })

  it('is forgotten once its term is over, and when the record is not one', () => {
    rememberQuizPromo('ТЕСТ-10', 30, given)
    expect(rememberedQuizPromo(given + 30 * DAY)).toBeUndefined()
    expect(window.localStorage.getItem(QUIZ_PROMO_KEY)).toBeNull()
    for (const raw of ['{', 'null', '{"code":"X","given":"2026-02-30","until":1e15}']) {
      window.localStorage.setItem(QUIZ_PROMO_KEY, raw)
      expect(rememberedQuizPromo(given)).toBeUndefined()
      expect(window.localStorage.getItem(QUIZ_PROMO_KEY)).toBeNull()
    }
  })

  it('works on when storage throws: no code, no error', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError')
    })
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    expect(() => rememberQuizPromo('ТЕСТ-10', 30, given)).not.toThrow()
    expect(rememberedQuizPromo(given)).toBeUndefined()
  })
})
