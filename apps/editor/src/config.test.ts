import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, parseConfig } from './config.ts'

const HASH = `scrypt:16384:8:1:${Buffer.alloc(16, 1).toString('base64')}:${Buffer.alloc(32, 2).toString('base64')}`
const REQUIRED = {
  EDITOR_PASSWORD_HASH: HASH,
  EDITOR_REPO: '/srv/it-lab/editor',
  EDITOR_ORIGIN: 'https://itlab-school.ru',
}

describe('the editor settings', () => {
  it('take the defaults of apps/editor/README.md', () => {
    expect(parseConfig(REQUIRED)).toEqual({
      passwordHash: HASH,
      repo: '/srv/it-lab/editor',
      branch: 'main',
      host: '127.0.0.1',
      port: 3096,
      origin: 'https://itlab-school.ru',
      git: { name: 'Редактор сайта', email: 'editor@it-lab.local' },
      insecureCookie: false,
      publishStateFile: '/srv/it-lab/editor-publish-state.json',
      cacheDir: path.join(tmpdir(), 'it-lab-editor-cache'),
    })
  })

  it('name every bad variable, and never print the hash', () => {
    const env = {
      EDITOR_PASSWORD_HASH: 'secret-password',
      EDITOR_REPO: 'relative/path',
      EDITOR_ORIGIN: 'https://itlab-school.ru/',
      EDITOR_PORT: '70000',
      EDITOR_INSECURE_COOKIE: 'yes',
    }
    expect(() => parseConfig(env)).toThrow(ConfigError)
    let message = ''
    try {
      parseConfig(env)
    } catch (error) {
      message = String(error)
    }
    for (const name of Object.keys(env)) expect(message).toContain(name)
    expect(message).not.toContain('secret-password')
    expect(() => parseConfig({})).toThrow(/EDITOR_PASSWORD_HASH is required/)
  })

  it('take the origin of SITE_URL when EDITOR_ORIGIN is not set', () => {
    const rest = {
      EDITOR_PASSWORD_HASH: REQUIRED.EDITOR_PASSWORD_HASH,
      EDITOR_REPO: REQUIRED.EDITOR_REPO,
    }
    expect(parseConfig({ ...rest, SITE_URL: 'https://itlab-school.ru/courses' }).origin).toBe(
      'https://itlab-school.ru',
    )
    expect(() => parseConfig(rest)).toThrow(/EDITOR_ORIGIN is required/)
  })

  it('EDITOR_INSECURE_COOKIE=1 drops Secure; a blank variable is its default', () => {
    const config = parseConfig({ ...REQUIRED, EDITOR_INSECURE_COOKIE: '1', EDITOR_PORT: ' ' })
    expect(config).toMatchObject({ insecureCookie: true, port: 3096 })
  })

  it("EDITOR_EVENTS_DIR: the folder for the chat's events, absolute; unset, none", () => {
    expect(parseConfig(REQUIRED).eventsDir).toBeUndefined()
    expect(
      parseConfig({ ...REQUIRED, EDITOR_EVENTS_DIR: '/var/lib/it-lab-editor-events/' }).eventsDir,
    ).toBe('/var/lib/it-lab-editor-events')
    expect(() => parseConfig({ ...REQUIRED, EDITOR_EVENTS_DIR: 'events' })).toThrow(
      /EDITOR_EVENTS_DIR must be an absolute path/,
    )
  })
})
