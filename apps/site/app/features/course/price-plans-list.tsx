import { monthLessonsText } from '@it-lab/shared/content'
import type { PlannedCourse } from '#app/content/price-plans.ts'
import { buildPricePlans, formatMonth, formatRubles, type PricePlan } from './price-plans'

function percent(value: number): string {
  return `${value}\u00a0%`
}

/** The card's last line: the lesson's price and the month's lessons it was counted from. */
function lessonLine(plan: PricePlan, lessonsPerWeek: readonly number[]): string {
  // A month's price divided by its lessons may leave kopecks: the card rounds and says so.
  const about = Number.isInteger(plan.lessonPrice) ? '' : 'около '
  const differ = lessonsPerWeek.length > 1 ? ' — смотря по группе' : ''
  return `${about}${formatRubles(plan.lessonPrice)} за занятие, ${monthLessonsText(lessonsPerWeek)} в\u00a0месяц${differ}`
}

function PlanCard({
  plan,
  lessonsPerWeek,
}: {
  plan: PricePlan
  lessonsPerWeek: readonly number[]
}) {
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
            <span
              className={`${plan.monthly.upTo ? 'text-2xl' : 'text-3xl'} font-extrabold text-brand-900 tabular-nums`}
            >
              {formatMonth(plan.monthly, plan.monthly.upTo, 'price')}
            </span>{' '}
            <span className="text-slate-600">в месяц</span>
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
            <s className="text-slate-500 tabular-nums">
              <span className="sr-only">Без скидки: </span>
              {formatMonth(plan.monthly, plan.monthly.upTo, 'basePrice')}
            </s>{' '}
            <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-sm font-extrabold text-emerald-900">
              Скидка {percent(plan.monthly.discountPercent)}
            </span>
          </p>
          <p className="mt-auto pt-4 text-sm text-slate-600">{lessonLine(plan, lessonsPerWeek)}</p>
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

/** The price cards of 'Стоимость обучения': one a plan the course offers. */
export function PricePlansList({ course }: { course: PlannedCourse }) {
  const plans = buildPricePlans(course)
  return (
    <ul
      role="list"
      className={`grid list-none grid-cols-1 gap-6 sm:grid-cols-2 ${plans.length === 3 ? 'lg:grid-cols-3' : 'lg:grid-cols-4'}`}
    >
      {plans.map((plan) => (
        <li key={plan.key}>
          <PlanCard plan={plan} lessonsPerWeek={course.lessonsPerWeek} />
        </li>
      ))}
    </ul>
  )
}
