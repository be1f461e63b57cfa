import { describe, expect, it } from 'vitest'
import {
  quizPromoLastDay,
  quizPromoOf,
  quizPromoTerms,
  quizPromoValidity,
  schoolDay,
  type QuizPromo,
} from './quiz-promo.ts'

// The quiz's promo code as the owner states it (docs/decisions/0089-every-promise-is-content.md).

const promo: QuizPromo = {
  code: 'ТЕСТ-10',
  percent: 10,
  validDays: 30,
  appliesTo: '',
  combines: '',
  sample: false,
}

describe("the quiz's promo code", () => {
  it('is none without a code, a discount or its days', () => {
    expect(quizPromoOf({ ...promo, code: '' })).toBeUndefined()
    expect(quizPromoOf({ ...promo, percent: undefined })).toBeUndefined()
    expect(quizPromoOf({ ...promo, validDays: undefined })).toBeUndefined()
    expect(quizPromoOf(promo)).toEqual(promo)
  })

  it('holds its days after the day it was given, that day counted in Astrakhan', () => {
    expect(quizPromoLastDay('2026-12-01', 30)).toBe('2026-12-31')
    expect(quizPromoLastDay('2028-02-28', 1)).toBe('2028-02-29')
    expect(quizPromoValidity(promo, '2026-03-02')).toBe(
      'Действует 30\u00a0дней, до 1 апреля включительно.',
    )
    expect(quizPromoValidity({ ...promo, validDays: 21 }, '2026-12-20')).toBe(
      'Действует 21\u00a0день, до 10 января 2027 года включительно.',
    )
    // 20:30 UTC on 31 December is already 1 January in Astrakhan (UTC+4).
    expect(schoolDay(new Date('2026-12-31T20:30:00Z'))).toBe('2027-01-01')
  })

  it('says its terms as the owner gave them', () => {
    expect(quizPromoTerms(promo)).toBeUndefined()
    expect(quizPromoTerms({ ...promo, appliesTo: 'первый месяц занятий' })).toBe(
      'Скидка действует на первый месяц занятий.',
    )
    expect(quizPromoTerms({ ...promo, combines: 'yes' })).toBe(
      'Скидка суммируется со скидкой абонемента.',
    )
    expect(quizPromoTerms({ ...promo, appliesTo: 'первый месяц занятий', combines: 'no' })).toBe(
      'Скидка действует на первый месяц занятий и не суммируется со скидкой абонемента.',
    )
  })
})
