import { PHONE_PATTERN } from '@it-lab/shared'
import type { LeadRow } from './store/rows.ts'
import { STATUS_LABELS } from './desk-statuses.ts'

const timeFormat = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Astrakhan',
  dateStyle: 'short',
  timeStyle: 'short',
})

/** Received time as the owner reads it: local time of the school. */
export function localTime(iso: string): string {
  return timeFormat.format(new Date(iso))
}

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
  if (lead.status === 'sent') return 'отправлена'
  if (lead.status === 'failed') return `ошибка (${lead.attempts})`
  return `ждёт (${lead.attempts})`
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

export const CSV_COLUMNS = [
  'id',
  'received_at',
  'name',
  'phone',
  'form',
  'consent_version',
  'status',
  'attempts',
  'sent_at',
  'last_error',
  'course',
  'quiz',
  'page',
  'lead_status',
  'lead_status_at',
  'lead_status_by',
] as const

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

/** RFC 4180 CSV (CRLF line ends), oldest first; `bom` helps Excel detect UTF-8. */
export function formatCsv(
  leads: LeadRow[],
  options: { delimiter?: string; bom?: boolean } = {},
): string {
  const delimiter = options.delimiter ?? ','
  const rows = leads.map((lead) =>
    [
      lead.id,
      lead.receivedAt,
      lead.name,
      lead.phone,
      lead.form,
      lead.consentVersion,
      lead.status,
      lead.attempts,
      lead.sentAt,
      lead.lastError,
      lead.course,
      lead.quiz,
      lead.page,
      lead.desk === null ? null : STATUS_LABELS[lead.desk.status],
      lead.desk?.at ?? null,
      lead.desk?.by ?? null,
    ]
      .map((cell) => csvCell(cell, delimiter))
      .join(delimiter),
  )
  const text = [CSV_COLUMNS.join(delimiter), ...rows].join('\r\n') + '\r\n'
  return (options.bom === false ? '' : '\uFEFF') + text
}
