import {
  LESSONS_PER_WEEK_MAX,
  lessonPriceOf,
  lessonsPerMonth,
  type PriceUnit,
} from '@it-lab/shared/content'
import { pluralRu } from '@it-lab/shared/plural'
import { groupDigits } from './values.ts'

// The figure under a course's price field (docs/decisions/0087-a-month-is-its-lessons.md): the
// owner types a price per lesson or per month and reads the other beside it, counted from the
// entry's own lessons a week as the site will count it, before she saves.

const AT: readonly [string, string, string] = ['занятии', 'занятиях', 'занятиях']

/** «при 2 занятиях в неделю» */
const atTimes = (perWeek: number) => `при ${perWeek} ${pluralRu(perWeek, AT)} в неделю`

const rubles = (amount: number) => `${groupDigits(Math.round(amount))}\u00a0₽`

/** The entry's lessons a week as far as they read: whole numbers from 1 to 7, fewest first. */
function lessonsPerWeekOf(entry: Record<string, unknown>): number[] {
  const value = entry.lessonsPerWeek
  const list = Array.isArray(value) ? value : [value]
  return [
    ...new Set(
      list.filter(
        (item): item is number =>
          Number.isInteger(item) && Number(item) >= 1 && Number(item) <= LESSONS_PER_WEEK_MAX,
      ),
    ),
  ].sort((a, b) => a - b)
}

/**
 * «= 9 000 ₽ в месяц при 2 занятиях в неделю» under a price per lesson, «= 1 125 ₽ за занятие при
 * 2 занятиях в неделю, 8 в месяц» under a price per month; undefined while there is nothing to
 * count (no price yet, no lessons a week ticked, a month's price where groups meet differently,
 * which the field's own refusal explains).
 */
export function priceFigure(
  entry: Record<string, unknown>,
  kind: 'visit' | 'plan',
  amount: unknown,
): string | undefined {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) return undefined
  const perWeek = lessonsPerWeekOf(entry)
  if (perWeek.length === 0) return undefined
  const unit: PriceUnit = kind === 'plan' && entry.pricesPer === 'month' ? 'month' : 'lesson'
  if (unit === 'month') {
    const lesson = lessonPriceOf(amount, unit, perWeek)
    const [only = 1] = perWeek
    if (lesson === undefined) return undefined
    const about = Number.isInteger(lesson) ? '=' : '≈'
    return `${about} ${rubles(lesson)} за занятие ${atTimes(only)}, ${lessonsPerMonth(only)} в месяц`
  }
  const [first = 1, ...more] = perWeek
  const month = (times: number) => rubles(amount * lessonsPerMonth(times))
  const rest = more.map((times) => `, ${month(times)} — при ${times}`).join('')
  return `= ${month(first)} в месяц ${atTimes(first)}${rest}`
}
