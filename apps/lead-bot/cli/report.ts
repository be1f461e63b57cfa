import { PHONE_PATTERN } from '@it-lab/shared'
import type { Touch } from '@it-lab/shared/lead-source'
import type { LeadRow } from '../src/store/rows.ts'
import { STATUS_LABELS, type DeskStatus } from '../src/desk-statuses.ts'
import { NO_SOURCE, sourceKey, sourceText } from '../src/source-text.ts'
import { schoolClock } from '../src/desk.ts'
import { SCHOOL_TIME_ZONE, schoolTime } from '@it-lab/shared/school-time'
import {
  childAgeText,
  courseTitle,
  dayText,
  formLabel,
  groupText,
  trialLessonText,
  trialStateText,
  trialText,
} from '../src/lead-words.ts'
import { plainText, presserName, withoutControls } from '../src/plain-text.ts'

const timeFormat = new Intl.DateTimeFormat('ru-RU', {
  timeZone: SCHOOL_TIME_ZONE,
  dateStyle: 'short',
  timeStyle: 'short',
})

/** Received time as the owner reads it: local time of the school. */
export function localTime(iso: string): string {
  return timeFormat.format(new Date(iso))
}

const DELIVERY_LABELS = { pending: 'ждёт', sent: 'отправлена', failed: 'ошибка' } as const

const TABLE_COLUMNS: [string, (lead: LeadRow) => string][] = [
  ['id', (lead) => String(lead.id)],
  ['получена', (lead) => localTime(lead.receivedAt)],
  ['имя', (lead) => lead.name],
  ['телефон', (lead) => lead.phone],
  ['форма', (lead) => lead.form],
  ['курс', (lead) => (lead.course === null ? '' : String(lead.course))],
  ['доставка', delivery],
  ['статус', deskStatus],
  ['последняя ошибка', (lead) => (lead.status === 'sent' ? '' : (lead.lastError ?? ''))],
]

function delivery(lead: LeadRow): string {
  const label = DELIVERY_LABELS[lead.status]
  return lead.status === 'sent' ? label : `${label} (${lead.attempts})`
}

/** The owner's status: 'Позвонили · Анна · 15.01.2025, 14:05', or '' before the first press. */
function deskStatus(lead: LeadRow): string {
  if (!lead.desk) return ''
  const by = presserName(lead.desk.by)
  return [STATUS_LABELS[lead.desk.status], by, localTime(lead.desk.at)].join(' · ')
}

/** Each column's width: its longest cell, in characters (not UTF-16 units). */
function widthsOf(rows: string[][]): number[] {
  const widths: number[] = []
  for (const row of rows) {
    row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, [...cell].length)))
  }
  return widths
}

/** One line of fixed-width columns two spaces apart; from column `rightFrom` on, right-aligned. */
function line(row: string[], widths: number[], rightFrom = Infinity): string {
  return row
    .map((cell, i) => {
      const pad = ' '.repeat((widths[i] ?? 0) - [...cell].length)
      return i >= rightFrom ? pad + cell : cell + pad
    })
    .join('  ')
    .trimEnd()
}

/** A plain fixed-width table for the terminal. */
export function formatTable(leads: LeadRow[]): string {
  const header = TABLE_COLUMNS.map(([title]) => title)
  const rows = leads.map((lead) =>
    TABLE_COLUMNS.map(([, cell]) => plainText(cell(lead)).replace(/\s+/g, ' ')),
  )
  const widths = widthsOf([header, ...rows])
  const rule = widths.map((width) => '-'.repeat(width))
  return [header, rule, ...rows].map((row) => line(row, widths)).join('\n')
}

/** '15.01.2025 14:03', school time: a date and time a Russian Excel reads as one. */
const csvTime = (iso: string) => schoolTime(iso).replace(', ', ' ')

const course = (id: number | null) => (id === null ? null : courseTitle(id))

/** A visit's source as columns, each named as the ad cabinets name the tag. */
function touchColumns(
  prefix: string,
  touch: (lead: LeadRow) => Touch | undefined,
): [string, (lead: LeadRow) => string | null][] {
  const names: [string, keyof Touch][] = [
    ['Метка utm_source', 'utm_source'],
    ['Метка utm_medium', 'utm_medium'],
    ['Метка utm_campaign', 'utm_campaign'],
    ['Метка utm_content', 'utm_content'],
    ['Метка utm_term', 'utm_term'],
    ['Клик в Директе (yclid)', 'yclid'],
    ['Клик в Google (gclid)', 'gclid'],
    ['Переход с сайта', 'referrer'],
    ['Страница входа', 'landing'],
  ]
  return names.map(([title, key]) => [prefix + title, (lead) => touch(lead)?.[key] ?? null])
}

/** The export's columns: the owner's names for them, and each lead's cell. */
const CSV_COLUMNS: [string, (lead: LeadRow) => string | number | null][] = [
  ['№', (lead) => lead.id],
  ['Получена', (lead) => csvTime(lead.receivedAt)],
  ['Имя', (lead) => lead.name],
  ['Телефон', (lead) => lead.phone],
  ['Форма', (lead) => formLabel(lead.form)],
  ['Курс', (lead) => course(lead.course)],
  ['Тест подсказал', (lead) => course(lead.quiz)],
  ['Группа', (lead) => (lead.group === null ? null : groupText(lead.group))],
  // The lesson she chose in the form, then her trial as it stands after her changes on her page
  // (docs/decisions/0103-a-trial-she-holds.md).
  ['Пробное при записи', (lead) => (lead.trialAt === null ? null : trialText(lead.trialAt))],
  ['Пробное', (lead) => (lead.heldTrial ? trialLessonText(lead.heldTrial) : null)],
  ['Запись на пробное', (lead) => (lead.heldTrial ? trialStateText(lead.heldTrial) : null)],
  ['Возраст ребёнка', (lead) => lead.childAge],
  ['Промокод из теста', (lead) => lead.promoCode],
  ['Промокод выдан', (lead) => (lead.promoDate === null ? null : dayText(lead.promoDate))],
  ['Страница', (lead) => lead.page],
  // Where the family came from (docs/decisions/0078): the visit the lead was sent in, then the
  // first visit the browser kept.
  ['Источник', (lead) => sourceText(lead.source)],
  ...touchColumns('', (lead) => lead.source.visit),
  ...touchColumns('Первый визит: ', (lead) => lead.source.first),
  ['ClientID Метрики', (lead) => lead.source.client_id ?? null],
  ['Статус', (lead) => (lead.desk === null ? null : STATUS_LABELS[lead.desk.status])],
  ['Статус отмечен', (lead) => (lead.desk === null ? null : csvTime(lead.desk.at))],
  ['Кто отметил', (lead) => (lead.desk === null ? null : presserName(lead.desk.by))],
  ['Доставка в Telegram', (lead) => DELIVERY_LABELS[lead.status]],
  ['Попыток отправки', (lead) => lead.attempts],
  ['Отправлена', (lead) => (lead.sentAt === null ? null : csvTime(lead.sentAt))],
  ['Последняя ошибка', (lead) => lead.lastError],
  ['Версия согласия', (lead) => lead.consentVersion],
]

function csvCell(value: string | number | null, delimiter: string): string {
  if (value === null) return ''
  let text = withoutControls(String(value))
  // Spreadsheets run cells starting with = + - @ as formulas: make them text. A well-formed
  // phone is left as it is (the owner dials from it); it holds no formula a sheet could run.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !PHONE_PATTERN.test(text)) {
    text = `'${text}`
  }
  // `,` and `;` are both quoted whatever the delimiter: Excel in a Russian locale splits on `;`.
  return text.includes(delimiter) || /[",;\r\n]/.test(text)
    ? `"${text.replaceAll('"', '""')}"`
    : text
}

/** The CSV's default field separator: Excel in a Russian locale splits on ';'. */
export const CSV_DELIMITER = ';'

/** RFC 4180 CSV (CRLF line ends) of `rows`, the first a header; `bom` helps Excel detect UTF-8. */
function csv(
  rows: (string | number | null)[][],
  options: { delimiter?: string; bom?: boolean },
): string {
  const delimiter = options.delimiter ?? CSV_DELIMITER
  const lines = rows.map((row) => row.map((cell) => csvCell(cell, delimiter)).join(delimiter))
  return (options.bom === false ? '' : '\uFEFF') + lines.join('\r\n') + '\r\n'
}

/** The leads as CSV in the order given (the CLI gives oldest first), for the owner's Excel. */
export function formatCsv(
  leads: LeadRow[],
  options: { delimiter?: string; bom?: boolean } = {},
): string {
  return csv(
    [
      CSV_COLUMNS.map(([title]) => title),
      ...leads.map((lead) => CSV_COLUMNS.map(([, cell]) => cell(lead))),
    ],
    options,
  )
}

const MONTHS = ['янв', 'фев', 'мар', 'апр', 'май', 'июн', 'июл', 'авг', 'сен', 'окт', 'ноя', 'дек']

/** What the monthly report reads of a lead: no name or phone. */
export type ReportLead = Pick<LeadRow, 'receivedAt' | 'form' | 'course' | 'page'> &
  Partial<Pick<LeadRow, 'group' | 'trialAt' | 'childAge' | 'heldTrial'>>

export interface MonthlyReport {
  /** Every month from the first lead's to the last one's, school time: 'янв 2025', … */
  months: string[]
  /** Leads per month. */
  total: number[]
  /** By page, by course, by form: each value and its leads per month. */
  sections: { title: string; rows: [string, number[]][] }[]
}

const sum = (counts: number[]) => counts.reduce((a, b) => a + b, 0)

/** Months counted from year 0, school time: the next month is one more. */
function monthNumber(iso: string): number {
  const { year, month } = schoolClock(Date.parse(iso))
  return year * 12 + month - 1
}

/**
 * Leads per month (school time) by page, by course, by chosen group and by the child's age (each
 * when any lead has one) and by form.
 */
export function monthlyReport(leads: ReportLead[]): MonthlyReport {
  const dated = leads.map((lead) => ({ lead, month: monthNumber(lead.receivedAt) }))
  const first = dated.reduce((min, { month }) => Math.min(min, month), Infinity)
  const span = dated.reduce((length, { month }) => Math.max(length, month - first + 1), 0)
  const perMonth = (items: typeof dated) => {
    const counts = new Array<number>(span).fill(0)
    for (const { month } of items) counts[month - first] = (counts[month - first] ?? 0) + 1
    return counts
  }
  // Most leads first, then by name; `last` (the leads without a value) at the end, as in the
  // weekly digest.
  const section = (title: string, value: (lead: ReportLead) => string, last?: string) => {
    const groups = new Map<string, typeof dated>()
    for (const item of dated) {
      const key = value(item.lead)
      const group = groups.get(key)
      if (group) group.push(item)
      else groups.set(key, [item])
    }
    const rows = [...groups].map(([key, items]): [string, number[]] => [key, perMonth(items)])
    rows.sort(
      ([a, countsA], [b, countsB]) =>
        Number(a === last) - Number(b === last) ||
        sum(countsB) - sum(countsA) ||
        a.localeCompare(b, 'ru'),
    )
    return { title, rows }
  }
  return {
    months: Array.from({ length: span }, (_, i) => {
      const month = first + i
      return `${MONTHS[month % 12]} ${Math.floor(month / 12)}`
    }),
    total: perMonth(dated),
    sections: [
      section('Страница', (lead) => lead.page ?? 'без страницы', 'без страницы'),
      section('Курс', (lead) => course(lead.course) ?? 'без курса', 'без курса'),
      // Only once a lead chose a group (docs/decisions/0075): older reports read as before.
      ...(leads.some((lead) => lead.group != null)
        ? [
            section(
              'Группа',
              (lead) => (lead.group == null ? 'без группы' : groupText(lead.group)),
              'без группы',
            ),
          ]
        : []),
      // Only once a parent chose a lesson (docs/decisions/0103-a-trial-she-holds.md): how many
      // leads came with a date, month by month.
      ...(leads.some((lead) => lead.trialAt != null)
        ? [
            section(
              'Пробное',
              (lead) => (lead.trialAt == null ? 'без даты' : 'с датой'),
              'без даты',
            ),
          ]
        : []),
      // Only once a trial form gave an age (docs/decisions/0088-what-parents-check.md).
      ...(leads.some((lead) => lead.childAge != null)
        ? [
            section(
              'Возраст ребёнка',
              (lead) => (lead.childAge == null ? 'не указан' : childAgeText(lead.childAge)),
              'не указан',
            ),
          ]
        : []),
      // Only once a lead booked a trial (docs/decisions/0103-a-trial-she-holds.md).
      ...(leads.some((lead) => lead.heldTrial != null)
        ? [
            section(
              'Пробное',
              (lead) => (lead.heldTrial ? trialStateText(lead.heldTrial) : 'без пробного'),
              'без пробного',
            ),
          ]
        : []),
      section('Форма', (lead) => formLabel(lead.form), formLabel('unknown')),
    ],
  }
}

/** A row's counts and, last, their sum. */
const withTotal = (counts: number[]) => [...counts, sum(counts)]

/** The monthly report for the terminal: the total, then each section, their columns aligned. */
export function formatReportTable(report: MonthlyReport): string {
  const header = (title: string) => [title, ...report.months, 'Итого']
  const row = (label: string, counts: number[]) => [label, ...withTotal(counts).map(String)]
  const blocks = [
    [header(''), row('Всего', report.total)],
    ...report.sections.map(({ title, rows }) => [
      header(title),
      ...rows.map(([label, counts]) => row(label, counts)),
    ]),
  ]
  const widths = widthsOf(blocks.flat())
  return blocks.map((block) => block.map((cells) => line(cells, widths, 1)).join('\n')).join('\n\n')
}

/** The monthly report as one CSV table: section, value, a column per month, the total. */
export function formatReportCsv(
  report: MonthlyReport,
  options: { delimiter?: string; bom?: boolean } = {},
): string {
  return csv(
    [
      ['Раздел', 'Значение', ...report.months, 'Итого'],
      ['Всего', null, ...withTotal(report.total)],
      ...report.sections.flatMap(({ title, rows }) =>
        rows.map(([label, counts]) => [title, label, ...withTotal(counts)]),
      ),
    ],
    options,
  )
}

/** What `--report --by` groups leads by. */
export const BREAKDOWNS = ['source', 'course', 'month'] as const
export type Breakdown = (typeof BREAKDOWNS)[number]

/** What a breakdown reads of a lead: no name or phone. */
export type BreakdownLead = Pick<LeadRow, 'id' | 'receivedAt' | 'course' | 'source'>

export interface BreakdownRow {
  label: string
  leads: number
  /** Leads the owner marked «Пришли на пробное», and «Записан», at any time. */
  trials: number
  enrolled: number
}

export interface BreakdownReport {
  title: string
  rows: BreakdownRow[]
  total: BreakdownRow
}

const BREAKDOWN_TITLES: Record<Breakdown, string> = {
  source: 'Источник',
  course: 'Курс',
  month: 'Месяц',
}

/**
 * Leads, trials and enrolments per source, course or month (school time), from the statuses the
 * owner set in the chat (docs/decisions/0078). The leads without a source or course come last.
 */
export function breakdownReport(
  leads: BreakdownLead[],
  statuses: Map<number, Set<DeskStatus>>,
  by: Breakdown,
): BreakdownReport {
  const key = (lead: BreakdownLead): [string, number] => {
    if (by === 'month') {
      const month = monthNumber(lead.receivedAt)
      return [`${MONTHS[month % 12]} ${Math.floor(month / 12)}`, month]
    }
    if (by === 'course') {
      const title = course(lead.course)
      return title === null ? ['без курса', 1] : [title, 0]
    }
    const source = sourceKey(lead.source)
    return [source, source === NO_SOURCE ? 1 : 0]
  }
  const groups = new Map<string, { order: number; row: BreakdownRow }>()
  const total: BreakdownRow = { label: 'Всего', leads: 0, trials: 0, enrolled: 0 }
  for (const lead of leads) {
    const [label, order] = key(lead)
    const group = groups.get(label) ?? { order, row: { label, leads: 0, trials: 0, enrolled: 0 } }
    groups.set(label, group)
    const ever = statuses.get(lead.id)
    for (const row of [group.row, total]) {
      row.leads += 1
      if (ever?.has('trial')) row.trials += 1
      if (ever?.has('enrolled')) row.enrolled += 1
    }
  }
  // Most leads first, then most enrolments and trials, then by name; months in order.
  const rank = ({ row }: { row: BreakdownRow }) => [row.leads, row.enrolled, row.trials]
  const rows = [...groups.values()]
    .sort((a, b) => {
      if (a.order !== b.order || by === 'month') return a.order - b.order
      const difference = rank(b).map((count, i) => count - (rank(a)[i] ?? 0))
      return difference.find((d) => d !== 0) ?? a.row.label.localeCompare(b.row.label, 'ru')
    })
    .map(({ row }) => row)
  return { title: BREAKDOWN_TITLES[by], rows, total }
}

const breakdownCells = (row: BreakdownRow) => [
  row.label,
  String(row.leads),
  String(row.trials),
  String(row.enrolled),
]
const breakdownHeader = (report: BreakdownReport) => [
  report.title,
  'Заявок',
  'Пришли на пробное',
  'Записались',
]

/** The breakdown for the terminal: a row per value, then the total; counts right-aligned. */
export function formatBreakdownTable(report: BreakdownReport): string {
  const rows = [
    breakdownHeader(report),
    ...report.rows.map(breakdownCells),
    breakdownCells(report.total),
  ]
  const widths = widthsOf(rows)
  return rows.map((cells) => line(cells, widths, 1)).join('\n')
}

/** The breakdown as CSV for Excel. */
export function formatBreakdownCsv(
  report: BreakdownReport,
  options: { delimiter?: string; bom?: boolean } = {},
): string {
  const cells = (row: BreakdownRow) => [row.label, row.leads, row.trials, row.enrolled]
  return csv([breakdownHeader(report), ...report.rows.map(cells), cells(report.total)], options)
}
