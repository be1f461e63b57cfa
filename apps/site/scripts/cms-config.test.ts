import { describe, expect, it } from 'vitest'
import { adminContentSecurityPolicy, cmsConfig, readCmsSettings } from './cms-config.ts'

// The editor's backend as the build writes it into /admin/config.yml and the admin CSP
// (docs/decisions/0065-editor-on-the-school-server.md).

describe('the editor backend', () => {
  it('is the editor gateway on the same origin for npm start and the e2e, with no local backend', () => {
    const settings = readCmsSettings({})
    const config = cmsConfig(settings)
    expect(config.backend).toEqual({ name: 'proxy', proxy_url: '/admin/api/v1', branch: 'main' })
    expect(config).not.toHaveProperty('local_backend')
    const csp = adminContentSecurityPolicy(settings)
    expect(csp).toContain("connect-src 'self' blob:;")
    expect(csp).toContain("form-action 'self';")
    expect(csp).not.toMatch(/127\.0\.0\.1|localhost/)
  })

  it('is none in a release build that names no backend, and the one named otherwise', () => {
    expect(readCmsSettings({ SITE_RELEASE_BUILD: '1' }).CMS_BACKEND).toBe('')
    expect(() => cmsConfig(readCmsSettings({ SITE_RELEASE_BUILD: '1' }))).toThrow(/no \/admin\//)
    const proxy = readCmsSettings({
      SITE_RELEASE_BUILD: '1',
      CMS_BACKEND: 'proxy',
      CMS_BRANCH: 'site',
    })
    expect(cmsConfig(proxy).backend).toEqual({
      name: 'proxy',
      proxy_url: '/admin/api/v1',
      branch: 'site',
    })
    const gitea = readCmsSettings({
      SITE_RELEASE_BUILD: '1',
      CMS_BACKEND: 'gitea',
      CMS_REPO: 'school/site',
      CMS_BASE_URL: 'https://git.itlab-school.ru',
      CMS_APP_ID: 'abc',
    })
    expect(cmsConfig(gitea).backend).toMatchObject({ name: 'gitea', repo: 'school/site' })
    expect(adminContentSecurityPolicy(gitea)).toContain(
      "connect-src 'self' blob: https://git.itlab-school.ru;",
    )
  })

  it('refuses settings that cannot work, naming the variable', () => {
    expect(() => readCmsSettings({ CMS_BACKEND: 'git-gateway' })).toThrow(
      /CMS_BACKEND: must be proxy, gitea, github or empty/,
    )
    expect(() => readCmsSettings({ CMS_BACKEND: 'github' })).toThrow(/CMS_REPO is required/)
    expect(() => readCmsSettings({ CMS_BACKEND: 'gitea', CMS_REPO: 'a/b' })).toThrow(
      /CMS_BASE_URL and CMS_APP_ID/,
    )
  })
})
