import {
  LESSONS_PER_MONTH,
  PRICE_FORMAT,
  PRICE_LOCALE,
  PRICE_PLANS,
  type CoursePrices,
  type PricePlanText,
} from '#app/content/price-plans.ts'

/** Monthly figures of a plan paid for by the month or longer. */
export type MonthlyPrice = {
  /** LESSONS_PER_MONTH × the plan's lesson price. */
  price: number
  /** LESSONS_PER_MONTH × the basic lesson price, shown struck through. */
  basePrice: number
  /** Saving against the basic lesson price, rounded to a whole percent. */
  discountPercent: number
}

export type PricePlan = PricePlanText & {
  lessonPrice: number
  /** Absent on the basic (single-visit) plan. */
  monthly?: MonthlyPrice
}

/** The saving of `lessonPrice` against `basicPrice`, as a whole percent (1125 of 1500 → 25). */
export function discountPercent(lessonPrice: number, basicPrice: number): number {
  if (basicPrice <= 0) return 0
  return Math.round(((basicPrice - lessonPrice) / basicPrice) * 100)
}

/** The four price cards of 'Стоимость обучения', in display order (docs/behaviour.md, "Prices"). */
export function buildPricePlans(prices: CoursePrices): PricePlan[] {
  return PRICE_PLANS.map((text) => {
    const lessonPrice = prices[text.key]
    const plan: PricePlan = { ...text, lessonPrice }
    if (text.key !== 'basic') {
      plan.monthly = {
        price: lessonPrice * LESSONS_PER_MONTH,
        basePrice: prices.basic * LESSONS_PER_MONTH,
        discountPercent: discountPercent(lessonPrice, prices.basic),
      }
    }
    return plan
  })
}

// The build formats every amount the content shows (scripts/price-texts.ts): the browser's first
// Intl formatter loads the engine's locale data, a single task of about 30 ms on a desktop and
// four times that on a phone, in the middle of hydration. Any other amount is formatted here.
let rubles: Intl.NumberFormat | undefined

/** '4 500 ₽' — Russian digit grouping; a no-break space keeps the sign with the number. */
export function formatRubles(amount: number): string {
  const digits =
    __PRICE_TEXTS__[amount] ??
    (rubles ??= new Intl.NumberFormat(PRICE_LOCALE, PRICE_FORMAT)).format(amount)
  return `${digits}\u00a0₽`
}
