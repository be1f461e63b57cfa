import { TRIAL_PROMO, TRIAL_PROMO_POINTS } from '#app/content/course-extras.ts'
import { buttonClass } from '#app/components/button-styles.ts'
import { ContactLink } from '#app/components/contact-link.tsx'
import { EXTRA_ICONS } from './extra-icons'

/** 'Не уверены, подойдёт ли обучение?' — the free trial lesson offer on the course page. */
export function TrialPromoSection() {
  return (
    <section aria-labelledby="trial-promo-heading" className="py-12 sm:py-16">
      <div className="mx-auto max-w-6xl px-4">
        <div className="overflow-hidden rounded-3xl bg-brand-700 bg-linear-to-br from-brand-700 to-brand-900 px-5 py-10 text-white sm:px-10 sm:py-14">
          <div className="max-w-3xl">
            <h2
              id="trial-promo-heading"
              className="text-3xl leading-tight font-extrabold sm:text-4xl"
            >
              {TRIAL_PROMO.heading}
            </h2>
            <p className="mt-3 text-xl font-bold text-brand-50 sm:text-2xl">
              {TRIAL_PROMO.subheading}
            </p>
          </div>
          <ul role="list" className="mt-8 grid list-none grid-cols-1 gap-4 sm:grid-cols-2">
            {TRIAL_PROMO_POINTS.map((point) => {
              const Icon = EXTRA_ICONS[point.icon]
              return (
                <li key={point.title} className="flex gap-4 rounded-2xl bg-white/10 p-5">
                  <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-accent-500 text-slate-900">
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <div>
                    <h3 className="text-lg font-extrabold">{point.title}</h3>
                    <p className="mt-1 text-brand-50">{point.description}</p>
                  </div>
                </li>
              )
            })}
          </ul>
          <ContactLink
            className={buttonClass(
              'accent',
              'md',
              'mt-8 min-h-12 w-full text-base sm:w-auto sm:px-6 sm:text-lg',
            )}
          >
            {TRIAL_PROMO.button}
          </ContactLink>
        </div>
      </div>
    </section>
  )
}
