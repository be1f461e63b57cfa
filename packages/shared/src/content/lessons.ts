import { pluralRu, type RussianPluralForms } from '../plural.ts'

// A month's lessons (docs/decisions/0087-a-month-is-its-lessons.md): a course states how many
// times a week it meets (one figure, or several where its groups differ) and, when known, a
// lesson's length; a month is four weeks of them. Pure and free of zod: the site's pages, the
// editor and the content check all read it.

/** A month is counted as four weeks: 4 lessons once a week, 8 twice, 12 three times. */
export const WEEKS_PER_MONTH = 4
/** Lessons a week: from once to every day. */
export const LESSONS_PER_WEEK_MAX = 7
/** A lesson's length in minutes. */
export const LESSON_MINUTES = { min: 15, max: 240 } as const

/** How the owner entered a course's subscription prices: per lesson, or per month. */
export const PRICE_UNITS = ['lesson', 'month'] as const
export type PriceUnit = (typeof PRICE_UNITS)[number]
export const PRICE_UNIT_NAMES: Record<PriceUnit, string> = {
  lesson: 'за одно занятие',
  month: 'за месяц',
}

/** The lessons of a month at `perWeek` lessons a week. */
export const lessonsPerMonth = (perWeek: number) => WEEKS_PER_MONTH * perWeek

/**
 * The price of one lesson of a plan entered as `amount` in `unit`. A month's price is divided by
 * the month's lessons (it may leave kopecks); undefined when the course's groups meet a different
 * number of times a week, where a month has no single price.
 */
export function lessonPriceOf(
  amount: number,
  unit: PriceUnit,
  perWeek: readonly number[],
): number | undefined {
  if (unit === 'lesson') return amount
  const [only, ...more] = perWeek
  return only !== undefined && more.length === 0 ? amount / lessonsPerMonth(only) : undefined
}

const TIMES: RussianPluralForms = ['раз', 'раза', 'раз']
const LESSONS: RussianPluralForms = ['занятие', 'занятия', 'занятий']
const MINUTES: RussianPluralForms = ['минута', 'минуты', 'минут']
/** After «длится»: «длится 21 минуту». */
const MINUTES_LONG: RussianPluralForms = ['минуту', 'минуты', 'минут']

/** «1», «1 или 2», «1, 2 или 3». */
function alternatives(numbers: readonly number[]): string {
  const last = numbers.at(-1)
  if (numbers.length < 2) return String(last ?? '')
  return `${numbers.slice(0, -1).join(', ')} или ${last}`
}

/** Several figures in the order they grow, each once. */
const ascending = (numbers: readonly number[]) => [...new Set(numbers)].sort((a, b) => a - b)

/** «1 раз в неделю», «2 раза в неделю», «1 или 2 раза в неделю». */
export function timesAWeekText(perWeek: readonly number[]): string {
  const sorted = ascending(perWeek)
  return `${alternatives(sorted)}\u00a0${pluralRu(sorted.at(-1) ?? 0, TIMES)} в\u00a0неделю`
}

/** «4 занятия», «8 занятий», «4 или 8 занятий»: a month's lessons, kept on one line. */
export function monthLessonsText(perWeek: readonly number[]): string {
  const months = ascending(perWeek).map(lessonsPerMonth)
  return `${alternatives(months)}\u00a0${pluralRu(months.at(-1) ?? 0, LESSONS)}`
}

/** «90 минут», «1 минута». */
export const minutesText = (minutes: number) => `${minutes}\u00a0${pluralRu(minutes, MINUTES)}`
/** «90 минут», «21 минуту»: after «длится». */
export const lastsText = (minutes: number) => `${minutes}\u00a0${pluralRu(minutes, MINUTES_LONG)}`

/** Minutes from «HH:MM» to «HH:MM»; undefined when either is not a time. */
export function minutesBetween(start: string, end: string): number | undefined {
  const minute = (time: string) => {
    const match = /^(\d\d):(\d\d)$/.exec(time)
    return match ? Number(match[1]) * 60 + Number(match[2]) : undefined
  }
  const from = minute(start)
  const to = minute(end)
  return from === undefined || to === undefined ? undefined : to - from
}
