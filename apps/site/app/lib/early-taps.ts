// Controls in an island that only JavaScript can run (the quiz, the desktop "copy the number") are
// dead until their island hydrates. A tap before the page's script has run is held by the head
// script (inline-scripts/hold-early-taps.ts) and handed to the islands' loader, which holds later
// ones itself and replays the tap once the island is hydrated (islands/load-islands.ts,
// docs/decisions/0039-actions-before-hydration.md). Links, the menu (a native popover) and the lead
// form (a real form post) need no help: they work before and without JavaScript.
import { isPhoneDevice } from './phone-device.ts'

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

/**
 * The control a click must be held on, else null: a JavaScript-only control of an island, but not
 * the desktop-tap link on a phone, where it dials at once. A held click is stopped here.
 */
export function holdClick(event: MouseEvent): HTMLElement | null {
  const control =
    event.target instanceof Element && event.target.closest<HTMLElement>(JS_ONLY_CONTROL)
  if (!control) return null
  if (control.hasAttribute(DESKTOP_TAP_ATTRIBUTE) && isPhoneDevice()) return null
  event.preventDefault()
  event.stopImmediatePropagation()
  return control
}
