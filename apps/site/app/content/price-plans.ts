// Payment plans (docs/behaviour.md, "Prices"): the texts the price cards and the structured data
// both read. Each course's prices are in its file (content/courses/).
import { LESSON_FORMS, pluralRu } from './plural.ts'

/** Price of one lesson in rubles for each payment plan. */
export type CoursePrices = { basic: number; month: number; fourMonth: number; year: number }

export type PricePlanKey = keyof CoursePrices

/** One month of lessons. */
export const LESSONS_PER_MONTH = 4

/** How prices are written: Russian digit grouping, whole rubles. */
export const PRICE_LOCALE = 'ru-RU'
export const PRICE_FORMAT: Intl.NumberFormatOptions = { maximumFractionDigits: 0 }

/** Every amount of rubles the prices show: each plan's lesson price and a month of it. */
export function shownPriceAmounts(prices: readonly CoursePrices[]): number[] {
  return [
    ...new Set(
      prices.flatMap((plans) =>
        Object.values(plans).flatMap((lessonPrice) => [
          lessonPrice,
          lessonPrice * LESSONS_PER_MONTH,
        ]),
      ),
    ),
  ]
}

/** '4 занятия', kept on one line. */
export const LESSONS_PER_MONTH_TEXT = `${LESSONS_PER_MONTH}\u00a0${pluralRu(LESSONS_PER_MONTH, LESSON_FORMS)}`

export type PricePlanText = {
  key: PricePlanKey
  /** The card's heading. */
  label: string
  /** The line under the label. */
  note: string
  /** 'Выгодно' on the full course. */
  badge?: string
  /** The offer's name in the structured data (a search result shows it without the card). */
  offerName: string
}

/** The payment plans in display order. */
export const PRICE_PLANS: readonly PricePlanText[] = [
  {
    key: 'basic',
    label: 'Разовое посещение',
    note: 'Без абонемента',
    offerName: 'Разовое посещение',
  },
  {
    key: 'month',
    label: 'за 1 месяц',
    note: 'Частичная оплата',
    offerName: 'Абонемент на 1 месяц, за занятие',
  },
  {
    key: 'fourMonth',
    label: 'от 4 месяцев',
    note: 'Частичная оплата с выгодой',
    offerName: 'Абонемент от 4 месяцев, за занятие',
  },
  {
    key: 'year',
    label: 'Полный курс',
    note: 'Доступ к курсу на 1 год',
    badge: 'Выгодно',
    offerName: 'Полный курс, за занятие',
  },
]
