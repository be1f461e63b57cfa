// Controls that only JavaScript can run (the quiz, the desktop "copy the number") are plain
// `<button type="button">`s, dead until React hydrates, 1–3 s after the first paint on a phone. A tap
// in that time is held, the button shows it is busy, and the tap is replayed once the page is
// ready (docs/decisions/0045-early-taps.md). Links, the menu (a native popover) and the lead form
// (a real form post) need no help: they work before and without JavaScript.

/** The global the head script leaves the held button in. */
const HELD_TAP = '__heldTap'

/**
 * Runs in the head, before the page's HTML: catches a click on a JavaScript-only button before
 * `<html data-hydrated>` is set, keeps the last one, and marks it `aria-busy`. An inline script,
 * so the build hashes it into the CSP. It stops and removes itself once the page is hydrated.
 */
export const HOLD_EARLY_TAPS = `document.addEventListener("click",function hold(e){if(document.documentElement.dataset.hydrated){document.removeEventListener("click",hold,true);return}var b=e.target instanceof Element&&e.target.closest('button[type="button"]:not([popovertarget])');if(!b)return;e.preventDefault();e.stopImmediatePropagation();var p=window.${HELD_TAP};if(p)p.removeAttribute("aria-busy");window.${HELD_TAP}=b;b.setAttribute("aria-busy","true")},true)`

/** Called once the page is hydrated: performs the tap held before, if its button is still there. */
export function replayHeldTap(): void {
  const holder = window as unknown as Record<typeof HELD_TAP, HTMLElement | undefined>
  const button = holder[HELD_TAP]
  holder[HELD_TAP] = undefined
  if (!button) return
  button.removeAttribute('aria-busy')
  if (button.isConnected) button.click()
}
