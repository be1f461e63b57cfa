import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
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

  it("serves the editor's files without the gateway at a Git host", () => {
    const conf = render({ CMS_BACKEND: 'gitea' })
    expect(locations(conf)).toEqual(expect.arrayContaining(['location ^~ /admin/']))
    expect(conf).not.toMatch(/auth_request|\/admin\/login|\/admin\/api|127\.0\.0\.1:3096/)
  })

  it('has no editor at all without CMS_BACKEND: /admin/ is any unknown path', () => {
    const conf = render({})
    expect(locations(conf).filter((line) => line.includes('/admin'))).toEqual([])
    expect(conf).not.toMatch(/admin-headers\.conf|auth_request|127\.0\.0\.1:3096/)
  })

  it('refuses an editor backend it does not know', () => {
    expect(() => render({ CMS_BACKEND: 'git-gateway' })).toThrow(
      'CMS_BACKEND: must be proxy, gitea, github or empty (got "git-gateway")',
    )
  })
})
