import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { securityHeaders } from '@it-lab/site/security-headers'
import { STATIC_FILE_CSP as STATIC_CSP } from '@it-lab/site/server/static-files'
import { renderNginx } from './render-nginx.ts'
import { readDeploySettings } from './settings.ts'

const TEMPLATE = readFileSync(
  path.join(import.meta.dirname, '..', '..', 'deploy', 'nginx', 'it-lab.conf'),
  'utf8',
)

/** The rendered site without its comments. */
const render = (env: Record<string, string>) =>
  renderNginx(TEMPLATE, readDeploySettings({ SITE_URL: 'https://itlab-school.ru', ...env }))
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')

/** The location blocks' opening lines, as `location = /admin/login`. */
const locations = (conf: string) =>
  conf
    .split('\n')
    .filter((line) => /^ {4}location /.test(line))
    .map((line) => line.trim().replace(/ \{$/, ''))

describe("the nginx site's editor", () => {
  it('is guarded by the gateway with CMS_BACKEND=proxy, on its port', () => {
    const conf = render({ CMS_BACKEND: 'proxy', EDITOR_PORT: '4096' })
    expect(locations(conf)).toEqual(
      expect.arrayContaining([
        'location = /admin',
        'location ^~ /admin/',
        'location = /admin/auth',
        'location = /admin/login',
        'location = /admin/logout',
        'location = /admin/api/v1',
      ]),
    )
    const admin = conf.slice(conf.indexOf('location ^~ /admin/'))
    expect(admin.slice(0, admin.indexOf('\n    }'))).toContain('auth_request /admin/auth;')
    expect(conf).toContain('proxy_pass http://127.0.0.1:4096/admin/api/v1;')
    expect(conf).not.toContain('127.0.0.1:3096')
    expect(conf).toContain('include /srv/it-lab/current/site/nginx/admin-headers.conf;')
  })

  it('has no editor at all without CMS_BACKEND: /admin/ is any unknown path', () => {
    const conf = render({})
    expect(locations(conf).filter((line) => line.includes('/admin'))).toEqual([])
    expect(conf).not.toMatch(/admin-headers\.conf|auth_request|127\.0\.0\.1:3096/)
  })

  it('refuses an editor backend it does not know (a Git host is none any more)', () => {
    for (const backend of ['git-gateway', 'gitea', 'github']) {
      expect(() => render({ CMS_BACKEND: backend })).toThrow(
        `CMS_BACKEND: must be proxy or empty (got "${backend}")`,
      )
    }
  })
})

describe('the nginx site for names it does not serve', () => {
  it('refuses the TLS handshake and closes the request on the listen address it is given', () => {
    const conf = render({ NGINX_HTTPS_LISTEN: '127.0.0.1:8444' })
    const start = conf.lastIndexOf('server {', conf.indexOf('ssl_reject_handshake'))
    const fallback = conf.slice(start, conf.indexOf('\n}', start))
    expect(fallback).toContain('listen 127.0.0.1:8444 ssl http2 default_server;')
    expect(fallback).toContain('ssl_reject_handshake on;')
    expect(fallback).toContain('return 444;')
    expect(fallback).not.toMatch(/ssl_certificate|root |location /)
  })
})

describe('the nginx site for files that are not pages', () => {
  /** The lines of the HTTPS site's location that opens with `opening`, up to its closing brace. */
  const block = (conf: string, opening: string) => {
    const start = conf.indexOf(
      `    ${opening}`,
      conf.indexOf('root /srv/it-lab/current/site/client'),
    )
    return conf.slice(start, conf.indexOf('\n    }\n', start))
  }
  const conf = render({})

  it.each(['location ^~ /uploads/', 'location ^~ /assets/', 'location ~* \\.(?:txt|xml|ico|png'])(
    '%s: a CSP that runs no script, and the pages’ other headers, each once',
    (opening) => {
      const lines = block(conf, opening)
      expect(lines).toContain(`add_header Content-Security-Policy "${STATIC_CSP}" always;`)
      expect(lines).not.toContain('security-headers.conf')
      for (const [name, value] of Object.entries(securityHeaders('page'))) {
        const added = [...lines.matchAll(new RegExp(`add_header ${name} "([^"]*)"`, 'g'))]
        expect(added.map((match) => match[1])).toEqual([
          name === 'Content-Security-Policy' ? STATIC_CSP : value,
        ])
      }
    },
  )

  it("keeps the pages' own headers on the pages", () => {
    expect(block(conf, 'location / {')).toContain(
      'include /srv/it-lab/current/site/nginx/security-headers.conf;',
    )
    expect(block(conf, 'location / {')).not.toContain(STATIC_CSP)
  })
})
