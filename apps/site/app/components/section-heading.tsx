import type { ReactNode } from 'react'

/** Keeps a dash on the line of the word before it, as Russian typography wants. */
export function bindDashes(text: string): string {
  return text.replace(/ (—|–)/g, '\u00a0$1')
}

/**
 * For a large heading: dashes bound as above, and a word of one or two letters («с», «до», «в»)
 * kept on the line of the word after it.
 */
export function bindShortWords(text: string): string {
  return bindDashes(text).replace(/(?<=^|[\s\u00a0])(\p{L}{1,2}) /gu, '$1\u00a0')
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
}

/** The h2 of a page section, with an optional eyebrow and lead. */
export function SectionHeading({ id, title, eyebrow, lead, align = 'start' }: SectionHeadingProps) {
  return (
    <div className={align === 'center' ? 'mx-auto max-w-3xl text-center' : 'max-w-3xl'}>
      {eyebrow && (
        <p className="text-sm font-extrabold tracking-wide text-brand-600 uppercase">{eyebrow}</p>
      )}
      <h2
        id={id}
        className="mt-2 text-3xl leading-tight font-extrabold text-balance text-brand-900 sm:text-4xl"
      >
        {typeof title === 'string' ? bindDashes(title) : title}
      </h2>
      {lead && <p className="mt-4 text-lg text-slate-600">{lead}</p>}
    </div>
  )
}
