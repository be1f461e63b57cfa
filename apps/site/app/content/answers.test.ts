import { describe, expect, it } from 'vitest'
import type { FaqFile, ReviewFile } from '@it-lab/shared/content'
import { faqEntries, paragraphsOf, reviewEntries } from './answers-files.ts'
import { paymentWays } from './payment-ways.ts'

const question = (name: string, order: number): { file: string; value: FaqFile } => ({
  file: `content/faq/${name}.json`,
  value: { question: `Вопрос ${name}?`, answer: 'Ответ.', order, sample: false },
})

const review = (name: string, value: Partial<ReviewFile>): { file: string; value: ReviewFile } => ({
  file: `content/reviews/${name}.json`,
  value: {
    text: 'Отзыв.',
    author: 'мама Маши',
    date: '',
    source: 'written',
    link: '',
    sample: false,
    ...value,
  },
})

describe('questions', () => {
  it('go by «Порядок», ties by file name', () => {
    const shown = faqEntries([question('b', 2), question('c', 1), question('a', 2)])
    expect(shown.map(({ id }) => id)).toEqual(['c', 'a', 'b'])
  })

  it('split an answer into paragraphs at blank lines', () => {
    expect(paragraphsOf('Первый абзац\nещё строка.\n\n  \nВторой абзац. ')).toEqual([
      'Первый абзац\nещё строка.',
      'Второй абзац.',
    ])
  })
})

describe('reviews', () => {
  it('go newest first, undated last, with the day in Russian and the link only when there is one', () => {
    const shown = reviewEntries([
      review('undated', {}),
      review('old', { date: '2025-11-02', source: 'vk', link: 'https://vk.com/wall-1_2' }),
      review('new', { date: '2026-03-12' }),
    ])
    expect(shown.map(({ id, dateText, link }) => [id, dateText, link])).toEqual([
      ['new', '12 марта 2026', undefined],
      ['old', '2 ноября 2025', 'https://vk.com/wall-1_2'],
      ['undated', undefined, undefined],
    ])
  })
})

describe('ways to pay', () => {
  const licence = { number: 'Л035-01234-30/00123456', date: '2024-05-20', issuer: 'Министерство' }
  const payments = { taxDeduction: true, maternityCapital: false, pfdo: true, pfdoUrl: '' }

  it('are none without a licence, whatever the owner ticked', () => {
    expect(paymentWays({ payments })).toEqual([])
  })

  it('are the ones ticked, with the navigator link when there is one', () => {
    expect(paymentWays({ licence, payments }).map(({ title }) => title)).toEqual([
      'Налоговый вычет',
      'Сертификат дополнительного образования (ПФДО)',
    ])
    const [, pfdo] = paymentWays({
      licence,
      payments: { ...payments, pfdoUrl: 'https://р30.навигатор.дети/' },
    })
    expect(pfdo?.link?.href).toBe('https://р30.навигатор.дети/')
  })

  it('promise no amount: no digits in what they say', () => {
    const all = paymentWays({
      licence,
      payments: { taxDeduction: true, maternityCapital: true, pfdo: true, pfdoUrl: '' },
    })
    expect(all).toHaveLength(3)
    for (const way of all) expect(way.paragraphs.join(' ')).not.toMatch(/\d/)
  })
})
