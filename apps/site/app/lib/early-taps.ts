// Controls that only JavaScript can run (the quiz, the desktop "copy the number") are dead until
// React hydrates, 1–3 s after the first paint on a phone. A tap in that time is held, the control
// shows it is busy, and the tap is replayed once the page is ready (docs/decisions/0039-actions-before-hydration.md).
// Links, the menu (a native popover) and the lead form (a real form post) need no help: they work
// before and without JavaScript.
declare global {
  interface Window {
    /** The control a tap before hydration was held on (inline-scripts/hold-early-taps.ts). */
    __heldTap?: HTMLElement
  }
}

/**
 * Marks a control that becomes another element on a desktop once hydrated (the prerendered tel:
 * link that turns into the copy button): on a desktop a tap on it is held and replayed on the
 * element with the same mark; on a phone it works at once (it dials).
 */
export const DESKTOP_TAP_ATTRIBUTE = 'data-desktop-tap'

/** The controls whose tap the head script holds until the page is hydrated. */
export const JS_ONLY_CONTROL = `button[type="button"]:not([popovertarget]),[${DESKTOP_TAP_ATTRIBUTE}]`

// React marks each DOM node it has hydrated with an own `__reactFiber$…` key. A node in a part
// hydrated later (the quiz, whose code loads after the page's) has none until that code has run,
// and a click on it before then would reach no handler.
const isHydrated = (node: Element) =>
  Object.keys(node).some((key) => key.startsWith('__reactFiber$'))

/** How long a held tap waits for its part of the page to hydrate before it is let go. */
const REPLAY_WAIT_MS = 15_000
const REPLAY_POLL_MS = 50

/**
 * Called once the page is hydrated: performs the tap held before, on its control as it is now,
 * as soon as that control's part of the page is hydrated too.
 */
export function replayHeldTap(): void {
  const held = window.__heldTap
  window.__heldTap = undefined
  if (!held) return
  const mark = held.getAttribute(DESKTOP_TAP_ATTRIBUTE)
  const giveUpAt = performance.now() + REPLAY_WAIT_MS
  const attempt = () => {
    // A marked link is replaced by its desktop button in the render right after hydration: the
    // tap waits for the button, since the link itself would only dial.
    const target =
      mark === null
        ? held
        : held.isConnected
          ? null
          : document.querySelector<HTMLElement>(`[${DESKTOP_TAP_ATTRIBUTE}="${mark}"]`)
    if ((!target || !isHydrated(target)) && performance.now() < giveUpAt) {
      setTimeout(attempt, REPLAY_POLL_MS)
      return
    }
    held.removeAttribute('aria-busy')
    target?.click()
  }
  attempt()
}
