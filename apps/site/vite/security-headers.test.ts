import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, inlineHashes } from './security-headers.ts'

const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

const css = 'body{color:#1e293b}'
const boot = 'import("/assets/entry.client-1.js");'
const page = `<html><head><style>${css}</style><script type="application/ld+json">{"@type":"Thing"}</script></head><body><script type="module" async="">${boot}</script><script src="/assets/a.js"></script></body></html>`
const settings = {
  LEAD_API_URL: 'https://api.itlab.example',
  SENTRY_DSN: '',
  YANDEX_METRIKA_ID: '',
}

function directive(csp: string, name: string): string {
  return (
    csp
      .split('; ')
      .find((entry) => entry.startsWith(`${name} `))
      ?.slice(name.length + 1) ?? ''
  )
}

describe('contentSecurityPolicy', () => {
  it('lists the inline script and style of the pages by hash, and nothing inline besides', () => {
    const hashes = inlineHashes([page, page])
    expect(hashes).toEqual({ scripts: [sha256(boot)], styles: [sha256(css)] })

    const csp = contentSecurityPolicy(hashes, settings)
    expect(directive(csp, 'script-src')).toBe(`'self' ${sha256(boot)}`)
    expect(directive(csp, 'style-src-elem')).toBe(`'self' ${sha256(css)}`)
    expect(directive(csp, 'style-src-attr')).toBe("'unsafe-inline'")
  })

  it('keeps inline style elements open with Yandex Metrika, never inline scripts', () => {
    const csp = contentSecurityPolicy(inlineHashes([page]), {
      ...settings,
      YANDEX_METRIKA_ID: '99999999',
    })
    expect(directive(csp, 'style-src-elem')).toBe("'self' 'unsafe-inline'")
    expect(directive(csp, 'script-src')).not.toContain("'unsafe-inline'")
    expect(directive(csp, 'script-src')).toContain(sha256(boot))
  })

  it('lets forms post to the site and the lead service only', () => {
    const csp = contentSecurityPolicy(inlineHashes([page]), settings)
    expect(directive(csp, 'form-action')).toBe("'self' https://api.itlab.example")
  })
})
