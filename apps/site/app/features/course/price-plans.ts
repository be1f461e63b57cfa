import { lessonsPerMonth } from '@it-lab/shared/content'
import {
  coursePlans,
  PRICE_FORMAT,
  PRICE_LOCALE,
  type PlannedCourse,
  type PricePlanText,
} from '#app/content/price-plans.ts'

/** A month of a plan at one number of lessons a week, in whole rubles. */
export type MonthFigures = {
  /** The month's lessons × the plan's lesson price. */
  price: number
  /** The month's lessons × the single visit's price, shown struck through. */
  basePrice: number
}

/** Monthly figures of a plan paid for by the month or longer (docs/decisions/0087). */
export type MonthlyPrice = MonthFigures & {
  /** Where the course's groups meet more often than the fewest: the month at the most lessons. */
  upTo?: MonthFigures
  /** Saving against the basic lesson price, rounded to a whole percent. */
  discountPercent: number
}

export type PricePlan = PricePlanText & {
  /** Exact: a price entered by the month and divided may leave kopecks. */
  lessonPrice: number
  /** Absent on the basic (single-visit) plan. */
  monthly?: MonthlyPrice
}

/** The saving of `lessonPrice` against `basicPrice`, as a whole percent (1125 of 1500 → 25). */
export function discountPercent(lessonPrice: number, basicPrice: number): number {
  if (basicPrice <= 0) return 0
  return Math.round(((basicPrice - lessonPrice) / basicPrice) * 100)
}

/**
 * The price cards of 'Стоимость обучения' for the plans the course offers, in display order
 * (docs/behaviour.md, "Prices"): a month is 4 weeks of the course's lessons, at the fewest and,
 * where its groups differ, the most lessons a week.
 */
export function buildPricePlans(course: PlannedCourse): PricePlan[] {
  const basic = course.prices.basic
  const fewest = Math.min(...course.lessonsPerWeek)
  const most = Math.max(...course.lessonsPerWeek)
  const month = (lessonPrice: number, perWeek: number): MonthFigures => ({
    price: Math.round(lessonPrice * lessonsPerMonth(perWeek)),
    basePrice: Math.round(basic * lessonsPerMonth(perWeek)),
  })
  return coursePlans(course).map((plan) => {
    if (plan.key === 'basic') return plan
    return {
      ...plan,
      monthly: {
        ...month(plan.lessonPrice, fewest),
        ...(most > fewest ? { upTo: month(plan.lessonPrice, most) } : {}),
        discountPercent: discountPercent(plan.lessonPrice, basic),
      },
    }
  })
}

// The build formats every amount the content shows (vite/price-texts.ts): the browser's first
// Intl formatter loads the engine's locale data, a single task of about 30 ms on a desktop and
// four times that on a phone, in the middle of hydration. Any other amount is formatted here.
let rubles: Intl.NumberFormat | undefined

/** '4 500': Russian digit grouping, whole rubles. */
export function formatAmount(amount: number): string {
  const whole = Math.round(amount)
  return (
    __PRICE_TEXTS__[whole] ??
    (rubles ??= new Intl.NumberFormat(PRICE_LOCALE, PRICE_FORMAT)).format(whole)
  )
}

/** '4 500 ₽' — Russian digit grouping; a no-break space keeps the sign with the number. */
export function formatRubles(amount: number): string {
  return `${formatAmount(amount)}\u00a0₽`
}

/** '4 500 ₽', or 'от 4 500 до 9 000 ₽' for a month whose lessons differ by group. */
export function formatMonth(
  figures: MonthFigures,
  upTo: MonthFigures | undefined,
  key: keyof MonthFigures,
): string {
  return upTo
    ? `от ${formatAmount(figures[key])} до ${formatRubles(upTo[key])}`
    : formatRubles(figures[key])
}
