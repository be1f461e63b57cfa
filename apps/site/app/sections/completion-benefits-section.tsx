import { SampleBadge } from '#app/components/sample-badge.tsx'
import { COURSE_SECTION_HEADINGS } from '#app/content/course-extras.ts'
import { COMPLETION, completionBenefits, type CompletionPromises } from '#app/content/promises.ts'
import { DetailSection } from './detail-section'
import { EXTRA_ICONS } from './extra-icons'

/**
 * 'По завершении курса вы получите:' on the course page: what the owner promises a finished course
 * brings (content/promises.json); the section is gone when she promises nothing.
 */
export function CompletionBenefitsSection({
  completion = COMPLETION,
}: {
  completion?: CompletionPromises
}) {
  const benefits = completionBenefits(completion)
  if (benefits.length === 0) return null
  return (
    <DetailSection
      id="benefits"
      title={COURSE_SECTION_HEADINGS.benefits}
      lead={completion.sample ? <SampleBadge sample /> : undefined}
    >
      <ul role="list" className="grid list-none grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {benefits.map((benefit) => {
          const Icon = EXTRA_ICONS[benefit.icon]
          return (
            <li
              key={benefit.key}
              className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:flex-col"
            >
              <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-accent-500/15 text-accent-700">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <div>
                <h3 className="text-lg font-extrabold text-brand-900">{benefit.received}</h3>
                {benefit.description && (
                  <p className="mt-1 text-slate-600 sm:mt-2">{benefit.description}</p>
                )}
              </div>
            </li>
          )
        })}
      </ul>
    </DetailSection>
  )
}
