import type { CourseEntry } from '@it-lab/shared/catalogue'
import {
  lessonPrices,
  PRICE_FORMAT,
  PRICE_LOCALE,
  shownPriceAmounts,
} from '#app/content/price-amounts.ts'

/**
 * `define` for Vite: every amount the content shows, formatted once by the build's
 * Intl.NumberFormat, so the browser creates no formatter while it hydrates (features/course/price-plans.ts).
 */
export function definePriceTexts(
  courses: readonly Pick<CourseEntry, 'prices' | 'pricesPer' | 'lessonsPerWeek'>[],
): Record<string, string> {
  const rubles = new Intl.NumberFormat(PRICE_LOCALE, PRICE_FORMAT)
  return {
    __PRICE_TEXTS__: JSON.stringify(
      Object.fromEntries(
        shownPriceAmounts(
          courses.map((course) => ({
            prices: lessonPrices(course),
            lessonsPerWeek: course.lessonsPerWeek,
          })),
        ).map((amount) => [amount, rubles.format(amount)]),
      ),
    ),
  }
}
