import type { ReactNode } from 'react'
import { SectionHeading } from '#app/components/section-heading.tsx'

type DetailSectionProps = {
  id: string
  title: string
  lead?: ReactNode
  /** `split`: on wide screens the heading stays in a left column beside the content. */
  layout?: 'stacked' | 'split'
  className?: string
  children: ReactNode
}

/** One titled section of the course page (an h2 under the course's h1). */
export function DetailSection({
  id,
  title,
  lead,
  layout = 'stacked',
  className = '',
  children,
}: DetailSectionProps) {
  const headingId = `${id}-heading`
  const split = layout === 'split'
  return (
    <section id={id} aria-labelledby={headingId} className={`py-12 sm:py-16 ${className}`}>
      <div
        className={`mx-auto max-w-6xl px-4 ${split ? 'grid grid-cols-1 gap-8 lg:grid-cols-[1fr_2fr] lg:gap-12' : ''}`}
      >
        <div className={split ? 'lg:sticky lg:top-24 lg:self-start' : ''}>
          <SectionHeading id={headingId} title={title} lead={lead} />
        </div>
        <div className={split ? '' : 'mt-8'}>{children}</div>
      </div>
    </section>
  )
}
