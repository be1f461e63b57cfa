import { createContext, useContext } from 'react'

/**
 * The path of the page being shown, as the site links it (`/course/4`, no trailing slash). The root
 * provides it from the router during the prerender, and each island provides it again, since an
 * island is rendered and hydrated apart from the page (islands/island.tsx).
 */
export const PagePathContext = createContext('/')

export function usePagePath(): string {
  return useContext(PagePathContext)
}
