// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { QUIZ_SUGGESTION_KEY, leadContext, rememberQuizSuggestion } from './lead-context'

afterEach(() => {
  vi.restoreAllMocks()
  window.sessionStorage.clear()
})

describe('leadContext', () => {
  it.each([
    ['/course/4', { course: 4, page: '/course/4' }],
    ['/', { page: '/' }],
    ['/courses', { page: '/courses' }],
    // Pages the service would refuse are left out, so the lead still goes through.
    ['/course/99', {}],
    ['/courses/', {}],
    ['/no-such-page', {}],
  ])('from %s', (pathname, expected) => {
    expect(leadContext(pathname)).toEqual(expected)
  })

  it('adds the quiz suggestion remembered in this visit', () => {
    rememberQuizSuggestion(6)
    expect(window.sessionStorage.getItem(QUIZ_SUGGESTION_KEY)).toBe('6')
    expect(leadContext('/')).toEqual({ quiz: 6, page: '/' })
  })

  it('ignores a stored value that is not a course', () => {
    window.sessionStorage.setItem(QUIZ_SUGGESTION_KEY, '99')
    expect(leadContext('/')).toEqual({ page: '/' })
  })

  it('works on when storage throws: no suggestion, no error', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError')
    })
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    expect(() => rememberQuizSuggestion(4)).not.toThrow()
    expect(leadContext('/course/4')).toEqual({ course: 4, page: '/course/4' })
  })
})
