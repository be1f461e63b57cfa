import type { ReactNode } from 'react'
import type { PolicyDocument, PolicySection } from '#app/content/policies/policy-document.ts'

function Paragraphs({ texts }: { texts?: string[] }) {
  // Static texts that never reorder: the index is a stable key (and texts may repeat).
  return texts?.map((text, index) => (
    <p key={index} className="mt-4">
      {text}
    </p>
  ))
}

function Items({ items }: { items?: string[] }) {
  if (!items?.length) return null
  return (
    <ul className="mt-4 list-disc space-y-2 pl-6 marker:text-brand-600">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  )
}

function Section({ section }: { section: PolicySection }) {
  const headingId = `${section.id}-heading`
  return (
    <section id={section.id} aria-labelledby={headingId} className="mt-12">
      <h2 id={headingId} className="text-2xl leading-snug font-extrabold text-brand-900">
        {section.heading}
      </h2>
      <Paragraphs texts={section.paragraphs} />
      <Items items={section.items} />
      {section.subsections?.map((subsection, index) => (
        <div key={index} id={subsection.id} className="mt-8">
          <h3 className="text-lg leading-snug font-extrabold text-brand-900">
            {subsection.heading}
          </h3>
          <Paragraphs texts={subsection.paragraphs} />
          <Items items={subsection.items} />
        </div>
      ))}
    </section>
  )
}

/** A legal text: title, place and date, a table of contents, then its sections (h2) and subsections (h3). */
export function PolicyView({
  document: policy,
  children,
}: {
  document: PolicyDocument
  /** Shown after the text, outside it (e.g. the consent version). */
  children?: ReactNode
}) {
  return (
    <article className="px-4 py-10 sm:py-16">
      <div className="mx-auto max-w-3xl text-base leading-relaxed break-words text-slate-800 sm:text-lg">
        <h1 className="text-3xl leading-tight font-extrabold text-balance text-brand-900 sm:text-4xl">
          {policy.title}
        </h1>
        {(policy.place || policy.updated) && (
          <p className="mt-4 flex flex-wrap justify-between gap-x-6 gap-y-1 text-slate-600">
            {policy.place && <span>{policy.place}</span>}
            {policy.updated && <span>Редакция от {policy.updated}</span>}
          </p>
        )}
        <Paragraphs texts={policy.intro} />
        <nav aria-labelledby="toc-heading" className="mt-10 rounded-3xl bg-brand-50 p-6">
          <h2 id="toc-heading" className="text-lg font-extrabold text-brand-900">
            Содержание
          </h2>
          <ol role="list" className="mt-3 list-none space-y-2">
            {policy.sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="rounded font-bold text-brand-700 underline decoration-brand-200 underline-offset-4 hover:decoration-brand-700"
                >
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {policy.sections.map((section) => (
          <Section key={section.id} section={section} />
        ))}
        {policy.closing && (
          <div className="mt-12 border-t border-slate-200 pt-2">
            <Paragraphs texts={policy.closing} />
          </div>
        )}
        {children}
      </div>
    </article>
  )
}
