import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { trackPageView } from '#app/lib/analytics.ts'

/** Scrolls to the top on every path change (or to the hash target) and reports a page hit. */
export function RouteEffects() {
  const { pathname, search, hash } = useLocation()
  const firstPath = useRef(pathname)

  useEffect(() => {
    // The page loaded at this path is scrolled by the browser (to its hash, or where the reader
    // has scrolled while the JavaScript loaded); moving it on hydration would be a jump.
    if (pathname === firstPath.current) return
    firstPath.current = ''
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null
    // A new page starts where it lands at once, not after a smooth scroll (app.css).
    if (target) target.scrollIntoView({ behavior: 'instant' })
    else window.scrollTo({ top: 0, behavior: 'instant' })
    // Only a new path scrolls; a changed hash on the same page is the browser's to handle.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname])

  useEffect(() => {
    trackPageView(`${pathname}${search}`)
  }, [pathname, search])

  return null
}
