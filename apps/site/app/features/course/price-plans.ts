import type { CoursePrices } from '~/content/courses'

/** 1 month = 4 lessons (docs/behaviour.md, "Prices"). */
export const LESSONS_PER_MONTH = 4

export type PricePlanKey = keyof CoursePrices

/** Monthly figures of a plan paid for by the month or longer. */
export type MonthlyPrice = {
  /** 4 × the plan's lesson price. */
  price: number
  /** 4 × the basic lesson price, shown struck through. */
  basePrice: number
  /** Saving against the basic lesson price, rounded to a whole percent. */
  discountPercent: number
}

export type PricePlan = {
  key: PricePlanKey
  /** 'Разовое посещение', 'за 1 месяц', 'от 4 месяцев', 'Полный курс'. */
  label: string
  /** The line under the label. */
  note: string
  /** 'Выгодно' on the full course. */
  badge?: string
  lessonPrice: number
  /** Absent on the basic (single-visit) plan. */
  monthly?: MonthlyPrice
}

const PLAN_TEXT: Record<PricePlanKey, { label: string; note: string; badge?: string }> = {
  basic: { label: 'Разовое посещение', note: 'Без абонемента' },
  month: { label: 'за 1 месяц', note: 'Частичная оплата' },
  fourMonth: { label: 'от 4 месяцев', note: 'Частичная оплата с выгодой' },
  year: { label: 'Полный курс', note: 'Доступ к курсу на 1 год', badge: 'Выгодно' },
}

const PLAN_ORDER: readonly PricePlanKey[] = ['basic', 'month', 'fourMonth', 'year']

/** The saving of `lessonPrice` against `basicPrice`, as a whole percent (1125 of 1500 → 25). */
export function discountPercent(lessonPrice: number, basicPrice: number): number {
  if (basicPrice <= 0) return 0
  return Math.round(((basicPrice - lessonPrice) / basicPrice) * 100)
}

/** The four price cards of 'Стоимость обучения', in display order (docs/behaviour.md, "Prices"). */
export function buildPricePlans(prices: CoursePrices): PricePlan[] {
  return PLAN_ORDER.map((key) => {
    const lessonPrice = prices[key]
    const plan: PricePlan = { key, ...PLAN_TEXT[key], lessonPrice }
    if (key !== 'basic') {
      plan.monthly = {
        price: lessonPrice * LESSONS_PER_MONTH,
        basePrice: prices.basic * LESSONS_PER_MONTH,
        discountPercent: discountPercent(lessonPrice, prices.basic),
      }
    }
    return plan
  })
}

const rubles = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 })

/** '4 500 ₽' — Russian digit grouping; a no-break space keeps the sign with the number. */
export function formatRubles(amount: number): string {
  return `${rubles.format(amount)}\u00a0₽`
}
