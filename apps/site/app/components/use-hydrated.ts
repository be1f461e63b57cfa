import { useSyncExternalStore } from 'react'

const subscribeNever = () => () => {}

/**
 * False in the prerendered HTML and during hydration, true once React runs the island: what only
 * JavaScript can do is switched on here, and the HTML keeps the plain behaviour until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  )
}
