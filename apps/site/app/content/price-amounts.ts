// The amounts of rubles the prices show and how they are written: the build formats them once
// (scripts/price-texts.ts). Kept apart from the plans' texts (price-plans.ts), which the build
// reads from content/pages/course.json only after it has checked every file.

/** Price of one lesson in rubles for each payment plan. */
export type CoursePrices = { basic: number; month: number; fourMonth: number; year: number }

/** One month of lessons. */
export const LESSONS_PER_MONTH = 4

/** How prices are written: Russian digit grouping, whole rubles. */
export const PRICE_LOCALE = 'ru-RU'
export const PRICE_FORMAT: Intl.NumberFormatOptions = { maximumFractionDigits: 0 }

/** Every amount of rubles the prices show: each plan's lesson price and a month of it. */
export function shownPriceAmounts(prices: readonly CoursePrices[]): number[] {
  return [
    ...new Set(
      prices.flatMap((plans) =>
        Object.values(plans).flatMap((lessonPrice) => [
          lessonPrice,
          lessonPrice * LESSONS_PER_MONTH,
        ]),
      ),
    ),
  ]
}
