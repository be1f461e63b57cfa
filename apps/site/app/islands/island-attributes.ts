// What the prerendered island's element carries for the browser's loader (islands/island.tsx,
// islands/load-islands.ts). Apart from the component, so the loader imports no React.
import type { IslandName } from './islands'

/** When an island's code loads: near the viewport, or at once on a desktop (a mouse, no dialling). */
export type IslandWhen = 'visible' | 'desktop'

export const ISLAND_ATTRIBUTES = {
  name: 'data-island',
  props: 'data-props',
  when: 'data-when',
  /** Set on the island's element once it has hydrated; the end-to-end tests wait for it. */
  hydrated: 'data-hydrated',
} as const

/** The `useId` prefix of an island: its ids must not meet the page's or another island's. */
export const islandIdPrefix = (name: IslandName) => `${name}-`
