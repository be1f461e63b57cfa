import { describe, expect, it, vi } from 'vitest'
import type { LeadRow } from '../src/store/rows.ts'
import {
  breakdownReport,
  formatBreakdownCsv,
  formatBreakdownTable,
  formatCsv,
  formatReportCsv,
  formatReportTable,
  formatTable,
  monthlyReport,
} from './report.ts'
import type { BreakdownLead, ReportLead } from './report.ts'
import type { DeskStatus } from '../src/desk-statuses.ts'
import { GROUPS, OTHER_TIME, groupTimeText } from '@it-lab/shared'
import { UNKNOWN_COURSE, courseTitle } from '../harness/sample-leads.ts'

vi.mock(import('@it-lab/shared'), async (importOriginal) => {
  const { withMadeUpGroup } = await import('../test/helpers.ts')
  return withMadeUpGroup(await importOriginal())
})

const row: LeadRow = {
  id: 7,
  uid: 'a3c1f0de-5b1e-4d55-9a4c-2f0e6b1d7e90',
  receivedAt: '2025-01-15T10:05:00.000Z',
  name: 'Анна',
  phone: '+7 (912) 345-67-89',
  form: 'feedback',
  consentVersion: '2025-09-01.0a1b2c3d',
  status: 'sent',
  attempts: 1,
  nextAttemptAt: 0,
  lastError: null,
  inFlight: false,
  mayRepeat: false,
  sentAt: '2025-01-15T10:05:01.000Z',
  telegramMessageId: 3,
  course: 4,
  quiz: null,
  page: '/course/4',
  group: null,
  childAge: null,
  promoCode: null,
  promoDate: null,
  trialAt: null,
  metaWarning: null,
  source: {},
  desk: { status: 'called', at: '2025-01-15T11:00:00.000Z', by: 'Ольга (@olga)' },
  deskStatusId: 1,
  deskShownId: 1,
  remindedAt: null,
}

const TOUCH_HEADER = (prefix: string) =>
  [
    'Метка utm_source',
    'Метка utm_medium',
    'Метка utm_campaign',
    'Метка utm_content',
    'Метка utm_term',
    'Клик в Директе (yclid)',
    'Клик в Google (gclid)',
    'Переход с сайта',
    'Страница входа',
  ]
    .map((title) => prefix + title)
    .join(';')

const HEADER =
  '№;Получена;Имя;Телефон;Форма;Курс;Тест подсказал;Группа;Пробное при записи;Пробное;Запись на пробное;' +
  'Возраст ребёнка;' +
  'Промокод из теста;Промокод выдан;Страница;Источник;' +
  `${TOUCH_HEADER('')};${TOUCH_HEADER('Первый визит: ')};ClientID Метрики;Статус;Статус отмечен;` +
  'Кто отметил;Доставка в Telegram;Попыток отправки;Отправлена;Последняя ошибка;Версия согласия'
/** The source's cells of a lead without one. */
const NO_SOURCE_CELLS = ';'.repeat(20)

describe('formatCsv', () => {
  it('writes a BOM, Russian headers, school time, names of courses and statuses, CRLF rows', () => {
    expect(formatCsv([row])).toBe(
      `\uFEFF${HEADER}\r\n7;15.01.2025 14:05;Анна;+7 (912) 345-67-89;Форма обратной связи;` +
        `${courseTitle(4)};;;;;;;;;/course/4;${NO_SOURCE_CELLS}Позвонили;15.01.2025 15:00;Ольга (@olga);` +
        `отправлена;1;15.01.2025 14:05;;2025-09-01.0a1b2c3d\r\n`,
    )
  })

  it('writes where the lead came from: its words, the tags of both visits, the ClientID', () => {
    const source = {
      visit: { utm_source: 'yandex', utm_medium: 'cpc', utm_campaign: 'zima-2027', landing: '/' },
      first: { referrer: 'vk.com', landing: '/course/4' },
      client_id: '1732000000123456789',
    }
    const [, line] = formatCsv([{ ...row, source }]).split('\r\n')
    expect(line).toContain(
      ';/course/4;yandex / cpc / zima-2027;yandex;cpc;zima-2027;;;;;;/;;;;;;;;vk.com;/course/4;' +
        '1732000000123456789;Позвонили;',
    )
  })

  it('names a course the catalogue lacks by its number, the quiz too; a failure in Russian', () => {
    const lead = {
      ...row,
      form: 'trial_lesson_popup',
      course: UNKNOWN_COURSE,
      quiz: 1,
      status: 'failed' as const,
      lastError: 'HTTP 400 Bad Request: chat not found',
      sentAt: null,
      desk: null,
    }
    expect(formatCsv([lead], { bom: false }).split('\r\n')[1]).toBe(
      `7;15.01.2025 14:05;Анна;+7 (912) 345-67-89;Окно «Бесплатный пробный урок»;курс №${UNKNOWN_COURSE};` +
        `${courseTitle(1)};;;;;;;;/course/4;${NO_SOURCE_CELLS};;;ошибка;1;;HTTP 400 Bad Request: chat not found;` +
        '2025-09-01.0a1b2c3d',
    )
  })

  it('names the chosen group by its course, days and time, or «другое время»', () => {
    const [group] = GROUPS
    if (!group) throw new Error('the test gives the first course a group')
    const cells = (value: string) => formatCsv([{ ...row, group: value }], { bom: false })
    expect(cells(group.id)).toContain(
      // The comma makes a quoted cell (Excel may split on either delimiter).
      `;${courseTitle(4)};;"${courseTitle(group.course)}, ${groupTimeText(group)}";;;;;;;/course/4;`,
    )
    expect(cells(OTHER_TIME)).toContain(';другое время;;;;;;;/course/4;')
  })

  it('writes the lesson the parent chose for her trial beside the group, as the chat says it', () => {
    const lead = { ...row, group: OTHER_TIME, trialAt: '2026-12-05T10:00' }
    expect(formatCsv([lead], { bom: false })).toContain(
      ';другое время;"сб 5 декабря, 10:00";;;;;;/course/4;',
    )
  })

  it('writes the child’s age, the quiz’s promo code and the day it was given, when the lead has them', () => {
    const lead = { ...row, childAge: 9, promoCode: 'ТЕСТ-10', promoDate: '2025-01-12' }
    expect(formatCsv([lead], { bom: false })).toContain(
      `;${courseTitle(4)};;;;;;9;ТЕСТ-10;12.01.2025;/course/4;`,
    )
    // A code without its day (an older site's) is still written.
    expect(formatCsv([{ ...row, promoCode: 'ТЕСТ-10' }], { bom: false })).toContain(
      ';;ТЕСТ-10;;/course/4;',
    )
  })

  it('writes her trial as it stands: its lesson, or the call to agree one, and her place', () => {
    const cells = (heldTrial: LeadRow['heldTrial']) =>
      formatCsv([{ ...row, childAge: 9, heldTrial }], { bom: false }).split('\r\n')[1]
    expect(cells({ at: '2026-12-05T10:00', state: 'booked' })).toContain(
      ';;"сб 5 декабря, 10:00";записан;9;;;/course/4;',
    )
    expect(cells({ at: null, state: 'booked' })).toContain(';;время по телефону;записан;9;;')
    expect(cells({ at: '2026-12-05T10:00', state: 'cancelled' })).toContain(
      ';;"сб 5 декабря, 10:00";отменено родителем;9;;',
    )
    expect(cells(null)).toContain(`${courseTitle(4)};;;;;;9;;;/course/4;`)
  })

  it('still neutralises a phone cell that is not a well-formed phone', () => {
    const line = formatCsv([{ ...row, phone: '+1+HYPERLINK("x")' }], { bom: false })
    expect(line.split('\r\n')[1]).toContain(`;"'+1+HYPERLINK(""x"")";`)
  })

  it.each([
    ['comma', 'Иванов, Иван', '"Иванов, Иван"'],
    ['quote', 'Анна "Ани"', '"Анна ""Ани"""'],
    ['line break', 'А\nБ', '"А\nБ"'],
    ['formula', '=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['at sign', '@cmd', "'@cmd"],
    ['minus', '-1', "'-1"],
    ['tab', '\t=1', "'\t=1"],
    ['carriage return', '\r=1', `"'\r=1"`],
    ['semicolon formula', 'a;=1+1;', '"a;=1+1;"'],
    ['plain', 'Анна', 'Анна'],
  ])('quotes a name with a %s', (_case, name, cell) => {
    const line = formatCsv([{ ...row, name }], { bom: false }).split('\r\n')[1] ?? ''
    expect(line.startsWith(`7;15.01.2025 14:05;${cell};`)).toBe(true)
  })

  it('strips control characters and bidi overrides; a presser shows at most 64 characters', () => {
    const lead = {
      ...row,
      name: 'Ан\u001b[31mна\u202e\u0085',
      status: 'failed' as const,
      lastError: 'HTTP 400\u0007 Bad',
      desk: {
        status: 'called' as const,
        at: '2025-01-15T11:00:00.000Z',
        by: `\u2066Ольга\u0000${'я'.repeat(80)}`,
      },
    }
    const cells = (formatCsv([lead], { bom: false }).split('\r\n')[1] ?? '').split(';')
    expect(cells[2]).toBe('Ан[31mна')
    expect(cells[37]).toBe(`Ольга${'я'.repeat(59)}`)
    expect(cells[41]).toBe('HTTP 400 Bad')
    const table = formatTable([lead])
    expect(table.split('\n').filter((line) => /[\p{Cc}\u202e\u2066]/u.test(line))).toEqual([])
    expect(table).toContain(`Ан[31mна  `)
    expect(table).toContain(`Позвонили · Ольга${'я'.repeat(59)} · `)
    expect(table).toContain('HTTP 400 Bad')
  })

  it('takes another delimiter and quotes cells that contain it', () => {
    const csv = formatCsv([{ ...row, name: 'А|Б' }], { delimiter: '|', bom: false })
    expect(csv.split('\r\n')[0]).toBe(HEADER.replaceAll(';', '|'))
    expect(csv.split('\r\n')[1]).toMatch(/^7\|15\.01\.2025 14:05\|"А\|Б"\|/)
  })

  it('quotes a comma and a semicolon whatever the delimiter: Excel may split on either', () => {
    const csv = formatCsv([{ ...row, name: 'А;Б,В' }], { delimiter: ',', bom: false })
    expect(csv.split('\r\n')[1]).toMatch(/^7,15\.01\.2025 14:05,"А;Б,В",/)
  })

  it('writes only the header for no leads', () => {
    expect(formatCsv([], { bom: false })).toBe(`${HEADER}\r\n`)
  })
})

describe('formatTable', () => {
  it('lines up columns and shows local time and delivery state', () => {
    const table = formatTable([
      row,
      {
        ...row,
        id: 12,
        name: 'Борис\nБ',
        status: 'pending',
        attempts: 3,
        lastError: 'HTTP 502 Bad Gateway',
        desk: null,
      },
      {
        ...row,
        id: 13,
        name: 'Вера',
        status: 'failed',
        attempts: 1,
        lastError: 'HTTP 400 Bad Request: chat not found',
        desk: null,
      },
    ])
    expect(table.split('\n')).toEqual([
      'id  получена           имя      телефон             форма     курс  доставка    статус                                         последняя ошибка',
      '--  -----------------  -------  ------------------  --------  ----  ----------  ---------------------------------------------  ------------------------------------',
      '7   15.01.2025, 14:05  Анна     +7 (912) 345-67-89  feedback  4     отправлена  Позвонили · Ольга (@olga) · 15.01.2025, 15:00',
      '12  15.01.2025, 14:05  Борис Б  +7 (912) 345-67-89  feedback  4     ждёт (3)                                                   HTTP 502 Bad Gateway',
      '13  15.01.2025, 14:05  Вера     +7 (912) 345-67-89  feedback  4     ошибка (1)                                                 HTTP 400 Bad Request: chat not found',
    ])
  })
})

describe('the monthly report', () => {
  const leads: ReportLead[] = [
    // 31 December 20:30 UTC is 1 January 00:30 in Astrakhan: January's.
    { receivedAt: '2024-12-31T20:30:00.000Z', form: 'feedback', course: 4, page: '/course/4' },
    { receivedAt: '2024-12-31T19:30:00.000Z', form: 'trial_lesson_popup', course: null, page: '/' },
    {
      receivedAt: '2025-03-02T10:00:00.000Z',
      form: 'feedback',
      course: UNKNOWN_COURSE,
      page: null,
    },
    { receivedAt: '2025-01-20T10:00:00.000Z', form: 'unknown', course: 4, page: '/course/4' },
  ]

  it('adds the chosen groups once a lead has one, the leads without last', () => {
    const report = monthlyReport([
      ...leads,
      {
        receivedAt: '2025-01-21T10:00:00.000Z',
        form: 'feedback',
        course: 4,
        page: null,
        group: OTHER_TIME,
      },
    ])
    expect(report.sections.map(({ title }) => title)).toEqual([
      'Страница',
      'Курс',
      'Группа',
      'Форма',
    ])
    expect(report.sections[2]?.rows).toEqual([
      ['другое время', [0, 1, 0, 0]],
      ['без группы', [1, 2, 0, 1]],
    ])
  })

  it('counts the leads that came with a trial’s date once one has, the leads without last', () => {
    const report = monthlyReport([
      ...leads,
      {
        receivedAt: '2025-03-21T10:00:00.000Z',
        form: 'feedback',
        course: 4,
        page: '/course/4',
        group: 'made-up-saturday',
        trialAt: '2025-03-22T10:00',
      },
    ])
    const section = report.sections.find(({ title }) => title === 'Пробное')
    expect(section?.rows).toEqual([
      ['с датой', [0, 0, 0, 1]],
      ['без даты', [1, 2, 0, 1]],
    ])
    expect(monthlyReport(leads).sections.map(({ title }) => title)).not.toContain('Пробное')
  })

  it('adds the child’s ages once a trial lead has one, the leads without last', () => {
    const trial = { form: 'trial_lesson_popup', course: null, page: '/' }
    const report = monthlyReport([
      ...leads,
      { ...trial, receivedAt: '2025-01-21T10:00:00.000Z', childAge: 9 },
      { ...trial, receivedAt: '2025-03-21T10:00:00.000Z', childAge: 9 },
      { ...trial, receivedAt: '2025-03-22T10:00:00.000Z', childAge: 12 },
    ])
    expect(report.sections.map(({ title }) => title)).toEqual([
      'Страница',
      'Курс',
      'Возраст ребёнка',
      'Форма',
    ])
    expect(report.sections[2]?.rows).toEqual([
      ['9 лет', [0, 1, 0, 1]],
      ['12 лет', [0, 0, 0, 1]],
      ['не указан', [1, 2, 0, 1]],
    ])
  })

  it('adds the trials’ places once a lead booked one, the leads without last', () => {
    const january = {
      receivedAt: '2025-01-20T10:00:00.000Z',
      form: 'feedback',
      course: 4,
      page: '/',
    }
    const report = monthlyReport([
      ...leads,
      { ...january, heldTrial: { at: '2025-01-25T10:00', state: 'booked' } },
      { ...january, heldTrial: { at: null, state: 'cancelled' } },
    ])
    expect(report.sections.map(({ title }) => title)).toContain('Пробное')
    expect(report.sections.find(({ title }) => title === 'Пробное')?.rows).toEqual([
      ['записан', [0, 1, 0, 0]],
      ['отменено родителем', [0, 1, 0, 0]],
      ['без пробного', [1, 2, 0, 1]],
    ])
  })

  it('counts leads per school month, every month between the first and the last', () => {
    const report = monthlyReport(leads)
    expect(report.months).toEqual(['дек 2024', 'янв 2025', 'фев 2025', 'мар 2025'])
    expect(report.total).toEqual([1, 2, 0, 1])
    expect(report.sections).toEqual([
      {
        title: 'Страница',
        rows: [
          ['/course/4', [0, 2, 0, 0]],
          ['/', [1, 0, 0, 0]],
          ['без страницы', [0, 0, 0, 1]],
        ],
      },
      {
        title: 'Курс',
        rows: [
          [courseTitle(4), [0, 2, 0, 0]],
          [`курс №${UNKNOWN_COURSE}`, [0, 0, 0, 1]],
          ['без курса', [1, 0, 0, 0]],
        ],
      },
      {
        title: 'Форма',
        rows: [
          ['Форма обратной связи', [0, 1, 0, 1]],
          ['Окно «Бесплатный пробный урок»', [1, 0, 0, 0]],
          ['не указана', [0, 1, 0, 0]],
        ],
      },
    ])
  })

  it('is empty without leads', () => {
    expect(monthlyReport([])).toMatchObject({ months: [], total: [] })
  })

  // No catalogue course in these two: the layout must not follow the length of a course's title.
  const twoLeads = leads.slice(0, 2).map((lead) => ({ ...lead, course: null }))

  it('prints as aligned tables, the total first', () => {
    const report = monthlyReport(twoLeads)
    expect(formatReportTable(report).split('\n')).toEqual([
      '                                дек 2024  янв 2025  Итого',
      'Всего                                  1         1      2',
      '',
      'Страница                        дек 2024  янв 2025  Итого',
      '/                                      1         0      1',
      '/course/4                              0         1      1',
      '',
      'Курс                            дек 2024  янв 2025  Итого',
      'без курса                              1         1      2',
      '',
      'Форма                           дек 2024  янв 2025  Итого',
      'Окно «Бесплатный пробный урок»         1         0      1',
      'Форма обратной связи                   0         1      1',
    ])
  })

  it('is one CSV table: section, value, a column per month, the total', () => {
    const report = monthlyReport(twoLeads)
    expect(formatReportCsv(report, { bom: false }).split('\r\n')).toEqual([
      'Раздел;Значение;дек 2024;янв 2025;Итого',
      'Всего;;1;1;2',
      'Страница;/;1;0;1',
      'Страница;/course/4;0;1;1',
      'Курс;без курса;1;1;2',
      'Форма;Окно «Бесплатный пробный урок»;1;0;1',
      'Форма;Форма обратной связи;0;1;1',
      '',
    ])
  })
})

describe('the report by source, course and month', () => {
  const yandex = { visit: { utm_source: 'yandex', utm_medium: 'cpc', utm_campaign: 'zima' } }
  const leads: BreakdownLead[] = [
    { id: 1, receivedAt: '2025-01-10T10:00:00.000Z', course: 4, source: yandex },
    { id: 2, receivedAt: '2025-01-11T10:00:00.000Z', course: 4, source: yandex },
    // The first visit's source counts when the lead's own visit had none.
    {
      id: 3,
      receivedAt: '2025-02-01T10:00:00.000Z',
      course: null,
      source: { visit: { landing: '/' }, first: yandex.visit },
    },
    { id: 4, receivedAt: '2025-02-02T10:00:00.000Z', course: 4, source: {} },
    {
      id: 5,
      receivedAt: '2024-12-31T20:30:00.000Z',
      course: 1,
      source: { visit: { referrer: 'vk.com' } },
    },
    {
      id: 6,
      receivedAt: '2025-02-03T10:00:00.000Z',
      course: 1,
      source: { visit: { referrer: 'vk.com' } },
    },
    {
      id: 7,
      receivedAt: '2025-02-04T10:00:00.000Z',
      course: 1,
      source: { visit: { referrer: 'vk.com' } },
    },
  ]
  // Lead 1 came to the trial and enrolled; lead 3 enrolled; lead 5 came to the trial only.
  const statuses = new Map<number, Set<DeskStatus>>([
    [1, new Set(['called', 'trial', 'enrolled'])],
    [2, new Set(['no_answer'])],
    [3, new Set(['enrolled'])],
    [5, new Set(['called', 'trial'])],
  ])
  const rows = (by: 'source' | 'course' | 'month') =>
    breakdownReport(leads, statuses, by).rows.map((row) => [
      row.label,
      row.leads,
      row.trials,
      row.enrolled,
    ])

  it('by source: most leads (then enrolments) first, the leads without one last, with trials and enrolments', () => {
    expect(rows('source')).toEqual([
      ['yandex / cpc / zima', 3, 1, 2],
      ['vk.com (переход)', 3, 1, 0],
      ['без источника', 1, 0, 0],
    ])
    expect(breakdownReport(leads, statuses, 'source').total).toEqual({
      label: 'Всего',
      leads: 7,
      trials: 2,
      enrolled: 2,
    })
  })

  it('by course and by month (school time), in order', () => {
    expect(rows('course')).toEqual([
      [courseTitle(4), 3, 1, 1],
      [courseTitle(1), 3, 1, 0],
      ['без курса', 1, 0, 1],
    ])
    expect(rows('month')).toEqual([
      ['янв 2025', 3, 2, 1],
      ['фев 2025', 4, 0, 1],
    ])
  })

  it('prints a table with the total, and a CSV for Excel', () => {
    const report = breakdownReport(leads, statuses, 'source')
    expect(formatBreakdownTable(report).split('\n')).toEqual([
      'Источник             Заявок  Пришли на пробное  Записались',
      'yandex / cpc / zima       3                  1           2',
      'vk.com (переход)          3                  1           0',
      'без источника             1                  0           0',
      'Всего                     7                  2           2',
    ])
    expect(formatBreakdownCsv(report, { bom: false })).toBe(
      'Источник;Заявок;Пришли на пробное;Записались\r\n' +
        'yandex / cpc / zima;3;1;2\r\nvk.com (переход);3;1;0\r\nбез источника;1;0;0\r\n' +
        'Всего;7;2;2\r\n',
    )
  })
})
