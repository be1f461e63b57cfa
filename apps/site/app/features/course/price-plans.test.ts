import { describe, expect, it } from 'vitest'
import { courses } from '#app/content/courses.ts'
import { LESSONS_PER_MONTH, PRICE_FORMAT, PRICE_LOCALE } from '#app/content/price-plans.ts'
import { buildPricePlans, discountPercent, formatRubles } from './price-plans'

// Intl puts a no-break space between digit groups; compare with ordinary spaces.
const plain = (text: string) => text.replace(/\s/g, ' ')

// The prices the repository ships for every course (content/courses/*.json).
const COURSE_PRICES = { basic: 1500, month: 1125, fourMonth: 1000, year: 900 }

describe('buildPricePlans', () => {
  const plans = buildPricePlans(COURSE_PRICES)

  it('returns the four plans in order with their labels', () => {
    expect(plans.map((plan) => [plan.key, plan.label, plan.note, plan.badge])).toEqual([
      ['basic', 'Разовое посещение', 'Без абонемента', undefined],
      ['month', 'за 1 месяц', 'Частичная оплата', undefined],
      ['fourMonth', 'от 4 месяцев', 'Частичная оплата с выгодой', undefined],
      ['year', 'Полный курс', 'Доступ к курсу на 1 год', 'Выгодно'],
    ])
  })

  it('gives the basic plan the lesson price and no monthly figures', () => {
    expect(plans[0]).toMatchObject({ key: 'basic', lessonPrice: 1500 })
    expect(plans[0]?.monthly).toBeUndefined()
  })

  it('gives each other plan 4 × its lesson price, the struck 4 × basic and the rounded saving', () => {
    expect(plans.slice(1).map((plan) => [plan.lessonPrice, plan.monthly])).toEqual([
      [1125, { price: 4500, basePrice: 6000, discountPercent: 25 }],
      [1000, { price: 4000, basePrice: 6000, discountPercent: 33 }],
      [900, { price: 3600, basePrice: 6000, discountPercent: 40 }],
    ])
  })

  it('follows other prices too', () => {
    const custom = buildPricePlans({ basic: 1000, month: 900, fourMonth: 835, year: 700 })
    expect(custom.map((plan) => plan.monthly)).toEqual([
      undefined,
      { price: 3600, basePrice: 4000, discountPercent: 10 },
      { price: 3340, basePrice: 4000, discountPercent: 17 },
      { price: 2800, basePrice: 4000, discountPercent: 30 },
    ])
  })

  it('uses the shared prices for every course', () => {
    for (const course of courses) {
      expect(buildPricePlans(course.prices)).toEqual(plans)
    }
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
    expect(plain(formatRubles(1125 * LESSONS_PER_MONTH))).toBe('4 500 ₽')
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
