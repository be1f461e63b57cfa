import { editorPath, ENTRY_FOLDERS, MEDIA_FOLDER, SINGLE_FILES } from '@it-lab/shared/content'
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

describe('the collections', () => {
  type Collection = { folder?: string; slug?: string; files?: { file: string }[] }
  const config = cmsConfig(readCmsSettings({}))
  const collections = config.collections as Collection[]

  // The content service reads and writes only what these name (docs/decisions/0081): the two
  // lists must agree, or the owner's saves of a collection would be refused.
  it('name exactly the folders and files the content service lets the editor touch', () => {
    const folders = collections.flatMap(({ folder }) => (folder ? [folder] : []))
    expect(folders.sort()).toEqual(ENTRY_FOLDERS.map((name) => `content/${name}`).sort())
    const files = collections.flatMap(({ files: list = [] }) => list.map(({ file }) => file))
    expect(files.sort()).toEqual([...SINGLE_FILES].sort())
    expect(config.media_folder).toBe(MEDIA_FOLDER)
  })

  it('make entry names the content service takes', () => {
    const fields: Record<string, string> = {
      '{{fields.id}}': '12',
      '{{fields.course}}': '4',
      '{{year}}': '2027',
      '{{month}}': '01',
      '{{day}}': '09',
      '{{hour}}': '18',
      '{{minute}}': '05',
      '{{second}}': '59',
    }
    for (const { folder, slug } of collections) {
      if (!folder || !slug) continue
      const name = slug.replace(/\{\{[^}]+\}\}/g, (token) => fields[token] ?? token)
      expect(editorPath(`${folder}/${name}.json`), `${folder}: ${slug}`).toMatchObject({
        kind: 'entry',
      })
    }
  })
})
