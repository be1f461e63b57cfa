import { useLocation } from 'react-router'

/**
 * The path of the page being shown, as the site links it: the prerender renders `/course/4` as
 * `/course/4/` (it writes `course/4/index.html`), and the prerendered HTML must say what the
 * hydrated page will.
 */
export function usePagePath(): string {
  const { pathname } = useLocation()
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname
}
