// A trial's dates (docs/decisions/0103-a-trial-she-holds.md): the next lessons of a group that a
// parent may come to, counted from its weekdays and start date, skipping the days the school is
// closed. Plain calendar arithmetic on school days ('YYYY-MM-DD', Astrakhan's calendar): no
// Intl, no time zone data, so the lead form's island can count them again in the browser.
import { WEEKDAYS, WEEKDAY_SHORT, type Weekday } from './content/schema.ts'

/** A closed stretch of days, both ends included: holidays, the owner's days off. */
export type ClosedDays = { from: string; to: string }

/** A group as its dates need it. */
export type TrialGroup = {
  days: readonly Weekday[]
  start: string
  /** Empty: the group already meets. */
  startDate: string
}

/** The value a form sends for a lesson, and the lead stores: 'YYYY-MM-DDTHH:MM', school time. */
export type TrialAt = `${string}T${string}`

/** How far ahead a trial may be booked: a group that meets rarer than this offers none. */
export const TRIAL_HORIZON_DAYS = 62

const TRIAL_AT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/

/** The months as a date names them («5 декабря»): the site's dates say them too. */
export const MONTHS_GENITIVE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
]

function utcOf(day: string): Date {
  const [year, month, date] = day.split('-').map(Number)
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1))
}

function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/** The day `count` days after `day` (before, if negative). */
export function addDays(day: string, count: number): string {
  const date = utcOf(day)
  date.setUTCDate(date.getUTCDate() + count)
  return dayOf(date)
}

/** The weekday of a school day. */
export function weekdayOf(day: string): Weekday {
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(utcOf(day).getUTCDay() + 6) % 7] as Weekday
}

function isClosed(day: string, closed: readonly ClosedDays[]): boolean {
  return closed.some(({ from, to }) => from <= day && day <= to)
}

/**
 * The group's next `count` lessons a parent may come to for a trial: from the day after `today`
 * (a trial needs the evening's call and a seat made ready), not before the group starts, never on
 * a closed day, within TRIAL_HORIZON_DAYS.
 */
export function nextTrialDates(
  group: TrialGroup,
  today: string,
  closed: readonly ClosedDays[],
  count: number,
): TrialAt[] {
  const dates: TrialAt[] = []
  const first =
    group.startDate !== '' && group.startDate > today ? group.startDate : addDays(today, 1)
  for (let offset = 0; dates.length < count; offset += 1) {
    const day = addDays(first, offset)
    if (day > addDays(today, TRIAL_HORIZON_DAYS)) break
    if (group.days.includes(weekdayOf(day)) && !isClosed(day, closed)) {
      dates.push(`${day}T${group.start}`)
    }
  }
  return dates
}

/** Whether `value` is written as a lesson's date and time ('YYYY-MM-DDTHH:MM'). */
export function isTrialAt(value: unknown): value is TrialAt {
  if (typeof value !== 'string' || !TRIAL_AT.test(value)) return false
  // Date.UTC rolls an impossible day over (Feb 30 → Mar 2): a real day reads back as written.
  const day = value.slice(0, 10)
  return dayOf(utcOf(day)) === day
}

/** «сб 6 декабря, 10:00»: a lesson as the form, her page, the chat and the reminders say it. */
export function trialAtText(at: TrialAt): string {
  const [day = '', time = ''] = at.split('T')
  const [, month, date] = day.split('-').map(Number)
  const weekday = WEEKDAY_SHORT[weekdayOf(day)].toLowerCase()
  return `${weekday} ${date} ${MONTHS_GENITIVE[(month ?? 1) - 1]}, ${time}`
}

/** The school's calendar day at `now` (Astrakhan is UTC+4 all year, with no summer time). */
export function schoolDay(now: Date): string {
  return new Date(now.getTime() + 4 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

/** The moment a lesson at `at` (school time) begins. */
export function trialMoment(at: TrialAt): Date {
  return new Date(`${at}:00+04:00`)
}
