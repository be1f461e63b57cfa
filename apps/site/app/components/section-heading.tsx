import type { ReactNode } from 'react'

/** Keeps a dash on the line of the word before it, as Russian typography wants. */
export function bindDashes(text: string): string {
  return text.replace(/ (—|–)/g, '\u00a0$1')
}

type SectionHeadingProps = {
  /** id of the h2, for the section's aria-labelledby. */
  id: string
  title: ReactNode
  /** Small line above the heading. */
  eyebrow?: string
  /** A sentence under the heading. */
  lead?: ReactNode
  align?: 'start' | 'center'
  /** `dark` for sections on brand-700 or darker backgrounds. */
  tone?: 'light' | 'dark'
}

/** The h2 of a page section, with an optional eyebrow and lead. */
export function SectionHeading({
  id,
  title,
  eyebrow,
  lead,
  align = 'start',
  tone = 'light',
}: SectionHeadingProps) {
  const dark = tone === 'dark'
  return (
    <div className={align === 'center' ? 'mx-auto max-w-3xl text-center' : 'max-w-3xl'}>
      {eyebrow && (
        <p
          className={`text-sm font-extrabold tracking-wide uppercase ${dark ? 'text-brand-100' : 'text-brand-600'}`}
        >
          {eyebrow}
        </p>
      )}
      <h2
        id={id}
        className={`mt-2 text-3xl leading-tight font-extrabold text-balance sm:text-4xl ${dark ? 'text-white' : 'text-brand-900'}`}
      >
        {typeof title === 'string' ? bindDashes(title) : title}
      </h2>
      {lead && (
        <p className={`mt-4 text-lg ${dark ? 'text-brand-50' : 'text-slate-600'}`}>{lead}</p>
      )}
    </div>
  )
}
