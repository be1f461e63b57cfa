import { env } from '#app/config/env.ts'
import { afterInteractive } from './after-interactive'
import { hasStoredCookieConsent } from './cookie-consent'

/** The goals (docs/behaviour.md, "Analytics goals"). */
export type Goal = 'copyNumber' | 'testIsPassed' | 'sendForm' | 'openCourseDetails'

type Ym = ((id: number | string, method: string, ...args: unknown[]) => void) & {
  a?: unknown[][]
  l?: number
}

declare global {
  interface Window {
    ym?: Ym
  }
}

const TAG_URL = 'https://mc.yandex.ru/metrika/tag.js'

/** Defines the standard Metrika queue unless a `ym` is already there, so calls made before the tag loads are kept. */
function ensureQueue(): Ym {
  if (!window.ym) {
    const queue: Ym = (...args: unknown[]) => {
      ;(queue.a ??= []).push(args)
    }
    queue.l = Date.now()
    window.ym = queue
  }
  return window.ym
}

let initialised = false

function call(method: string, ...args: unknown[]): void {
  if (!env.metrikaId || typeof window === 'undefined') return
  const ym = ensureQueue()
  if (!initialised) {
    initialised = true
    // `defer: true`: page hits are sent by trackPageView on every navigation, the first one included.
    ym(env.metrikaId, 'init', {
      defer: true,
      clickmap: true,
      trackLinks: true,
      accurateTrackBounce: true,
    })
  }
  ym(env.metrikaId, method, ...args)
}

let tagRequested = false

/**
 * Loads the Metrika tag once the page is interactive. Call it only with the visitor's consent
 * ('Понятно'): until then hits and goals wait in the in-page queue and nothing is sent.
 * A no-op without a counter id.
 */
export function loadAnalytics(): void {
  if (!env.metrikaId || tagRequested) return
  tagRequested = true
  afterInteractive(() => {
    if (document.querySelector(`script[src="${TAG_URL}"]`)) return
    const script = document.createElement('script')
    script.src = TAG_URL
    script.async = true
    document.head.append(script)
  })
}

/** At start-up: a visitor who accepted cookies on an earlier visit gets Metrika at once. */
export function startAnalytics(): void {
  if (hasStoredCookieConsent()) loadAnalytics()
}

export function trackPageView(url: string): void {
  call('hit', url, { title: document.title, referer: document.referrer })
}

export function reachGoal(goal: Goal): void {
  call('reachGoal', goal)
}
