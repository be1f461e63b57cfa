import { describe, expect, it } from 'vitest'
import { HONEYPOT_PARAM, leadQueryString } from './lead.ts'
import { leadQuerySchema } from './lead-query.ts'

const VERSION = '2025-09-01.0a1b2c3d'

describe('leadQuerySchema', () => {
  it.each([
    ['feedback', { form: 'feedback', consent: VERSION }, { form: 'feedback', consent: VERSION }],
    [
      'popup with empty honeypot',
      { form: 'trial_lesson_popup', consent: VERSION, website: '' },
      { form: 'trial_lesson_popup', consent: VERSION, website: '' },
    ],
    ['no query at all', {}, { form: 'unknown', consent: 'unstated' }],
    ['form only', { form: 'feedback' }, { form: 'feedback', consent: 'unstated' }],
    ['consent only', { consent: VERSION }, { form: 'unknown', consent: VERSION }],
    [
      'unknown param dropped',
      { form: 'feedback', utm: 'x' },
      { form: 'feedback', consent: 'unstated' },
    ],
    [
      'a course page with a quiz suggestion',
      { form: 'feedback', course: '4', quiz: '6', page: '/course/4' },
      { form: 'feedback', consent: 'unstated', course: 4, quiz: 6, page: '/course/4' },
    ],
    ['the home page', { page: '/' }, { form: 'unknown', consent: 'unstated', page: '/' }],
  ])('accepts %s', (_case, input, expected) => {
    expect(leadQuerySchema.parse(input)).toEqual(expected)
  })

  it.each([
    ['unknown form', { form: 'other' }],
    ['empty form', { form: '' }],
    ['consent=false', { consent: 'false' }],
    ['old-style consent', { consent: '2025-01' }],
    ['consent with upper-case hex', { consent: '2025-09-01.0A1B2C3D' }],
    ['consent with a short hash', { consent: '2025-09-01.0a1b2c3' }],
    ['empty consent', { consent: '' }],
    ['consent with markup', { consent: '<b>' }],
    ['form given twice', { form: ['feedback', 'feedback'] }],
    ['a course not in the catalogue', { course: '99' }],
    ['a course id written as 04', { course: '04' }],
    ['an empty course', { course: '' }],
    ['a quiz suggestion not in the catalogue', { quiz: '0' }],
    ['a page the site does not have', { page: '/admin' }],
    ['a page with a trailing slash', { page: '/courses/' }],
    ['a full URL as the page', { page: 'https://example.com/' }],
  ])('refuses %s', (_case, input) => {
    expect(leadQuerySchema.safeParse(input).success).toBe(false)
  })

  it('leadQueryString builds what the schema accepts, with or without a consent version', () => {
    expect(leadQueryString('feedback')).toBe(`form=feedback&${HONEYPOT_PARAM}=`)
    const query = leadQueryString('trial_lesson_popup', '', VERSION)
    expect(query).toBe(`form=trial_lesson_popup&consent=${VERSION}&${HONEYPOT_PARAM}=`)
    const parsed = leadQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)))
    expect(parsed).toEqual({ form: 'trial_lesson_popup', consent: VERSION, website: '' })
  })

  it('leadQueryString adds the context it is given, and the schema reads it back', () => {
    const query = leadQueryString('feedback', '', undefined, { course: 4, page: '/course/4' })
    expect(query).toBe(`form=feedback&course=4&page=%2Fcourse%2F4&${HONEYPOT_PARAM}=`)
    const parsed = leadQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)))
    expect(parsed).toMatchObject({ course: 4, page: '/course/4' })
    expect(leadQueryString('feedback', '', VERSION, { quiz: 2 })).toBe(
      `form=feedback&consent=${VERSION}&quiz=2&${HONEYPOT_PARAM}=`,
    )
  })
})
