// The amounts of rubles the prices show and how they are written: the build formats them once
// (vite/price-texts.ts). Kept apart from the plans' texts (price-plans.ts), which the build
// reads from content/pages/course.json only after it has checked every file.
import {
  lessonPriceOf,
  lessonsPerMonth,
  SUBSCRIPTION_KEYS,
  type CourseEntry,
} from '@it-lab/shared/content'

/**
 * Price of one lesson in rubles for each plan the course offers (docs/decisions/0087): a
 * subscription entered by the month is its month divided by the month's lessons, kopecks and all.
 */
export type CoursePrices = { basic: number } & Partial<
  Record<(typeof SUBSCRIPTION_KEYS)[number], number>
>

/** Each offered plan's price of one lesson, from a course file's prices and their unit. */
export function lessonPrices({
  prices,
  pricesPer,
  lessonsPerWeek,
}: Pick<CourseEntry, 'prices' | 'pricesPer' | 'lessonsPerWeek'>): CoursePrices {
  const lessons: CoursePrices = { basic: prices.basic }
  for (const key of SUBSCRIPTION_KEYS) {
    const amount = prices[key]
    const lesson =
      amount === undefined ? undefined : lessonPriceOf(amount, pricesPer, lessonsPerWeek)
    if (lesson !== undefined) lessons[key] = lesson
  }
  return lessons
}

/** How prices are written: Russian digit grouping, whole rubles. */
export const PRICE_LOCALE = 'ru-RU'
export const PRICE_FORMAT: Intl.NumberFormatOptions = { maximumFractionDigits: 0 }

/** A course as its prices are shown: each plan's lesson price and its lessons a week. */
export type PricedCourse = { prices: CoursePrices; lessonsPerWeek: readonly number[] }

/**
 * Every amount of rubles the prices show, in whole rubles: each plan's lesson price and its month
 * at each of the course's lessons a week, the single visit's month among them.
 */
export function shownPriceAmounts(courses: readonly PricedCourse[]): number[] {
  return [
    ...new Set(
      courses.flatMap((course) =>
        Object.values(course.prices).flatMap((lessonPrice) => [
          Math.round(lessonPrice),
          ...course.lessonsPerWeek.map((perWeek) =>
            Math.round(lessonPrice * lessonsPerMonth(perWeek)),
          ),
        ]),
      ),
    ),
  ]
}
