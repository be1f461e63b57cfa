import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentDir } from './read.ts'
import { contentSchemas } from './schema.ts'

// The promises' rules, which the editor shows at each field and publishing checks again
// (docs/decisions/0089-every-promise-is-content.md): every promise may be left empty, and a
// filled one keeps within its limits.

const shipped = (file: string) =>
  JSON.parse(readFileSync(path.join(contentDir(), file), 'utf8')) as Record<string, unknown>

/** Each refused field's path with its message. */
function refusals(schema: keyof ReturnType<typeof contentSchemas>, value: unknown) {
  const result = contentSchemas()[schema].safeParse(value)
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

const promises = shipped('promises.json') as Record<string, Record<string, unknown>>
/** The school's promises with a promo code of the test's own: a school may give none. */
const withPromo = (promo: Record<string, unknown>) => ({
  ...promises,
  quizPromo: { ...promises.quizPromo, code: 'ТЕСТ-10', percent: 10, validDays: 30, ...promo },
})

describe('content/promises.json', () => {
  it('takes the shipped file, and every promise left empty', () => {
    expect(refusals('promises', promises)).toEqual([])
    expect(
      refusals('promises', {
        format: { title: '', text: '' },
        completion: { project: '', projectPrizes: '', discountTerms: '', certificate: '' },
        quizPromo: { code: '', appliesTo: '', combines: '' },
      }),
    ).toEqual([])
  })

  it('wants a promo code’s discount and days, within their limits', () => {
    expect(refusals('promises', withPromo({ percent: undefined, validDays: undefined }))).toEqual([
      'quizPromo.percent: нужен размер скидки по промокоду',
      'quizPromo.validDays: нужно, сколько дней действует промокод',
    ])
    expect(refusals('promises', withPromo({ percent: 60, validDays: 0 }))).toEqual([
      'quizPromo.percent: скидка в процентах: не больше 50',
      'quizPromo.validDays: срок в днях: не меньше 1',
    ])
    expect(refusals('promises', withPromo({ code: 'ТЕСТ 10' }))).toEqual([
      'quizPromo.code: от 2 до 20 букв и цифр, можно с дефисом, без пробелов',
    ])
  })

  it('refuses words that would end a sentence the site goes on with', () => {
    expect(refusals('promises', withPromo({ appliesTo: 'первый месяц.' }))).toEqual([
      'quizPromo.appliesTo: без точки в конце: эти слова продолжают фразу «Скидка действует на …»',
    ])
  })

  it('wants a title with a text, and an amount with a discount’s terms', () => {
    expect(
      refusals('promises', {
        ...promises,
        format: { title: 'Очные занятия', text: '' },
        completion: { ...promises.completion, discountTerms: 'На первый месяц.' },
      }),
    ).toEqual([
      'format.text: нужен текст под заголовком, или сотрите и заголовок',
      'completion.discountPercent: впишите размер скидки или сотрите её условия',
    ])
  })
})

describe('content/trial-offer.json and content/prizes.json', () => {
  const trial = shipped('trial-offer.json') as Record<string, Record<string, unknown>>
  const prizes = shipped('prizes.json') as Record<string, Record<string, unknown>>

  it('take the shipped files, a trial without details and prizes without a draw', () => {
    expect(refusals('trialOffer', trial)).toEqual([])
    expect(refusals('trialOffer', { ...trial, details: undefined })).toEqual([])
    expect(refusals('prizes', prizes)).toEqual([])
    expect(refusals('prizes', { ...prizes, items: [], draw: undefined })).toEqual([])
  })

  it('keep the trial’s details within their limits', () => {
    expect(
      refusals('trialOffer', {
        ...trial,
        details: { ...trial.details, minutes: 600, callBack: 'в течение дня.' },
      }),
    ).toEqual([
      'details.minutes: длительность в минутах: не больше 240',
      'details.callBack: без точки в конце: эти слова продолжают фразу «Мы перезвоним …»',
    ])
  })

  it('want a draw that ends after it starts, and its rules at an https address', () => {
    expect(
      refusals('prizes', {
        ...prizes,
        draw: { ...prizes.draw, start: '2026-09-01', end: '2026-08-31', rulesUrl: 'vk.com/itlab' },
      }),
    ).toEqual([
      'draw.rulesUrl: нужна ссылка на страницу с правилами, которая начинается с https://',
      'draw.end: розыгрыш не может закончиться раньше, чем начался',
    ])
  })
})
