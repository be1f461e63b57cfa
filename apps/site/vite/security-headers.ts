import { createHash } from 'node:crypto'
import type { BuildSettings } from './build-settings.ts'

// Inline scripts the browser runs: JSON-LD data blocks are never executed, so they need no hash.
const INLINE_SCRIPT =
  /<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g
const INLINE_STYLE = /<style[^>]*>([\s\S]*?)<\/style>/g

function hashesOf(htmlDocuments: string[], element: RegExp): string[] {
  const hashes = new Set<string>()
  for (const html of htmlDocuments) {
    for (const match of html.matchAll(element)) {
      const body = match[1] ?? ''
      if (body.trim() === '') continue
      hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
    }
  }
  return [...hashes].sort()
}

/** The `'sha256-…'` sources of every inline script and style element in the given HTML documents. */
export function inlineHashes(htmlDocuments: string[]): { scripts: string[]; styles: string[] } {
  return {
    scripts: hashesOf(htmlDocuments, INLINE_SCRIPT),
    styles: hashesOf(htmlDocuments, INLINE_STYLE),
  }
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

// Hosts Yandex Metrika's tag loads from and reports to.
const METRIKA_SCRIPT = ['https://mc.yandex.ru', 'https://yastatic.net']
const METRIKA_CONNECT = ['https://mc.yandex.ru', 'https://mc.yandex.com']

/**
 * Content-Security-Policy for the site: no inline script and no style element but the build's
 * own, by hash.
 */
export function contentSecurityPolicy(
  hashes: { scripts: string[]; styles: string[] },
  settings: Pick<BuildSettings, 'LEAD_API_URL' | 'SENTRY_DSN' | 'YANDEX_METRIKA_ID'>,
): string {
  const metrika = settings.YANDEX_METRIKA_ID !== ''
  const leadApi = originOf(settings.LEAD_API_URL)
  const sentry = settings.SENTRY_DSN ? originOf(settings.SENTRY_DSN) : undefined
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...hashes.scripts, ...(metrika ? METRIKA_SCRIPT : [])],
    // Style elements: the build's own by hash. Whatever Metrika's tag inserts is not the build's
    // to hash, so with Metrika on they stay open. Style attributes stay allowed (React style
    // props); `style-src` is what browsers without the two split directives read.
    'style-src': ["'self'", "'unsafe-inline'"],
    'style-src-elem': ["'self'", ...(metrika ? ["'unsafe-inline'"] : hashes.styles)],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...(metrika ? METRIKA_CONNECT : [])],
    'font-src': ["'self'"],
    'connect-src': [
      "'self'",
      ...(leadApi ? [leadApi] : []),
      ...(metrika ? [...METRIKA_CONNECT, 'wss://mc.yandex.ru'] : []),
      ...(sentry ? [sentry] : []),
    ],
    'frame-src': metrika ? METRIKA_CONNECT : ["'none'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    // The lead forms post to the lead service without JavaScript (docs/behaviour.md, "Lead forms").
    'form-action': ["'self'", ...(leadApi ? [leadApi] : [])],
    'frame-ancestors': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ')
}

/** Every header the HTML pages carry, from `npm start`'s server and from nginx alike. */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy':
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), clipboard-write=(self)',
    'Cross-Origin-Opener-Policy': 'same-origin',
  }
}

/** The same headers as nginx `add_header` lines, for `include` in each location. */
export function nginxHeaderLines(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([name, value]) => `add_header ${name} "${value.replaceAll('"', '\\"')}" always;`)
    .join('\n')
}
