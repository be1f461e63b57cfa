// Where a visitor came from, kept so the lead they send later says so (docs/decisions/0078):
// the tags and click ids of the address a visit began at, the site that linked to it (its host
// only) and the page it landed on. The first such visit stays in localStorage for
// FIRST_TOUCH_DAYS, then a new one replaces it; the current visit's is in sessionStorage.
// Metrika's ClientID goes with a lead only once the visitor accepted analytics cookies.
import {
  FIRST_TOUCH_DAYS,
  cleanTouch,
  hasOrigin,
  touchFromUrl,
  type LeadSource,
  type Touch,
} from '@it-lab/shared/lead-source'
import { STORAGE_KEYS } from '#app/config/browser-storage.ts'
import { env } from '#app/config/env.ts'
import { hasStoredCookieConsent } from './cookie-consent'
import { readStorage, writeStorage } from './safe-storage'

const DAY_MS = 86_400_000

type FirstTouch = { at: number; touch: Touch }

/** The host of a referrer from another site; none for the site's own pages or no referrer. */
function externalHost(referrer: string, origin: string): string | undefined {
  if (referrer === '' || !URL.canParse(referrer)) return undefined
  const url = new URL(referrer)
  return url.origin === origin ? undefined : url.hostname
}

function readJson(key: string, area: 'localStorage' | 'sessionStorage'): unknown {
  const raw = readStorage(key, area)
  if (raw === null || raw === undefined) return undefined
  try {
    return JSON.parse(raw) as unknown
  } catch {
    return undefined
  }
}

function readFirst(): FirstTouch | undefined {
  const stored = readJson(STORAGE_KEYS.firstSource, 'localStorage')
  if (typeof stored !== 'object' || stored === null) return undefined
  const { at, touch } = stored as { at?: unknown; touch?: unknown }
  const clean = cleanTouch(touch)
  return typeof at === 'number' && clean !== undefined ? { at, touch: clean } : undefined
}

/**
 * Notes where this page load came from. Called once as the site starts: a load from an ad or
 * another site becomes this visit's source (and the first visit's, when none younger than
 * FIRST_TOUCH_DAYS is kept); a load from the site's own pages or typed in keeps what is there.
 */
export function captureVisit(location: URL, referrer: string, now: number): void {
  const referrerHost = externalHost(referrer, location.origin)
  const touch = cleanTouch({
    ...touchFromUrl(location),
    ...(referrerHost === undefined ? {} : { referrer: referrerHost }),
  })
  const visitKept = readStorage(STORAGE_KEYS.visitSource, 'sessionStorage')
  // The landing page of a visit without a source is kept too, until one with a source replaces it.
  if (touch !== undefined && (hasOrigin(touch) || visitKept === null)) {
    writeStorage(STORAGE_KEYS.visitSource, JSON.stringify(touch), 'sessionStorage')
  }
  if (!hasOrigin(touch)) return
  const first = readFirst()
  if (first === undefined || now - first.at > FIRST_TOUCH_DAYS * DAY_MS) {
    writeStorage(STORAGE_KEYS.firstSource, JSON.stringify({ at: now, touch }))
  }
}

/** Metrika's ClientID from its `_ym_uid` cookie: only with a counter and the visitor's consent. */
function metrikaClientId(): string | undefined {
  if (!env.metrikaId || !hasStoredCookieConsent()) return undefined
  const match = /(?:^|;\s*)_ym_uid=([0-9]{1,32})(?:;|$)/.exec(document.cookie)
  return match?.[1]
}

/** What a lead sent now carries of where the visitor came from; undefined when nothing is known. */
export function leadSource(now: number): LeadSource | undefined {
  const visit = cleanTouch(readJson(STORAGE_KEYS.visitSource, 'sessionStorage'))
  const first = readFirst()
  const clientId = metrikaClientId()
  const source: LeadSource = {
    ...(visit === undefined ? {} : { visit }),
    ...(first === undefined || now - first.at > FIRST_TOUCH_DAYS * DAY_MS
      ? {}
      : { first: first.touch }),
    ...(clientId === undefined ? {} : { client_id: clientId }),
  }
  return Object.keys(source).length === 0 ? undefined : source
}
