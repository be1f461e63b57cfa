import { PRICE_FORMAT, PRICE_LOCALE, SHOWN_PRICE_AMOUNTS } from '#app/content/price-plans.ts'

/**
 * `define` for Vite: every amount the content shows, formatted once by the build's
 * Intl.NumberFormat, so the browser creates no formatter while it hydrates (features/course/price-plans.ts).
 */
export function definePriceTexts(): Record<string, string> {
  const rubles = new Intl.NumberFormat(PRICE_LOCALE, PRICE_FORMAT)
  return {
    __PRICE_TEXTS__: JSON.stringify(
      Object.fromEntries(SHOWN_PRICE_AMOUNTS.map((amount) => [amount, rubles.format(amount)])),
    ),
  }
}
