import { useSyncExternalStore } from 'react'

// The editor's screens by the address's hash (#/…): one page, /admin/, for nginx to serve behind
// the login, and a reload or the phone's «back» lands on the same screen.

export const href = {
  home: '#/',
  launch: '#/launch',
  deleted: '#/deleted',
  section: (name: string) => `#/s/${name}`,
  newEntry: (name: string) => `#/new/${name}`,
  entry: (path: string) => `#/e/${path}`,
}

export type Route =
  | { screen: 'home' }
  | { screen: 'launch' }
  | { screen: 'deleted' }
  | { screen: 'section'; name: string }
  | { screen: 'new'; name: string }
  | { screen: 'entry'; path: string }

export function routeOf(hash: string): Route {
  const [, screen = '', rest = ''] = /^#\/([a-z]*)\/?(.*)$/.exec(hash) ?? []
  const target = decodeURIComponent(rest)
  if (screen === 'launch') return { screen: 'launch' }
  if (screen === 'deleted') return { screen: 'deleted' }
  if (screen === 's' && target) return { screen: 'section', name: target }
  if (screen === 'new' && target) return { screen: 'new', name: target }
  if (screen === 'e' && target) return { screen: 'entry', path: target }
  return { screen: 'home' }
}

const subscribe = (change: () => void) => {
  window.addEventListener('hashchange', change)
  return () => window.removeEventListener('hashchange', change)
}

export function useRoute(): Route {
  return routeOf(useSyncExternalStore(subscribe, () => window.location.hash))
}

/** Goes to a screen; `replace` keeps «back» from returning to a form that is gone (a new entry). */
export function navigate(to: string, replace = false): void {
  if (replace) window.location.replace(to)
  else window.location.hash = to.slice(1)
}

/** A line shown on the screen a change led to (what a delete did), until she leaves it. */
let notice: { text: string; hash: string } | undefined

window.addEventListener('hashchange', () => {
  if (notice && notice.hash !== window.location.hash) notice = undefined
})

export function setNotice(text: string, hash: string): void {
  notice = { text, hash }
}

/** The notice of the screen shown now (read on each render of the route). */
export function currentNotice(): string | undefined {
  return notice?.hash === window.location.hash ? notice.text : undefined
}
