// The head script of every prerendered page (scripts/defer-hydration.ts puts it where React
// Router's `<link rel="modulepreload">` were). It preloads the page's modules once the first
// screen has painted, while the parser may still be reading the rest of the page, and resolves
// `window.__afterFirstPaint` with the plan then; the boot script waits for it (docs/performance.md,
// "JavaScript after the first paint").
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
import { BOOT_PLAN_ATTRIBUTE, preloadOrder, type BootPlan } from './boot-plan.ts'
import { afterThisFrame, yieldToBrowser } from './tasks.ts'

const SHOWN_AFTER_MS = 100
/** A guard, never expected to fire, against a page that reports no paint at all. */
const GIVE_UP_AFTER_MS = 5000

const plan = JSON.parse(document.currentScript?.getAttribute(BOOT_PLAN_ATTRIBUTE) ?? '') as BootPlan

window.__afterFirstPaint = new Promise((resolve) => {
  let started = false
  const start = async () => {
    if (started) return
    started = true
    for (const href of preloadOrder(plan)) {
      document.head.append(
        Object.assign(document.createElement('link'), { rel: 'modulepreload', href }),
      )
      // A link per task: starting a fetch costs the main thread a millisecond or two.
      await yieldToBrowser()
    }
    resolve(plan)
  }
  if (
    document.visibilityState !== 'visible' ||
    !PerformanceObserver.supportedEntryTypes.includes('paint')
  ) {
    void start()
    return
  }
  const shown = () => performance.getEntriesByName('first-contentful-paint').length > 0
  const startAfter = (at: number) => {
    if (shown() || performance.now() >= at) void start()
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
  setTimeout(() => void start(), GIVE_UP_AFTER_MS)
})
