import { lessonPriceOf } from './lessons.ts'
import { FIELD_LABELS, PRICE_KEYS } from './schema.ts'

// A price typed with a digit too many or too few (17 500 for 1 750) passes every rule of the
// schema, and the owner's editor saved it without a question. The phone editor asks first when a
// course's price moves more than threefold either way against the saved one.

const NUMBER = new Intl.NumberFormat('ru-RU')

/** A number as the owner reads it: «17 500» (the thousands kept on one line). */
export const russianNumber = (value: number) => NUMBER.format(value)

/** A price as the owner reads it: «17 500 ₽». */
export const rubles = (value: number) => `${russianNumber(value)}\u00a0₽`

/** How far a price may move from the saved one before the editor asks. */
const JUMP = 3

export type PriceJump = {
  /** The field, as the course file names it: `prices.basic`. */
  field: `prices.${(typeof PRICE_KEYS)[number]}`
  /** Its label in the editor: «Цены → Разовое посещение». */
  label: string
  before: number
  after: number
  /** «Точно 17 500 ₽ вместо 1 750 ₽?» */
  question: string
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

type Price = { typed: number; lesson: number }

/**
 * The prices of a course's data, by key, as typed and as a lesson's (a month's price divided by
 * the month's lessons, docs/decisions/0087): switching the subscriptions from per lesson to per
 * month moves each figure eightfold, not the price. An absent or broken one is left out.
 */
function pricesOf(course: unknown): Partial<Record<(typeof PRICE_KEYS)[number], Price>> {
  const data = isRecord(course) ? course : {}
  const prices = isRecord(data.prices) ? data.prices : {}
  const unit = data.pricesPer === 'month' ? 'month' : 'lesson'
  const perWeek = [data.lessonsPerWeek ?? 1]
    .flat()
    .filter((times): times is number => Number.isInteger(times))
  return Object.fromEntries(
    PRICE_KEYS.flatMap((key) => {
      const typed = prices[key]
      if (typeof typed !== 'number' || !Number.isFinite(typed)) return []
      const lesson = key === 'basic' ? typed : (lessonPriceOf(typed, unit, perWeek) ?? typed)
      return [[key, { typed, lesson }]]
    }),
  )
}

/**
 * The prices of a course (its saved data `before`, the edited `after`) whose lesson's price is
 * more than three times the saved one or less than a third of it, in the editor's order.
 */
export function priceJumps(before: unknown, after: unknown): PriceJump[] {
  const saved = pricesOf(before)
  const edited = pricesOf(after)
  return PRICE_KEYS.flatMap((key) => {
    const was = saved[key]
    const now = edited[key]
    if (was === undefined || now === undefined || was.lesson <= 0) return []
    if (now.lesson <= was.lesson * JUMP && now.lesson * JUMP >= was.lesson) return []
    const field = `prices.${key}` as const
    return [
      {
        field,
        label: FIELD_LABELS.course[field] ?? field,
        before: was.typed,
        after: now.typed,
        question: `Точно ${rubles(now.typed)} вместо ${rubles(was.typed)}?`,
      },
    ]
  })
}
