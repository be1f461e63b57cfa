import { createContext, use, type ComponentType, type ReactElement } from 'react'
import { ISLAND_ATTRIBUTES, islandIdPrefix, type IslandWhen } from './island-attributes'
import type { IslandName } from './islands'
import { IslandRoot } from './island-root'
import { usePagePath } from '#app/components/page-path.tsx'

/** Renders an island's tree to HTML apart from the page: entry.server.tsx provides it. */
export type RenderIsland = (element: ReactElement, identifierPrefix: string) => string

export const RenderIslandContext = createContext<RenderIsland | null>(null)

type IslandProps<P extends object> = {
  name: IslandName
  component: ComponentType<P>
  props: P
  when: IslandWhen
}

/**
 * A part of a page that needs React in the browser (docs/decisions/0079-light-pages.md). The
 * prerender renders it as a root of its own inside a `display: contents` element that names it and
 * carries its props as JSON; in the browser the loader imports its component and hydrates that
 * element only when it is due, so a page without islands loads no React at all. Props must be
 * JSON. Each name appears at most once on a page.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  when,
}: IslandProps<P>) {
  const render = use(RenderIslandContext)
  const tree = (
    <IslandRoot pagePath={usePagePath()}>
      <Component {...props} />
    </IslandRoot>
  )
  const attributes = {
    [ISLAND_ATTRIBUTES.name]: name,
    [ISLAND_ATTRIBUTES.props]: JSON.stringify(props),
    [ISLAND_ATTRIBUTES.when]: when,
    className: 'contents',
  }
  // Without the prerender's renderer (a component test) the tree renders in place.
  if (!render) return <div {...attributes}>{tree}</div>
  return (
    <div {...attributes} dangerouslySetInnerHTML={{ __html: render(tree, islandIdPrefix(name)) }} />
  )
}
