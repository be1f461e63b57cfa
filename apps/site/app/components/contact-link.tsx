import type { ReactNode } from 'react'
import { usePagePath } from '#app/components/page-path.tsx'
import { anchors, pageHasContact, paths } from '#app/config/paths.ts'

type ContactLinkProps = {
  className?: string
  children: ReactNode
}

/**
 * A jump to the contact block: a plain `#contact` on a page that has one, so the browser scrolls
 * (smoothly, from CSS) with or without JavaScript; the home page's block from any other page
 * (docs/behaviour.md, "Header and scrolling").
 */
export function ContactLink({ className, children }: ContactLinkProps) {
  const hash = `#${anchors.contact}`
  const href = pageHasContact(usePagePath()) ? hash : `${paths.home}${hash}`
  return (
    <a href={href} className={className}>
      {children}
    </a>
  )
}
