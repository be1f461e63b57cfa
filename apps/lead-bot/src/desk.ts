// The owner's lead desk in the chat (docs/behaviour.md, "Lead desk in Telegram"): status buttons,
// the reminder for a lead nobody handled, and the weekly digest. Pure functions of a given time.
import { DESK_STATUSES, STATUS_LABELS } from './desk-statuses.ts'
import type { DeskStatus } from './desk-statuses.ts'
import type { DigestRow } from './store/rows.ts'
import { SCHOOL_TIME_ZONE } from '@it-lab/shared/school-time'
import { courseTitle, formLabel } from './lead-words.ts'
import { escapeHtml } from './telegram-message.ts'
import type { InlineKeyboard } from './telegram.ts'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

export interface DeskConfig {
  /** A delivered lead with no status gets one reminder this long after delivery (0: never). */
  reminderAfterMs: number
  /** Reminders go out only from `from`:00 to `to`:00, school time. */
  workingHours: { from: number; to: number }
  /** The digest goes out on this weekday (1 = Monday … 7 = Sunday) from this hour, school time. */
  digest: { weekday: number; hour: number } | null
}

// One letter per status keeps `callback_data` (at most 64 bytes) short: `s:<lead id>:<code>`.
const CODES: Record<DeskStatus, string> = {
  called: 'c',
  trial: 't',
  enrolled: 'e',
  no_answer: 'n',
  refused: 'r',
}

/** The status buttons under a lead message: the call's outcome, the family's steps, a refusal. */
export function statusKeyboard(leadId: number): InlineKeyboard {
  const button = (status: DeskStatus) => ({
    text: STATUS_LABELS[status],
    callback_data: `s:${leadId}:${CODES[status]}`,
  })
  return {
    inline_keyboard: [
      [button('called'), button('no_answer')],
      [button('trial'), button('enrolled')],
      [button('refused')],
    ],
  }
}

/** Reads `s:<lead id>:<code>`; anything else is not one of our buttons. */
export function parseStatusData(data: unknown): { leadId: number; status: DeskStatus } | undefined {
  if (typeof data !== 'string') return undefined
  const match = /^s:([1-9][0-9]{0,15}):([a-z])$/.exec(data)
  const status = DESK_STATUSES.find((known) => CODES[known] === match?.[2])
  return match && status ? { leadId: Number(match[1]), status } : undefined
}

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SCHOOL_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  weekday: 'short',
})

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

/** The school's wall clock at `ms`: date, hour and weekday (1 = Monday). */
export function schoolClock(ms: number) {
  const parts = Object.fromEntries(
    partsFormat.formatToParts(ms).map((part) => [part.type, part.value]),
  )
  const [year, month, day, hour, minute, second] = [
    parts.year,
    parts.month,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  ].map(Number) as [number, number, number, number, number, number]
  return {
    year,
    month,
    day,
    hour,
    weekday: WEEKDAYS.indexOf(parts.weekday ?? '') + 1,
    /** The zone's offset from UTC at `ms`. */
    offsetMs: Date.UTC(year, month - 1, day, hour, minute, second) - (ms - (ms % 1000)),
  }
}

/** Epoch ms of 00:00 school time on the day holding `ms`. */
function startOfSchoolDay(ms: number): number {
  const { year, month, day, offsetMs } = schoolClock(ms)
  return Date.UTC(year, month - 1, day) - offsetMs
}

/** The school's calendar day `YYYY-MM-DD` as epoch ms [from, to); undefined if no such day. */
export function schoolDay(date: string): { from: number; to: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!match) return undefined
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  // 12:00 UTC falls on the same calendar day in Astrakhan (UTC+4); a day like 02-30 rolls over.
  const noon = Date.UTC(year, month - 1, day, 12)
  const clock = schoolClock(noon)
  if (clock.year !== year || clock.month !== month || clock.day !== day) return undefined
  return { from: startOfSchoolDay(noon), to: startOfSchoolDay(noon + DAY_MS) }
}

/** Epoch ms of 00:00 school time on the Monday of the week holding `ms`. */
export function startOfSchoolWeek(ms: number): number {
  const { weekday } = schoolClock(ms)
  return startOfSchoolDay(startOfSchoolDay(ms) - (weekday - 1) * DAY_MS + 12 * HOUR_MS)
}

/** Reminders go out only while someone is at work: `from` ≤ school hour < `to`. */
export function inWorkingHours(ms: number, hours: DeskConfig['workingHours']): boolean {
  const { hour } = schoolClock(ms)
  return hour >= hours.from && hour < hours.to
}

/** The school week (Monday to Sunday) before the one holding `now`, and its key (its Monday). */
export function previousSchoolWeek(now: number): { from: number; to: number; key: string } {
  const to = startOfSchoolWeek(now)
  const from = startOfSchoolWeek(to - 12 * HOUR_MS)
  const { year, month, day } = schoolClock(from)
  const key = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
  return { from, to, key }
}

/**
 * The week the digest due at `now` covers, or undefined if none is due: from the digest's
 * weekday and hour until the end of that week, it covers the seven days before that week.
 */
export function dueDigestWeek(
  now: number,
  digest: NonNullable<DeskConfig['digest']>,
): { from: number; to: number; key: string } | undefined {
  const weekStart = startOfSchoolWeek(now)
  const dueAt = startOfSchoolDay(weekStart + (digest.weekday - 1) * DAY_MS + 12 * HOUR_MS)
  return now < dueAt + digest.hour * HOUR_MS ? undefined : previousSchoolWeek(now)
}

/** The reply under a lead message that nobody has given a status. */
export function reminderText(leadId: number, afterMs: number): string {
  const hours = Math.round(afterMs / HOUR_MS)
  return `Заявка №${leadId} ждёт ответа: статус не отмечен за ${hours} ч.`
}

/**
 * The reply under a lead's message once a restore gave it a new number (docs/decisions/0082): by
 * number only, as a reminder names a lead; the message it answers shows the rest.
 */
export function renumberedText(oldId: number, newId: number): string {
  return (
    `После восстановления базы заявка №${oldId} теперь №${newId}: ` +
    `в сообщении и в npm run leads у неё новый номер, кнопки работают.`
  )
}

export interface Digest {
  from: number
  to: number
  total: number
  byForm: [string, number][]
  byCourse: [string, number][]
  /** By latest status: contacted (called, trial, enrolled or refused), enrolled, lost (refused). */
  called: number
  enrolled: number
  lost: number
  /** Not reached yet (latest status «Не дозвонились»): neither called nor lost. */
  notReached: number
  noStatus: number
  /** Median time from receipt to the first status, of the leads that have one. */
  medianToFirstStatusMs: number | undefined
}

function tally(keys: string[]): [string, number][] {
  const counts = new Map<string, number>()
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'ru'))
}

function median(values: number[]): number | undefined {
  const sorted = values.toSorted((a, b) => a - b)
  if (sorted.length === 0) return undefined
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? sorted[middle]
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

export function computeDigest(rows: DigestRow[], from: number, to: number): Digest {
  const count = (statuses: (DeskStatus | null)[]) =>
    rows.filter((row) => statuses.includes(row.status)).length
  return {
    from,
    to,
    total: rows.length,
    byForm: tally(rows.map((row) => formLabel(row.form))),
    // Leads from no course page come last, whatever their number.
    byCourse: [
      ...tally(rows.flatMap((row) => (row.course === null ? [] : [courseTitle(row.course)]))),
      ...tally(rows.flatMap((row) => (row.course === null ? ['без курса'] : []))),
    ],
    called: count(['called', 'trial', 'enrolled', 'refused']),
    enrolled: count(['enrolled']),
    lost: count(['refused']),
    notReached: count(['no_answer']),
    noStatus: count([null]),
    medianToFirstStatusMs: median(
      rows.flatMap((row) =>
        row.firstStatusAt === null
          ? []
          : [Date.parse(row.firstStatusAt) - Date.parse(row.receivedAt)],
      ),
    ),
  }
}

const dayFormat = new Intl.DateTimeFormat('ru-RU', {
  timeZone: SCHOOL_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
})

/** '2 ч 15 мин', '40 мин', '3 дн 4 ч'. */
export function formatDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000)
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  const rest = minutes % 60
  if (days > 0) return `${days} дн ${hours} ч`
  return hours > 0 ? `${hours} ч ${rest} мин` : `${rest} мин`
}

/** The digest in Telegram's HTML; it names forms and courses, never a person. */
export function formatDigest(digest: Digest): string {
  const list = (entries: [string, number][]) =>
    entries.length === 0 ? ['  —'] : entries.map(([key, n]) => `  ${escapeHtml(key)}: ${n}`)
  const last = dayFormat.format(digest.to - DAY_MS)
  return [
    `<b>Заявки за неделю ${dayFormat.format(digest.from)}–${last}</b>`,
    `Всего: ${digest.total}`,
    '',
    '<b>По формам:</b>',
    ...list(digest.byForm),
    '<b>По курсам:</b>',
    ...list(digest.byCourse),
    '',
    '<b>По последнему статусу:</b>',
    `  Дозвонились: ${digest.called}`,
    `  Записаны: ${digest.enrolled}`,
    `  Потеряны (отказ): ${digest.lost}`,
    `  Не дозвонились (ещё в работе): ${digest.notReached}`,
    `  Без статуса: ${digest.noStatus}`,
    `Медиана до первого статуса: ${
      digest.medianToFirstStatusMs === undefined
        ? '—'
        : formatDuration(digest.medianToFirstStatusMs)
    }`,
  ].join('\n')
}
