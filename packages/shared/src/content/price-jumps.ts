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
  /** Its label in the editor: «Цены за занятие → Разовое посещение». */
  label: string
  before: number
  after: number
  /** «Точно 17 500 ₽ вместо 1 750 ₽?» */
  question: string
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The prices of a course's data, by key; an absent or broken one is left out. */
function pricesOf(course: unknown): Partial<Record<(typeof PRICE_KEYS)[number], number>> {
  const prices = isRecord(course) && isRecord(course.prices) ? course.prices : {}
  return Object.fromEntries(
    PRICE_KEYS.flatMap((key) => {
      const price = prices[key]
      return typeof price === 'number' && Number.isFinite(price) ? [[key, price]] : []
    }),
  )
}

/**
 * The prices of a course (its saved data `before`, the edited `after`) whose new value is more
 * than three times the saved one or less than a third of it, in the editor's order.
 */
export function priceJumps(before: unknown, after: unknown): PriceJump[] {
  const saved = pricesOf(before)
  const edited = pricesOf(after)
  return PRICE_KEYS.flatMap((key) => {
    const was = saved[key]
    const now = edited[key]
    if (was === undefined || now === undefined || was <= 0) return []
    if (now <= was * JUMP && now * JUMP >= was) return []
    const field = `prices.${key}` as const
    return [
      {
        field,
        label: FIELD_LABELS.course[field] ?? field,
        before: was,
        after: now,
        question: `Точно ${rubles(now)} вместо ${rubles(was)}?`,
      },
    ]
  })
}
