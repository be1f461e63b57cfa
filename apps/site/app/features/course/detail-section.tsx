import type { ReactNode } from 'react'
import { SectionHeading } from '~/components/section-heading'

type DetailSectionProps = {
  id: string
  title: string
  lead?: ReactNode
  className?: string
  children: ReactNode
}

/** One titled section of the course page (an h2 under the course's h1). */
export function DetailSection({ id, title, lead, className = '', children }: DetailSectionProps) {
  const headingId = `${id}-heading`
  return (
    <section id={id} aria-labelledby={headingId} className={`px-4 py-12 sm:py-16 ${className}`}>
      <div className="mx-auto max-w-6xl">
        <SectionHeading id={headingId} title={title} lead={lead} />
        <div className="mt-8">{children}</div>
      </div>
    </section>
  )
}
