// Payment plans (docs/behaviour.md, "Prices"): the texts the price cards and the structured data
// both read, from content/pages/course.json (docs/decisions/0071-page-texts.md). Each course's
// prices are in its file (content/courses/).
import { PRICE_KEYS } from '@it-lab/shared/content'
import { COURSE_TEXTS } from './page-texts.ts'
import { LESSONS_PER_MONTH, type CoursePrices } from './price-amounts.ts'
import { LESSON_FORMS, pluralRu } from './plural.ts'

export {
  LESSONS_PER_MONTH,
  PRICE_FORMAT,
  PRICE_LOCALE,
  shownPriceAmounts,
  type CoursePrices,
} from './price-amounts.ts'

export type PricePlanKey = keyof CoursePrices

/** '4 занятия', kept on one line. */
export const LESSONS_PER_MONTH_TEXT = `${LESSONS_PER_MONTH}\u00a0${pluralRu(LESSONS_PER_MONTH, LESSON_FORMS)}`

export type PricePlanText = {
  key: PricePlanKey
  /** The card's heading. */
  label: string
  /** The line under the label. */
  note: string
  /** 'Выгодно' on the full course; a card with a badge is the featured one. */
  badge?: string
  /** The offer's name in the structured data (a search result shows it without the card). */
  offerName: string
}

/** The payment plans in display order. */
export const PRICE_PLANS: readonly PricePlanText[] = PRICE_KEYS.map((key) => {
  const { badge, ...plan } = COURSE_TEXTS.plans[key]
  return { key, ...plan, ...(badge ? { badge } : {}) }
})
