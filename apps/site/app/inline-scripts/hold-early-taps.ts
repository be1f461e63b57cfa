// Runs in the head, before the page's HTML (root.tsx inlines it): until the page's script has run
// (`<html data-hydrated>`), catches a click on a JavaScript-only control of an island, keeps the
// last one and marks it `aria-busy`; the islands' loader then replays it once that island is
// hydrated (lib/early-taps.ts). It removes itself at the first click after that.
import { DESKTOP_TAP_ATTRIBUTE, JS_ONLY_CONTROL } from '#app/lib/early-taps.ts'
import { isPhoneDevice } from '#app/lib/phone-device.ts'

document.addEventListener(
  'click',
  function hold(event) {
    if (document.documentElement.dataset.hydrated) {
      document.removeEventListener('click', hold, true)
      return
    }
    const control =
      event.target instanceof Element && event.target.closest<HTMLElement>(JS_ONLY_CONTROL)
    if (!control) return
    // On a phone the marked link dials at once.
    if (control.hasAttribute(DESKTOP_TAP_ATTRIBUTE) && isPhoneDevice()) return
    event.preventDefault()
    event.stopImmediatePropagation()
    window.__heldTap?.removeAttribute('aria-busy')
    window.__heldTap = control
    control.setAttribute('aria-busy', 'true')
  },
  true,
)
