import { useNavigate } from 'react-router'
import { anchors, paths } from '~/config/paths'

export function scrollBehavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth'
}

/** Scrolls to the page's contact block, or opens the home page's one when this page has none. */
export function useGoToContact(): () => void {
  const navigate = useNavigate()
  return () => {
    const contact = document.getElementById(anchors.contact)
    if (contact) contact.scrollIntoView({ behavior: scrollBehavior(), block: 'start' })
    else void navigate(`${paths.home}#${anchors.contact}`)
  }
}
