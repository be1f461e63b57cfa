// Payment plans (docs/behaviour.md, "Prices"): the texts the price cards and the structured data
// both read, from content/pages/course.json (docs/decisions/0071-page-texts.md), with a course's
// own words where its file has them. Each course's prices, the plans it offers and how often it
// meets are in its file (content/courses/, docs/decisions/0087-a-month-is-its-lessons.md).
import {
  minutesText,
  monthLessonsText,
  PRICE_KEYS,
  timesAWeekText,
  WEEKS_PER_MONTH,
  type CourseEntry,
} from '@it-lab/shared/content'
import { COURSE_TEXTS } from './page-texts.ts'
import type { CoursePrices, PricedCourse } from './price-amounts.ts'

export {
  lessonPrices,
  PRICE_FORMAT,
  PRICE_LOCALE,
  shownPriceAmounts,
  type CoursePrices,
  type PricedCourse,
} from './price-amounts.ts'

export type PricePlanKey = keyof CoursePrices

/**
 * What the prices' lead says after «Цена одного занятия зависит…»: how often the course meets and
 * how many lessons its month counts. Once a week with no length stated it says what it always
 * said, «В месяце 4 занятия.»; more often, that a month is counted as four weeks.
 */
export function monthLessonsLead({
  lessonsPerWeek,
  lessonMinutes,
}: {
  lessonsPerWeek: readonly number[]
  lessonMinutes?: number
}): string {
  const once = lessonsPerWeek.length === 1 && lessonsPerWeek[0] === 1
  const month = monthLessonsText(lessonsPerWeek)
  if (once && lessonMinutes === undefined) return `В месяце ${month}.`
  const length = lessonMinutes === undefined ? '' : ` по ${minutesText(lessonMinutes)}`
  const differ = lessonsPerWeek.length > 1 ? ' — смотря по группе' : ''
  const meets = `Занятия ${timesAWeekText(lessonsPerWeek)}${length}${differ}.`
  return once
    ? `${meets} В месяце ${month}.`
    : `${meets} Месяц считаем за ${WEEKS_PER_MONTH} недели — это ${month}.`
}

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

/** The four plans' common texts in display order, for a course that has no words of its own. */
export const PRICE_PLANS: readonly PricePlanText[] = PRICE_KEYS.map((key) => {
  const { badge, ...plan } = COURSE_TEXTS.plans[key]
  return { key, ...plan, ...(badge ? { badge } : {}) }
})

/** What a course's plans are read from: its lesson prices, lessons a week and own words. */
export type PlannedCourse = PricedCourse & Pick<CourseEntry, 'planTexts'>

/**
 * The plans a course offers (a subscription is offered when its price is filled), in display
 * order, each with the course's own label and note where it has them. A renamed plan's offer is
 * named by its label: the common offer name would name the plan it no longer is.
 */
export function coursePlans(course: PlannedCourse): (PricePlanText & { lessonPrice: number })[] {
  return PRICE_PLANS.flatMap((plan) => {
    const lessonPrice = course.prices[plan.key]
    if (lessonPrice === undefined) return []
    const own = course.planTexts.find((text) => text.plan === plan.key)
    const label = own?.label || plan.label
    const offerName = own?.label
      ? plan.key === 'basic'
        ? own.label
        : `${own.label}, за занятие`
      : plan.offerName
    return [{ ...plan, label, note: own?.note || plan.note, offerName, lessonPrice }]
  })
}
