// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { paths } from '#app/config/paths.ts'
import { courses } from '#app/content/courses.ts'
import { QUIZ_SUGGESTION_KEY, leadContext, rememberQuizSuggestion } from './lead-context'

const ids = courses.map((course) => course.id)
/** A course of the catalogue, and an id none of its courses has. */
const id = Math.min(...ids)
const unknownId = Math.max(...ids) + 1

afterEach(() => {
  vi.restoreAllMocks()
  window.sessionStorage.clear()
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
