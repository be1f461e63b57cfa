import { describe, expect, it } from 'vitest'
import { courses } from '#app/content/courses.ts'
import {
  lessonPrices,
  monthLessonsLead,
  PRICE_FORMAT,
  PRICE_LOCALE,
  PRICE_PLANS,
} from '#app/content/price-plans.ts'
import { buildPricePlans, discountPercent, formatMonth, formatRubles } from './price-plans'

// Intl puts a no-break space between digit groups; compare with ordinary spaces.
const plain = (text: string) => text.replace(/\s/g, ' ')

describe('buildPricePlans', () => {
  // A price table of the real shape, not the school's: the arithmetic must hold for any prices.
  const prices = { basic: 1000, month: 900, fourMonth: 835, year: 700 }
  const course = (lessonsPerWeek: number[], extra = {}) => ({
    prices,
    lessonsPerWeek,
    planTexts: [],
    ...extra,
  })
  const plans = buildPricePlans(course([1]))

  it('returns one plan per payment plan, in display order, each with its lesson price', () => {
    expect(plans.map((plan) => plan.key)).toEqual(PRICE_PLANS.map((plan) => plan.key))
    for (const plan of plans) expect(plan.lessonPrice, plan.key).toBe(prices[plan.key])
  })

  it('gives the basic plan no monthly figures', () => {
    expect(plans[0]).toMatchObject({ key: 'basic', lessonPrice: 1000 })
    expect(plans[0]?.monthly).toBeUndefined()
  })

  it.each([
    // Once a week: 4 lessons a month, as the site always counted.
    [1, 4],
    // A month is four weeks: twice a week is 8 lessons, three times 12.
    [2, 8],
    [3, 12],
  ])(
    'at %i lessons a week, a month is %i lessons: each plan’s month, the single visit’s and the saving',
    (perWeek, lessons) => {
      expect(buildPricePlans(course([perWeek])).map((plan) => plan.monthly)).toEqual([
        undefined,
        { price: 900 * lessons, basePrice: 1000 * lessons, discountPercent: 10 },
        // 16.5 % rounds up.
        { price: 835 * lessons, basePrice: 1000 * lessons, discountPercent: 17 },
        { price: 700 * lessons, basePrice: 1000 * lessons, discountPercent: 30 },
      ])
    },
  )

  it('where groups meet once or twice a week, gives the month at both: «от … до …»', () => {
    const [, month] = buildPricePlans(course([2, 1]))
    expect(month?.monthly).toEqual({
      price: 3600,
      basePrice: 4000,
      upTo: { price: 7200, basePrice: 8000 },
      discountPercent: 10,
    })
    if (!month?.monthly) throw new Error('no month')
    expect(plain(formatMonth(month.monthly, month.monthly.upTo, 'price'))).toBe(
      'от 3 600 до 7 200 ₽',
    )
    expect(plain(formatMonth(month.monthly, undefined, 'price'))).toBe('3 600 ₽')
  })

  it('offers only the plans the course has a price for, under its own words where it has them', () => {
    const own = buildPricePlans(
      course([1], {
        prices: { basic: 1000, month: 900, year: 700 },
        planTexts: [{ plan: 'year', label: '', note: 'Оплата сразу за 3 месяца' }],
      }),
    )
    expect(own.map(({ key, label, note }) => [key, label, note])).toEqual([
      ['basic', PRICE_PLANS[0]?.label, PRICE_PLANS[0]?.note],
      ['month', PRICE_PLANS[1]?.label, PRICE_PLANS[1]?.note],
      ['year', PRICE_PLANS[3]?.label, 'Оплата сразу за 3 месяца'],
    ])
  })
})

describe('a price entered by the month', () => {
  const entered = (lessonsPerWeek: number[], month: number) =>
    lessonPrices({ prices: { basic: 1500, month }, pricesPer: 'month', lessonsPerWeek })

  it.each([
    [1, 4500, 1125],
    [2, 9000, 1125],
    [3, 12_000, 1000],
  ])('at %i lessons a week, %i ₽ a month is %i ₽ a lesson', (perWeek, month, lesson) => {
    expect(entered([perWeek], month)).toEqual({ basic: 1500, month: lesson })
    const [, plan] = buildPricePlans({
      prices: entered([perWeek], month),
      lessonsPerWeek: [perWeek],
      planTexts: [],
    })
    // The month shows as typed.
    expect(plan?.monthly?.price).toBe(month)
  })

  it('keeps kopecks when the month does not divide: 9 500 ₽ for 8 lessons is 1 187,50 ₽', () => {
    expect(entered([2], 9500).month).toBe(1187.5)
  })
})

describe('monthLessonsLead', () => {
  it('says what it always said for a course once a week with no length stated', () => {
    expect(plain(monthLessonsLead({ lessonsPerWeek: [1] }))).toBe('В месяце 4 занятия.')
  })

  it('names how often and how long, and counts a month as four weeks', () => {
    expect(plain(monthLessonsLead({ lessonsPerWeek: [2], lessonMinutes: 90 }))).toBe(
      'Занятия 2 раза в неделю по 90 минут. Месяц считаем за 4 недели — это 8 занятий.',
    )
    expect(plain(monthLessonsLead({ lessonsPerWeek: [3] }))).toBe(
      'Занятия 3 раза в неделю. Месяц считаем за 4 недели — это 12 занятий.',
    )
    expect(plain(monthLessonsLead({ lessonsPerWeek: [1], lessonMinutes: 45 }))).toBe(
      'Занятия 1 раз в неделю по 45 минут. В месяце 4 занятия.',
    )
    expect(plain(monthLessonsLead({ lessonsPerWeek: [1, 2], lessonMinutes: 60 }))).toBe(
      'Занятия 1 или 2 раза в неделю по 60 минут — смотря по группе. Месяц считаем за 4 недели — это 4 или 8 занятий.',
    )
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
      .flatMap((course) => buildPricePlans(course))
      .flatMap((plan) => [
        Math.round(plan.lessonPrice),
        ...[plan.monthly, plan.monthly?.upTo].flatMap((month) =>
          month ? [month.price, month.basePrice] : [],
        ),
      ])
    expect(shown.length).toBeGreaterThan(0)
    for (const amount of shown) {
      expect(__PRICE_TEXTS__[amount], String(amount)).toBe(rubles.format(amount))
      expect(formatRubles(amount)).toBe(`${rubles.format(amount)}\u00a0₽`)
    }
    // 125 000 is not among them: formatted when asked.
    expect(__PRICE_TEXTS__[125000]).toBeUndefined()
  })
})
