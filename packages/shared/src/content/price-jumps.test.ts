import { describe, expect, it } from 'vitest'
import { priceJumps, rubles } from './price-jumps.ts'

const course = (prices: Record<string, unknown>) => ({
  id: 4,
  title: 'Python',
  prices: { basic: 1750, month: 1500, fourMonth: 1300, year: 1100, ...prices },
})

describe('priceJumps', () => {
  it('asks about a tenfold price, naming the field and both prices', () => {
    expect(priceJumps(course({}), course({ basic: 17_500 }))).toEqual([
      {
        field: 'prices.basic',
        label: 'Цены → Разовое посещение',
        before: 1750,
        after: 17_500,
        question: 'Точно 17\u00a0500\u00a0₽ вместо 1\u00a0750\u00a0₽?',
      },
    ])
  })

  it('asks about a price cut below a third, each such field in the editor’s order', () => {
    const jumps = priceJumps(course({}), course({ year: 110, month: 4501, basic: 1751 }))
    expect(jumps.map(({ field, before, after }) => [field, before, after])).toEqual([
      ['prices.month', 1500, 4501],
      ['prices.year', 1100, 110],
    ])
  })

  it('takes up to three times either way, and a price without a saved one, without a question', () => {
    expect(priceJumps(course({}), course({ basic: 5250, month: 500, year: 1 }))).toEqual([
      expect.objectContaining({ field: 'prices.year' }),
    ])
    expect(priceJumps({ title: 'новый курс' }, course({}))).toEqual([])
    expect(priceJumps(course({ basic: 0 }), course({ basic: 17_500 }))).toEqual([])
    expect(priceJumps(course({}), { prices: { basic: '17500' } })).toEqual([])
    expect(priceJumps(null, undefined)).toEqual([])
  })

  it('compares a lesson’s price: a month’s price typed in place of a lesson’s asks nothing', () => {
    const twice = (extra: Record<string, unknown>) => ({
      ...course({}),
      lessonsPerWeek: [2],
      ...extra,
    })
    // 1 500 a lesson becomes 12 000 a month of 8 lessons: the same price.
    expect(
      priceJumps(twice({}), twice({ pricesPer: 'month', prices: { basic: 1750, month: 12_000 } })),
    ).toEqual([])
    // 1 500 a month is 187,5 a lesson: a slip, asked about in the figures she typed.
    expect(
      priceJumps(twice({}), twice({ pricesPer: 'month', prices: { basic: 1750, month: 1500 } })),
    ).toEqual([expect.objectContaining({ field: 'prices.month', before: 1500, after: 1500 })])
  })

  it('writes rubles as the owner reads them', () => {
    expect(rubles(1750)).toBe('1\u00a0750\u00a0₽')
    expect(rubles(100_000)).toBe('100\u00a0000\u00a0₽')
  })
})
