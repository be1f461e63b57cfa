// Controls in an island that only JavaScript can run (the quiz, the desktop "copy the number") are
// dead until their island hydrates. A tap before the page's script has run is held by the head
// script (inline-scripts/hold-early-taps.ts) and handed to the islands' loader, which holds later
// ones itself and replays the tap once the island is hydrated (islands/load-islands.ts,
// docs/decisions/0039-actions-before-hydration.md). Links, the menu (a native popover) and the lead
// form (a real form post) need no help: they work before and without JavaScript.
declare global {
  interface Window {
    /** The control a tap before the page's script was held on. */
    __heldTap?: HTMLElement
  }
}

/**
 * Marks a control that becomes another element on a desktop once hydrated (the prerendered tel:
 * link that turns into the copy button): on a desktop a tap on it is held and replayed on the
 * element with the same mark; on a phone it works at once (it dials).
 */
export const DESKTOP_TAP_ATTRIBUTE = 'data-desktop-tap'

/** The controls in an island whose tap is held until the island is hydrated. */
export const JS_ONLY_CONTROL = `[data-island] :is(button[type="button"]:not([popovertarget]),[${DESKTOP_TAP_ATTRIBUTE}])`
