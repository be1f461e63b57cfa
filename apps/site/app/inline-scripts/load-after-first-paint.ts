// The head script of every prerendered page (root.tsx inlines it). Once the first screen has
// painted, while the parser may still be reading the rest of the page, it preloads the browser
// entry's chunks and imports the entry (entry.client.ts), which switches on the page and its
// islands (docs/performance.md, "JavaScript after the first paint").
//
// Chromium makes the paint entry visible to scripts only once the parser has read the whole page,
// a few hundred milliseconds later on a phone; so the start is the first of: the entry is there,
// or one frame after the frame that drew the page's heading. A frame comes only between the
// parser's tasks, so each step is a task posted at user-blocking priority, which runs right after
// its frame instead of behind the parser. The paint reaches the screen 40–80 ms after its frame
// (unthrottled), and Lighthouse counts a request started before that as competing with the paint:
// so the start also waits, a frame at a time, until the paint entry is there or SHOWN_AFTER_MS
// have passed since the frame that found the heading. A hidden page (a background tab) paints
// nothing until shown, so it starts at once, as does a browser without paint timing.
import { ENTRY_ATTRIBUTE, type PageEntry } from './page-entry.ts'
import { afterThisFrame } from './tasks.ts'

const SHOWN_AFTER_MS = 100
/** A guard, never expected to fire, against a page that reports no paint at all. */
const GIVE_UP_AFTER_MS = 5000

const entry = JSON.parse(document.currentScript?.getAttribute(ENTRY_ATTRIBUTE) ?? '') as PageEntry

let started = false
const start = () => {
  if (started) return
  started = true
  // The entry's own imports are fetched beside it, not after it.
  for (const href of entry.imports) {
    document.head.append(
      Object.assign(document.createElement('link'), { rel: 'modulepreload', href }),
    )
  }
  void import(/* @vite-ignore */ entry.module)
}
if (
  document.visibilityState !== 'visible' ||
  !PerformanceObserver.supportedEntryTypes.includes('paint')
) {
  start()
} else {
  const shown = () => performance.getEntriesByName('first-contentful-paint').length > 0
  const startAfter = (at: number) => {
    if (shown() || performance.now() >= at) start()
    else requestAnimationFrame(() => afterThisFrame(() => startAfter(at)))
  }
  const painted = () => {
    if (started) return
    if (!shown() && !document.querySelector('h1')) {
      requestAnimationFrame(painted)
      return
    }
    const at = performance.now() + SHOWN_AFTER_MS
    afterThisFrame(() => requestAnimationFrame(() => afterThisFrame(() => startAfter(at))))
  }
  requestAnimationFrame(painted)
  setTimeout(start, GIVE_UP_AFTER_MS)
}
