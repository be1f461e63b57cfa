import { useEffect, type ReactNode } from 'react'
import { PagePathContext } from '#app/components/page-path.tsx'

type IslandRootProps = {
  pagePath: string
  children?: ReactNode
  /** Called once the island has hydrated (or mounted), in the browser only. */
  onReady?: () => void
}

/** The root of every island, the same in the prerender and in the browser, so the trees match. */
export function IslandRoot({ pagePath, children, onReady }: IslandRootProps) {
  useEffect(() => onReady?.(), [onReady])
  return <PagePathContext value={pagePath}>{children}</PagePathContext>
}
