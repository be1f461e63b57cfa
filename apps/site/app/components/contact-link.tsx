import type { MouseEventHandler, ReactNode } from 'react'
import { Link } from 'react-router'
import { usePagePath } from '#app/components/use-page-path.ts'
import { anchors, pageHasContact, paths } from '#app/config/paths.ts'

type ContactLinkProps = {
  className?: string
  children: ReactNode
  onClick?: MouseEventHandler<HTMLAnchorElement>
}

/**
 * A jump to the contact block: a plain `#contact` on a page that has one, so the browser scrolls
 * (smoothly, from CSS) with or without JavaScript; the home page's block from any other page
 * (docs/behaviour.md, "Header and scrolling").
 */
export function ContactLink({ className, children, onClick }: ContactLinkProps) {
  if (pageHasContact(usePagePath())) {
    return (
      <a href={`#${anchors.contact}`} className={className} onClick={onClick}>
        {children}
      </a>
    )
  }
  return (
    <Link to={`${paths.home}#${anchors.contact}`} className={className} onClick={onClick}>
      {children}
    </Link>
  )
}
