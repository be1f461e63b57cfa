// How the site tells a touch-first device that can dial: a coarse pointer or a phone's browser.
// Read by React (components/use-is-phone.ts), the head script (inline-scripts/hold-early-taps.ts)
// and the islands' loader (islands/load-islands.ts).

export const COARSE_POINTER = '(pointer: coarse)'
export const PHONE_USER_AGENT = /Android|iPhone|iPod|Mobile|Windows Phone/i

export function isPhoneDevice(): boolean {
  return window.matchMedia(COARSE_POINTER).matches || PHONE_USER_AGENT.test(navigator.userAgent)
}
