// What every page does in the browser without React (docs/decisions/0079-light-pages.md): the
// parts always there are small and rendered by React in the prerender; these few lines switch
// them on, so a page whose islands are not due (or that has none) loads no React at all.
import {
  loadAnalytics,
  reachGoal,
  startAnalytics,
  trackPageView,
  type Goal,
} from '#app/lib/analytics.ts'
import { WEB_MANIFEST_PATH } from '#app/config/web-manifest.ts'
import { hasStoredCookieConsent, storeCookieConsent } from '#app/lib/cookie-consent.ts'
import { cacheWebFontForNextVisit } from '#app/lib/web-font.ts'

/** The attributes the prerendered parts carry for these behaviours (their components write them). */
const A = {
  /** The cookie banner (hidden in the HTML) and its 'Понятно'. */
  cookieBanner: 'data-cookie-banner',
  cookieAccept: 'data-cookie-accept',
  /** An element that gets `data-scrolled` while the window is scrolled past this many pixels. */
  scrolledPast: 'data-scrolled-past',
  scrolled: 'data-scrolled',
  /** A button that scrolls back to the top and moves focus to the content. */
  scrollToTop: 'data-scroll-to-top',
  /** A link back to the form a lead came from: with JavaScript, the browser's back. */
  backToForm: 'data-back-to-form',
  /** A goal reported once when the page opens (a course page's `openCourseDetails`). */
  goalOnOpen: 'data-goal-on-open',
  /** A group card's seats line, by the group's id: the live count replaces it (islands/live-seats.ts). */
  seatsGroup: 'data-seats-group',
} as const

function elements(attribute: string): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(`[${attribute}]`)]
}

// Shown when the flag is absent or storage cannot be read (docs/behaviour.md, "Cookie banner").
function showCookieBanner(): void {
  if (hasStoredCookieConsent()) return
  for (const banner of elements(A.cookieBanner)) {
    banner.hidden = false
    banner.querySelector(`[${A.cookieAccept}]`)?.addEventListener('click', () => {
      // If storing fails the banner still hides, and analytics runs, for this visit.
      storeCookieConsent()
      banner.hidden = true
      // Pressing 'Понятно' is the consent to analytics cookies (cookie policy, section 7).
      loadAnalytics()
    })
  }
}

function markScrolled(): void {
  const marked = elements(A.scrolledPast)
  if (marked.length === 0) return
  const update = () => {
    for (const element of marked) {
      const past = window.scrollY > Number(element.getAttribute(A.scrolledPast))
      element.toggleAttribute(A.scrolled, past)
    }
  }
  update()
  window.addEventListener('scroll', update, { passive: true })
}

// Linked only now, after the first paint: a browser fetches the manifest and its icon as soon as
// the page has loaded, which in a window can be before its first frame is shown, and Lighthouse
// then charges them to LCP (docs/performance.md, "Icons and the manifest").
function linkManifest(): void {
  const link = document.createElement('link')
  link.rel = 'manifest'
  link.href = WEB_MANIFEST_PATH
  document.head.append(link)
}

function listen(attribute: string, onClick: (event: MouseEvent) => void): void {
  for (const element of elements(attribute)) element.addEventListener('click', onClick)
}

/** Switches on the page's behaviours; the end-to-end tests wait for `<html data-hydrated>`. */
export function startPage(): void {
  // The address the visit began at carries its ad tags. The code that keeps them loads on its
  // own, off every page's first load (docs/decisions/0078-where-a-lead-came-from.md).
  const [landing, referrer, at] = [new URL(window.location.href), document.referrer, Date.now()]
  import('#app/lib/attribution.ts').then(
    ({ captureVisit }) => captureVisit(landing, referrer, at),
    // Not loaded (offline, a new release): this visit's lead goes without its source.
    () => {},
  )
  // The groups' live seats, on the pages that show some: their code loads on its own
  // (docs/decisions/0103-a-trial-she-holds.md).
  const seatLines = elements(A.seatsGroup).map((line) => ({
    line,
    group: line.getAttribute(A.seatsGroup) ?? '',
  }))
  if (seatLines.length > 0) {
    import('#app/islands/live-seats.ts').then(
      ({ watchLiveSeats }) => watchLiveSeats(seatLines),
      // Not loaded (offline, a new release): the page keeps the number it was built with.
      () => {},
    )
  }
  linkManifest()
  showCookieBanner()
  markScrolled()
  listen(A.scrollToTop, () => {
    // Smooth unless the reader asked for reduced motion: the page's scroll-behavior (app.css).
    window.scrollTo({ top: 0 })
    // The button hides at the top; keyboard focus goes back to the start of the content.
    document.getElementById('main')?.focus({ preventScroll: true })
  })
  // Back to the very form, which the browser restores with what was typed; without JavaScript,
  // or coming from elsewhere, the link opens the home page's form.
  listen(A.backToForm, (event) => {
    if (document.referrer === '' || new URL(document.referrer).origin !== window.location.origin)
      return
    event.preventDefault()
    window.history.back()
  })
  // A choice in the phone menu closes it: a link to this very page would leave it open.
  for (const link of document.querySelectorAll<HTMLElement>('[popover] a')) {
    link.addEventListener('click', () => link.closest<HTMLElement>('[popover]')?.hidePopover())
  }
  startAnalytics()
  trackPageView(`${window.location.pathname}${window.location.search}`)
  for (const element of elements(A.goalOnOpen)) {
    reachGoal(element.getAttribute(A.goalOnOpen) as Goal)
  }
  cacheWebFontForNextVisit()
  document.documentElement.dataset.hydrated = 'true'
}
