// Runs in the head, before the page's HTML (root.tsx inlines it): until the page's script has run
// (`<html data-hydrated>`), catches a click on a JavaScript-only control of an island, keeps the
// last one and marks it `aria-busy`; the islands' loader then replays it once that island is
// hydrated (lib/early-taps.ts). It removes itself at the first click after that.
import { holdClick } from '#app/lib/early-taps.ts'

document.addEventListener(
  'click',
  function hold(event) {
    if (document.documentElement.dataset.hydrated) {
      document.removeEventListener('click', hold, true)
      return
    }
    const control = holdClick(event)
    if (!control) return
    window.__heldTap?.removeAttribute('aria-busy')
    window.__heldTap = control
    control.setAttribute('aria-busy', 'true')
  },
  true,
)
