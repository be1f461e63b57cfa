// The quiz's promo code and its terms, as the owner states them (content/promises.json,
// `quizPromo`; docs/decisions/0089-every-promise-is-content.md): what it discounts, for how long,
// whether it adds to a plan's discount. No code, no promo: the quiz then promises none.
//
// The lead that follows the quiz may carry the code and the day it was given: QUIZ_PROMO and
// quizPromoLastDay are what it needs.
import type { PromisesFile, PromoCombines } from '@it-lab/shared/content'
import { readPromises } from './content-files.ts'
import { pluralRu } from './plural.ts'
import { russianDate } from './russian-date.ts'

type QuizPromoFile = PromisesFile['quizPromo']

/** A promo code the quiz may give: its code, discount and days are all there. */
export type QuizPromo = {
  code: string
  percent: number
  validDays: number
  /** «первый месяц занятий», going on «Скидка действует на …»; empty when not stated. */
  appliesTo: string
  /** Whether it adds to a plan's discount; '' when not stated. */
  combines: PromoCombines
  sample: boolean
}

/** The file's promo code when it has one (the content check wants its discount and days then). */
export function quizPromoOf(file: QuizPromoFile): QuizPromo | undefined {
  const { code, percent, validDays } = file
  if (!code || percent === undefined || validDays === undefined) return undefined
  return { ...file, code, percent, validDays }
}

const file: QuizPromoFile =
  typeof __QUIZ_PROMO__ === 'undefined' ? readPromises().quizPromo : __QUIZ_PROMO__

export const QUIZ_PROMO: QuizPromo | undefined = quizPromoOf(file)

/** «Скидка действует на первый месяц занятий и не суммируется со скидкой абонемента.» */
export function quizPromoTerms({ appliesTo, combines }: QuizPromo): string | undefined {
  const adds =
    combines === 'no'
      ? 'не суммируется со скидкой абонемента'
      : combines === 'yes'
        ? 'суммируется со скидкой абонемента'
        : ''
  if (appliesTo && adds) return `Скидка действует на ${appliesTo} и ${adds}.`
  if (appliesTo) return `Скидка действует на ${appliesTo}.`
  if (adds) return `Скидка ${adds}.`
  return undefined
}

const DAY_MS = 24 * 60 * 60 * 1000

/** Today in the school's city, as YYYY-MM-DD: the day a code is given. */
export function schoolDay(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Astrakhan' }).format(now)
}

/**
 * The last day a code given on `givenOn` (YYYY-MM-DD) is valid: `validDays` days after it, that day
 * included (a code of 30 days given on 1 December holds until 31 December).
 */
export function quizPromoLastDay(givenOn: string, validDays: number): string {
  const day = new Date(`${givenOn}T00:00:00Z`).getTime() + validDays * DAY_MS
  return new Date(day).toISOString().slice(0, 10)
}

/** «Действует 30 дней, до 31 декабря включительно.» (the year named when it is not this one). */
export function quizPromoValidity(promo: QuizPromo, givenOn: string): string {
  const last = quizPromoLastDay(givenOn, promo.validDays)
  const date = russianDate(last)
  const shown =
    last.slice(0, 4) === givenOn.slice(0, 4) ? date.replace(/ \d{4}$/, '') : `${date} года`
  const days = pluralRu(promo.validDays, ['день', 'дня', 'дней'])
  return `Действует ${promo.validDays}\u00a0${days}, до ${shown} включительно.`
}
