import { LESSONS_PER_MONTH_TEXT, type CoursePrices } from '#app/content/price-plans.ts'
import { buildPricePlans, formatRubles, type PricePlan } from './price-plans'

function percent(value: number): string {
  return `${value}\u00a0%`
}

function PlanCard({ plan }: { plan: PricePlan }) {
  const featured = Boolean(plan.badge)
  return (
    <article
      aria-labelledby={`plan-${plan.key}`}
      className={`relative flex h-full flex-col rounded-3xl bg-white p-6 shadow-sm ${
        featured ? 'ring-3 ring-accent-500' : 'ring-1 ring-slate-200'
      }`}
    >
      {plan.badge && (
        <p className="absolute -top-3.5 right-5 rounded-full bg-accent-500 px-3 py-1 text-sm font-extrabold text-slate-900">
          {plan.badge}
        </p>
      )}
      <h3 id={`plan-${plan.key}`} className="text-xl font-extrabold text-brand-900">
        {plan.label}
      </h3>
      <p className="mt-1 text-slate-600">{plan.note}</p>
      {plan.monthly ? (
        <div className="mt-6 flex flex-1 flex-col">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-3xl font-extrabold text-brand-900 tabular-nums">
              {formatRubles(plan.monthly.price)}
            </span>{' '}
            <span className="text-slate-600">в месяц</span>
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
            <s className="text-slate-500 tabular-nums">
              <span className="sr-only">Без скидки: </span>
              {formatRubles(plan.monthly.basePrice)}
            </s>{' '}
            <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-sm font-extrabold text-emerald-900">
              Скидка {percent(plan.monthly.discountPercent)}
            </span>
          </p>
          <p className="mt-auto pt-4 text-sm text-slate-600">
            {formatRubles(plan.lessonPrice)} за занятие, {LESSONS_PER_MONTH_TEXT} в&nbsp;месяц
          </p>
        </div>
      ) : (
        <div className="mt-6 flex flex-1 flex-col">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-3xl font-extrabold text-brand-900 tabular-nums">
              {formatRubles(plan.lessonPrice)}
            </span>{' '}
            <span className="text-slate-600">за занятие</span>
          </p>
          <p className="mt-auto pt-4 text-sm text-slate-600">
            Каждое занятие оплачивается отдельно
          </p>
        </div>
      )}
    </article>
  )
}

/** The four price cards of 'Стоимость обучения'. */
export function PricePlansList({ prices }: { prices: CoursePrices }) {
  return (
    <ul role="list" className="grid list-none grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {buildPricePlans(prices).map((plan) => (
        <li key={plan.key}>
          <PlanCard plan={plan} />
        </li>
      ))}
    </ul>
  )
}
