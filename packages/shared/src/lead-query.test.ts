import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { COURSE_CATALOGUE } from './courses.ts'
import { HONEYPOT_PARAM, leadQueryString } from './lead.ts'
import { readLeadMeta } from './lead-query.ts'

const VERSION = '2025-09-01.0a1b2c3d'
/** A course a newer site may have and this catalogue not. */
const NEW_COURSE = Math.max(...COURSE_CATALOGUE.map(({ id }) => id)) + 1
/** Two courses of the catalogue, as a lead's course and the quiz's suggestion (0: none there). */
const [COURSE = 0, SUGGESTED = 0] = COURSE_CATALOGUE.map(({ id }) => id)

const KNOWN = { warnings: [], unknownParams: [] }
const NOTHING = { course: null, quiz: null, page: null, honeypot: '' }

function meta(input: Record<string, unknown>) {
  const result = readLeadMeta(input)
  if (!result.success) throw new Error(`refused: ${JSON.stringify(result.fields)}`)
  return result.meta
}

describe('readLeadMeta', () => {
  it.each([
    ['feedback', { form: 'feedback', consent: VERSION }, { form: 'feedback', consent: VERSION }],
    [
      'popup with empty honeypot',
      { form: 'trial_lesson_popup', consent: VERSION, website: '' },
      { form: 'trial_lesson_popup', consent: VERSION },
    ],
    ['no query at all', {}, { form: 'unknown', consent: 'unstated' }],
    ['form only', { form: 'feedback' }, { form: 'feedback', consent: 'unstated' }],
    ['consent only', { consent: VERSION }, { form: 'unknown', consent: VERSION }],
    [
      'a consent dated on a leap day',
      { consent: '2024-02-29.0a1b2c3d' },
      { consent: '2024-02-29.0a1b2c3d' },
    ],
    ['unknown param dropped', { form: 'feedback', utm: 'x' }, { form: 'feedback' }],
    [
      'a course page with a quiz suggestion',
      {
        form: 'feedback',
        course: String(COURSE),
        quiz: String(SUGGESTED),
        page: `/course/${COURSE}`,
      },
      { course: COURSE, quiz: SUGGESTED, page: `/course/${COURSE}` },
    ],
    ['the home page', { page: '/' }, { page: '/' }],
    // A form's hidden fields are empty when there is nothing to say.
    ['empty hidden fields', { course: '', quiz: '', page: '' }, NOTHING],
  ])('reads %s, with no warning', (_case, input, expected) => {
    expect(meta(input)).toMatchObject({ ...NOTHING, ...KNOWN, ...expected })
  })

  it.each([
    [
      'a course this service does not know',
      { course: String(NEW_COURSE), page: `/course/${NEW_COURSE}` },
      { course: NEW_COURSE, page: `/course/${NEW_COURSE}` },
      ['course', 'page'],
      [
        `Курса №${NEW_COURSE} нет в каталоге сервиса — обновите сервис`,
        `Страница «/course/${NEW_COURSE}» неизвестна сервису`,
      ],
    ],
    [
      'a quiz suggestion this service does not know',
      { quiz: String(NEW_COURSE) },
      { quiz: NEW_COURSE },
      ['quiz'],
      [`Курса №${NEW_COURSE} нет в каталоге сервиса — обновите сервис`],
    ],
    [
      'a new page',
      { page: '/blog' },
      { page: '/blog' },
      ['page'],
      ['Страница «/blog» неизвестна сервису'],
    ],
    [
      'a new form',
      { form: 'callback_widget' },
      { form: 'unknown' },
      ['form'],
      ['Форма «callback_widget» неизвестна сервису'],
    ],
    [
      'a course id written as 04',
      { course: '04' },
      { course: null },
      ['course'],
      ['Неверное значение «course» отброшено'],
    ],
    [
      'a full URL as the page',
      { page: 'https://example.com/' },
      { page: null },
      ['page'],
      ['Неверное значение «page» отброшено'],
    ],
    [
      'a page with markup',
      { page: '/<b>' },
      { page: null },
      ['page'],
      ['Неверное значение «page» отброшено'],
    ],
    [
      'a form given twice',
      { form: ['feedback', 'feedback'] },
      { form: 'unknown' },
      ['form'],
      ['Неверное значение «form» отброшено'],
    ],
  ])('keeps the lead with %s, and warns', (_case, input, expected, params, warnings) => {
    expect(meta(input)).toMatchObject({ ...expected, unknownParams: params, warnings })
  })

  it('echoes at most 40 characters of an unknown form, on one line', () => {
    const [warning] = meta({ form: `x\n${'y'.repeat(60)}` }).warnings
    expect(warning).toBe(`Форма «x${'y'.repeat(39)}…» неизвестна сервису`)
  })

  it.each([
    ['consent=false', { consent: 'false' }],
    ['old-style consent', { consent: '2025-01' }],
    ['consent with upper-case hex', { consent: '2025-09-01.0A1B2C3D' }],
    ['consent with a short hash', { consent: '2025-09-01.0a1b2c3' }],
    ['consent with markup', { consent: '<b>' }],
    ['consent given twice', { consent: [VERSION, VERSION] }],
    // The date must be one a calendar has.
    ['consent dated month 13, day 45', { consent: '2025-13-45.abcdef12' }],
    ['consent dated month 00', { consent: '2025-00-10.abcdef12' }],
    ['consent dated day 00', { consent: '2025-09-00.abcdef12' }],
    ['consent dated 30 February', { consent: '2025-02-30.abcdef12' }],
    ['consent dated 29 February of a common year', { consent: '2025-02-29.abcdef12' }],
    ['consent dated 31 April', { consent: '2025-04-31.abcdef12' }],
    ['consent dated year 0000', { consent: '0000-01-01.abcdef12' }],
    ['consent with a full-width digit', { consent: '２025-09-01.0a1b2c3d' }],
  ])('refuses %s: the site builds it, so a wrong one is no site of ours', (_case, input) => {
    expect(readLeadMeta(input).success).toBe(false)
  })

  it('takes a filled honeypot, even repeated, as filled', () => {
    expect(meta({ [HONEYPOT_PARAM]: 'http://spam' }).honeypot).toBe('http://spam')
    expect(meta({ [HONEYPOT_PARAM]: ['', 'x'] }).honeypot).not.toBe('')
  })

  it('leadQueryString builds what it reads, with or without a consent version', () => {
    expect(leadQueryString('feedback')).toBe(`form=feedback&${HONEYPOT_PARAM}=`)
    const query = leadQueryString('trial_lesson_popup', '', VERSION, {
      course: COURSE,
      quiz: SUGGESTED,
      page: `/course/${COURSE}`,
    })
    expect(query).toBe(
      `form=trial_lesson_popup&consent=${VERSION}&course=${COURSE}&quiz=${SUGGESTED}&page=%2Fcourse%2F${COURSE}&${HONEYPOT_PARAM}=`,
    )
    expect(meta(Object.fromEntries(new URLSearchParams(query)))).toMatchObject({
      form: 'trial_lesson_popup',
      consent: VERSION,
      course: COURSE,
      quiz: SUGGESTED,
      page: `/course/${COURSE}`,
      ...KNOWN,
    })
  })
})

describe('a course the owner hid', () => {
  it('is named as hidden, not as unknown to the service, and the lead is kept', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'lead-query-'))
    try {
      const dir = path.join(root, 'content')
      cpSync(path.join(import.meta.dirname, '../../../content'), dir, { recursive: true })
      const file = path.join(dir, 'courses', `${COURSE}.json`)
      const course = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
      writeFileSync(file, JSON.stringify({ ...course, hidden: true }))
      vi.stubEnv('CONTENT_DIR', dir)
      vi.resetModules()
      const { readLeadMeta: readWithHidden } = await import('./lead-query.ts')
      const result = readWithHidden({ quiz: String(COURSE), page: `/course/${COURSE}` })
      // The page still exists (it says the course is not running), so only the course is warned.
      expect(result).toMatchObject({
        success: true,
        meta: {
          quiz: COURSE,
          page: `/course/${COURSE}`,
          unknownParams: ['quiz'],
          warnings: [`Курс №${COURSE} скрыт с сайта`],
        },
      })
    } finally {
      vi.unstubAllEnvs()
      rmSync(root, { recursive: true, force: true })
    }
  })
})
