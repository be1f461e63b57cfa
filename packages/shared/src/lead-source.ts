// Where a lead came from (docs/decisions/0078-where-a-lead-came-from.md): the ad tags of the
// address a visit began at, the site that linked to it and the page it landed on; the first such
// visit and the current one, and Metrika's ClientID once the visitor accepted analytics. A value
// the service cannot use is cut or dropped: where a family came from never costs a lead.

/** The parts of a visit's source, named as in the address (`?utm_source=…`). */
export const TOUCH_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'yclid',
  'gclid',
  'referrer',
  'landing',
] as const
export type TouchKey = (typeof TOUCH_KEYS)[number]

/** The address parameters a visit's source is read from (the tags and the ad click ids). */
export const TAG_KEYS = TOUCH_KEYS.filter(
  (key): key is Exclude<TouchKey, 'referrer' | 'landing'> =>
    key !== 'referrer' && key !== 'landing',
)

/** One visit's source: each part optional, each one printable line of bounded length. */
export type Touch = Partial<Record<TouchKey, string>>

/** What a lead carries of its source; every part optional. */
export type LeadSource = {
  /** The visit the lead was sent in. */
  visit?: Touch
  /** The first visit with a source, kept in the browser for FIRST_TOUCH_DAYS. */
  first?: Touch
  /** Metrika's ClientID (`_ym_uid`): only after the visitor accepted analytics cookies. */
  client_id?: string
}

/** How long the browser keeps the first visit's source before a new one replaces it. */
export const FIRST_TOUCH_DAYS = 90

/**
 * The most of a value kept, in characters: tags far longer are no campaign's names. Bounded so
 * a lead with both visits' sources stays well inside the service's body limit.
 */
export const TOUCH_VALUE_MAX = 100
/** The most of a landing page's path kept (the site's own paths are far shorter). */
const LANDING_MAX = 128

const HOST = /^[a-z0-9](?:[a-z0-9-]{0,62}\.)*[a-z0-9-]{1,63}$/
const PATH = /^\/[^\s?#]*$/
const CLIENT_ID = /^[0-9]{1,32}$/

/** One printable line, trimmed and cut to `max` characters; empty: none. */
function line(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined
  const chars = [...value.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}]/gu, ' ').trim()]
  const cut = chars.slice(0, max).join('').trim()
  return cut === '' ? undefined : cut
}

/** A value as stored: cut to its bound, or dropped when it is not of its kind. */
function cleanValue(key: TouchKey, value: unknown): string | undefined {
  if (key === 'referrer') {
    const host = line(value, 253)?.toLowerCase()
    return host !== undefined && HOST.test(host) ? host : undefined
  }
  if (key === 'landing') {
    const path = line(value, LANDING_MAX)
    return path !== undefined && PATH.test(path) ? path : undefined
  }
  return line(value, TOUCH_VALUE_MAX)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A touch's known parts, cleaned; undefined when none is left. */
export function cleanTouch(value: unknown): Touch | undefined {
  if (!isRecord(value)) return undefined
  const touch: Touch = {}
  for (const key of TOUCH_KEYS) {
    const clean = cleanValue(key, value[key])
    if (clean !== undefined) touch[key] = clean
  }
  return Object.keys(touch).length === 0 ? undefined : touch
}

/** Whether a touch names where the visit came from (not only the page it landed on). */
export function hasOrigin(touch: Touch | undefined): boolean {
  return touch !== undefined && Object.keys(touch).some((key) => key !== 'landing')
}

/**
 * A lead's source as the service keeps it: unknown keys and values of the wrong kind dropped,
 * long ones cut. Never fails: whatever a client sends, the lead is taken.
 */
export function cleanLeadSource(value: unknown): LeadSource | undefined {
  if (!isRecord(value)) return undefined
  const visit = cleanTouch(value.visit)
  const first = cleanTouch(value.first)
  const clientId = typeof value.client_id === 'string' ? value.client_id.trim() : ''
  const source: LeadSource = {
    ...(visit === undefined ? {} : { visit }),
    ...(first === undefined ? {} : { first }),
    ...(CLIENT_ID.test(clientId) ? { client_id: clientId } : {}),
  }
  return Object.keys(source).length === 0 ? undefined : source
}

/**
 * The tags of an address (`?utm_source=yandex&yclid=…`) and its path as the landing page. The
 * service reads a plain form post's source from the page that posted it this way.
 */
export function touchFromUrl(url: URL): Touch | undefined {
  const tags: Record<string, string> = {}
  for (const key of TAG_KEYS) {
    const value = url.searchParams.get(key)
    if (value !== null) tags[key] = value
  }
  return cleanTouch({ ...tags, landing: url.pathname })
}
