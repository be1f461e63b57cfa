import { ChevronDown } from 'lucide-react'
import { SampleBadge } from '#app/components/sample-badge.tsx'
import { SectionHeading } from '#app/components/section-heading.tsx'
import { anchors } from '#app/config/paths.ts'
import { faq as allQuestions, type FaqEntry } from '#app/content/faq.ts'

/** The heading, also the page's word for the section. */
export const FAQ_HEADING = 'Частые вопросы'

/**
 * «Частые вопросы» on the home page: each answer in a native <details>, so it opens with a tap
 * or the keyboard with or without JavaScript; absent when the school has no questions.
 */
export function FaqSection({
  entries = allQuestions,
  open = false,
}: {
  entries?: readonly FaqEntry[]
  /** Every answer shown open: the editor's preview. */
  open?: boolean
}) {
  if (entries.length === 0) return null
  return (
    <section id={anchors.faq} aria-labelledby="faq-heading" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-4xl px-4">
        <SectionHeading id="faq-heading" title={FAQ_HEADING} />
        <div className="mt-8 flex flex-col gap-3">
          {entries.map((entry) => (
            <details
              key={entry.id}
              open={open || undefined}
              className="group rounded-2xl bg-slate-50 ring-1 ring-slate-200 open:bg-white open:shadow-sm"
            >
              <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-lg font-bold text-brand-900 hover:text-brand-700 [&::-webkit-details-marker]:hidden">
                <span>
                  {entry.question}
                  <SampleBadge sample={entry.sample} />
                </span>
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-brand-600 transition-transform group-open:rotate-180"
                />
              </summary>
              <div className="flex flex-col gap-3 px-5 pb-5 text-slate-700">
                {entry.paragraphs.map((paragraph, index) => (
                  <p key={index}>{paragraph}</p>
                ))}
              </div>
            </details>
          ))}
        </div>
      </div>
    </section>
  )
}
