import { readFileSync } from 'node:fs'
import path from 'node:path'
import { contentDir } from '@it-lab/shared/content'
import { describe, expect, it } from 'vitest'
import { fieldErrors } from './form/validation.ts'
import { priceFigure } from './price-figure.ts'

// A course's prices in the owner's editor (docs/decisions/0087-a-month-is-its-lessons.md): under
// each price the other figure, counted from the entry's own lessons a week; a refusal at its
// field, in Russian, from the content check's own rules.

const plain = (text: string | undefined) => text?.replace(/\s/g, ' ')
const FILE = 'content/courses/4.json'
const python = JSON.parse(
  readFileSync(path.join(contentDir(), 'courses/4.json'), 'utf8'),
) as Record<string, unknown>

describe('the figure under a price', () => {
  it('gives a lesson’s price its month at the course’s lessons a week', () => {
    expect(plain(priceFigure({ lessonsPerWeek: [2] }, 'plan', 1125))).toBe(
      '= 9 000 ₽ в месяц при 2 занятиях в неделю',
    )
    expect(plain(priceFigure({ lessonsPerWeek: [1] }, 'visit', 1500))).toBe(
      '= 6 000 ₽ в месяц при 1 занятии в неделю',
    )
    expect(plain(priceFigure({ lessonsPerWeek: [3] }, 'plan', 1000))).toBe(
      '= 12 000 ₽ в месяц при 3 занятиях в неделю',
    )
    expect(plain(priceFigure({ lessonsPerWeek: [2, 1] }, 'plan', 1125))).toBe(
      '= 4 500 ₽ в месяц при 1 занятии в неделю, 9 000 ₽ — при 2',
    )
  })

  it('gives a month’s price its lesson, and says «≈» when it leaves kopecks', () => {
    const monthly = { lessonsPerWeek: [2], pricesPer: 'month' }
    expect(plain(priceFigure(monthly, 'plan', 9000))).toBe(
      '= 1 125 ₽ за занятие при 2 занятиях в неделю, 8 в месяц',
    )
    expect(plain(priceFigure(monthly, 'plan', 9500))).toBe(
      '≈ 1 188 ₽ за занятие при 2 занятиях в неделю, 8 в месяц',
    )
    // The single visit is a lesson's price whatever the subscriptions are written in.
    expect(plain(priceFigure(monthly, 'visit', 1500))).toBe(
      '= 12 000 ₽ в месяц при 2 занятиях в неделю',
    )
  })

  it('shows nothing while there is nothing to count', () => {
    expect(priceFigure({ lessonsPerWeek: [2] }, 'plan', undefined)).toBeUndefined()
    expect(priceFigure({ lessonsPerWeek: [2] }, 'plan', '9 000')).toBeUndefined()
    expect(priceFigure({ lessonsPerWeek: [] }, 'plan', 1125)).toBeUndefined()
    expect(
      priceFigure({ lessonsPerWeek: [1, 2], pricesPer: 'month' }, 'plan', 9000),
    ).toBeUndefined()
  })
})

describe('a course’s price refused at its field', () => {
  const errors = (edit: Record<string, unknown>) =>
    Object.fromEntries(fieldErrors(FILE, { ...python, ...edit }))

  it('takes the shipped course as it is', () => {
    expect(errors({})).toEqual({})
  })

  it('a month’s price typed as a lesson’s, pointing at «Цены абонементов»', () => {
    expect(errors({ prices: { basic: 1500, month: 9000 } })).toEqual({
      'prices.month':
        'Абонемент не может стоить дороже разового посещения; если вы вписали цену за месяц, выберите «за месяц» в поле «Цены абонементов»',
    })
  })

  it('a month’s price where the groups meet once or twice a week', () => {
    expect(
      errors({ lessonsPerWeek: [1, 2], pricesPer: 'month', prices: { basic: 1500, month: 9000 } }),
    ).toEqual({
      pricesPer:
        'Группы курса занимаются 1 или 2\u00a0раза в\u00a0неделю, и месяц у них стоит по-разному: впишите цены абонементов «за одно занятие»',
    })
  })

  it('no lessons a week ticked, and «от 4 месяцев» on a 3-month course', () => {
    expect(errors({ lessonsPerWeek: [], months: 3 })).toEqual({
      lessonsPerWeek: 'Отметьте, сколько раз в неделю идут занятия',
      'prices.fourMonth':
        'Курс длится 3 месяца: такого абонемента у него быть не может — оставьте поле пустым',
    })
  })
})
