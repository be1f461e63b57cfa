import { describe, expect, it } from 'vitest'
import { courses } from '#app/content/courses.ts'
import {
  LESSONS_PER_MONTH,
  PRICE_FORMAT,
  PRICE_LOCALE,
  PRICE_PLANS,
} from '#app/content/price-plans.ts'
import { buildPricePlans, discountPercent, formatRubles } from './price-plans'

// Intl puts a no-break space between digit groups; compare with ordinary spaces.
const plain = (text: string) => text.replace(/\s/g, ' ')

describe('buildPricePlans', () => {
  // A price table of the real shape, not the school's: the arithmetic must hold for any prices.
  const prices = { basic: 1000, month: 900, fourMonth: 835, year: 700 }
  const plans = buildPricePlans(prices)

  it('returns one plan per payment plan, in display order, each with its lesson price', () => {
    expect(plans.map((plan) => plan.key)).toEqual(PRICE_PLANS.map((plan) => plan.key))
    for (const plan of plans) expect(plan.lessonPrice, plan.key).toBe(prices[plan.key])
  })

  it('gives the basic plan no monthly figures', () => {
    expect(plans[0]).toMatchObject({ key: 'basic', lessonPrice: 1000 })
    expect(plans[0]?.monthly).toBeUndefined()
  })

  it('gives each other plan a month at its price, the month at the basic price and the saving', () => {
    const month = (lessonPrice: number) => lessonPrice * LESSONS_PER_MONTH
    expect(plans.map((plan) => plan.monthly)).toEqual([
      undefined,
      { price: month(900), basePrice: month(1000), discountPercent: 10 },
      // 16.5 % rounds up.
      { price: month(835), basePrice: month(1000), discountPercent: 17 },
      { price: month(700), basePrice: month(1000), discountPercent: 30 },
    ])
  })
})

describe('discountPercent', () => {
  it('rounds half up and guards a zero basic price', () => {
    expect(discountPercent(1000, 1500)).toBe(33)
    expect(discountPercent(995, 1000)).toBe(1)
    expect(discountPercent(1500, 1500)).toBe(0)
    expect(discountPercent(10, 0)).toBe(0)
  })
})

describe('formatRubles', () => {
  it('groups digits the Russian way and adds the rouble sign', () => {
    expect(plain(formatRubles(900))).toBe('900 ₽')
    expect(plain(formatRubles(4500))).toBe('4 500 ₽')
    expect(plain(formatRubles(125000))).toBe('125 000 ₽')
  })

  it('keeps the sign on the number’s line', () => {
    expect(formatRubles(900)).toBe('900\u00a0₽')
  })

  it('every price a card shows was formatted by the build, as the browser would format it', () => {
    const rubles = new Intl.NumberFormat(PRICE_LOCALE, PRICE_FORMAT)
    const shown = courses
      .flatMap(({ prices }) => buildPricePlans(prices))
      .flatMap((plan) => [
        plan.lessonPrice,
        ...(plan.monthly ? [plan.monthly.price, plan.monthly.basePrice] : []),
      ])
    for (const amount of shown) {
      expect(__PRICE_TEXTS__[amount], String(amount)).toBe(rubles.format(amount))
      expect(formatRubles(amount)).toBe(`${rubles.format(amount)}\u00a0₽`)
    }
    // 125 000 is not among them: formatted when asked.
    expect(__PRICE_TEXTS__[125000]).toBeUndefined()
  })
})
