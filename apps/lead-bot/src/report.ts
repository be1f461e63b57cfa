import { PHONE_PATTERN } from '@it-lab/shared'
import type { LeadRow } from './store/rows.ts'
import { STATUS_LABELS } from './desk-statuses.ts'
import { SCHOOL_TIME_ZONE, courseTitle, formLabel } from './telegram.ts'

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
  return [STATUS_LABELS[lead.desk.status], lead.desk.by, localTime(lead.desk.at)].join(' · ')
}

/** A plain fixed-width table for the terminal. */
export function formatTable(leads: LeadRow[]): string {
  const rows = [TABLE_COLUMNS.map(([title]) => title)].concat(
    leads.map((lead) => TABLE_COLUMNS.map(([, cell]) => cell(lead).replace(/\s+/g, ' '))),
  )
  const widths = TABLE_COLUMNS.map((_, i) =>
    Math.max(...rows.map((row) => [...(row[i] ?? '')].length)),
  )
  const line = (row: string[]) =>
    row
      .map((cell, i) => cell + ' '.repeat((widths[i] ?? 0) - [...cell].length))
      .join('  ')
      .trimEnd()
  const header = rows[0] ?? []
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.slice(1).map(line)].join(
    '\n',
  )
}

const csvTimeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: SCHOOL_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** '15.01.2025 14:03', school time: a date and time a Russian Excel reads as one. */
function csvTime(iso: string): string {
  const parts = Object.fromEntries(
    csvTimeFormat.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  )
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`
}

const course = (id: number | null) => (id === null ? null : courseTitle(id))

/** The export's columns: the owner's names for them, and each lead's cell. */
const CSV_COLUMNS: [string, (lead: LeadRow) => string | number | null][] = [
  ['№', (lead) => lead.id],
  ['Получена', (lead) => csvTime(lead.receivedAt)],
  ['Имя', (lead) => lead.name],
  ['Телефон', (lead) => lead.phone],
  ['Форма', (lead) => formLabel(lead.form)],
  ['Курс', (lead) => course(lead.course)],
  ['Тест подсказал', (lead) => course(lead.quiz)],
  ['Страница', (lead) => lead.page],
  ['Статус', (lead) => (lead.desk === null ? null : STATUS_LABELS[lead.desk.status])],
  ['Статус отмечен', (lead) => (lead.desk === null ? null : csvTime(lead.desk.at))],
  ['Кто отметил', (lead) => lead.desk?.by ?? null],
  ['Доставка в Telegram', (lead) => DELIVERY_LABELS[lead.status]],
  ['Попыток отправки', (lead) => lead.attempts],
  ['Отправлена', (lead) => (lead.sentAt === null ? null : csvTime(lead.sentAt))],
  ['Последняя ошибка', (lead) => lead.lastError],
  ['Версия согласия', (lead) => lead.consentVersion],
]

function csvCell(value: string | number | null, delimiter: string): string {
  if (value === null) return ''
  let text = String(value)
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
