import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { EDITOR_EVENT_FILE, editorEventSchema } from '@it-lab/shared/editor-events'
import type { FastifyInstance } from 'fastify'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildEditorApp, SESSION_COOKIE } from './app.ts'
import { CLIENT_WINDOW_MS, PAUSE_MS } from './login-limits.ts'
import { hashPassword } from './password.ts'

// The login's limits and its events, in process: no content is read or saved here.

const PASSWORD = 'верный пароль для теста'
const ORIGIN = 'https://itlab-school.ru'
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
/** 12 March 2026, 10:05 UTC: 14:05 at the school (Astrakhan, UTC+4). */
const T0 = Date.UTC(2026, 2, 12, 10, 5)
const MINUTE = 60_000

let passwordHash = ''
let clock = T0
let app: FastifyInstance
let events = ''
const scratch: string[] = []

beforeAll(async () => {
  // The lowest cost the gateway accepts: these tests check many passwords.
  passwordHash = await hashPassword(PASSWORD, { N: 2 ** 10, r: 8, p: 1 })
})

afterEach(async () => {
  await app.close()
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A fresh gateway (fresh limits) whose events go to a fresh folder, or to `eventsDir`. */
async function start(eventsDir?: string) {
  const repo = mkdtempSync(path.join(tmpdir(), 'it-lab-login-repo-'))
  events = eventsDir ?? mkdtempSync(path.join(tmpdir(), 'it-lab-login-events-'))
  scratch.push(repo, events)
  clock = T0
  app = await buildEditorApp({
    config: {
      passwordHash,
      repo,
      branch: 'main',
      host: '127.0.0.1',
      port: 0,
      origin: ORIGIN,
      git: { name: 'Редактор сайта', email: 'editor@it-lab.local' },
      insecureCookie: false,
      eventsDir: events,
    },
    check: async () => [],
    now: () => clock,
  })
}

/** The login form from `address`, as nginx passes it on. */
function postLogin(password: string, address: string, userAgent = ANDROID_CHROME) {
  return app.inject({
    method: 'POST',
    url: '/admin/login',
    headers: {
      origin: ORIGIN,
      'x-forwarded-for': address,
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': userAgent,
    },
    payload: new URLSearchParams({ password }).toString(),
  })
}

/** The events written so far, oldest first. */
function written() {
  return readdirSync(events)
    .sort()
    .map((name) => ({
      name,
      event: editorEventSchema.parse(JSON.parse(readFileSync(path.join(events, name), 'utf8'))),
    }))
}

const count = (statuses: number[], status: number) =>
  statuses.filter((each) => each === status).length

describe('the login limits', () => {
  it('counts an IPv6 /64 as one client, and an IPv4-mapped address as its IPv4 one', async () => {
    await start()
    const statuses: number[] = []
    for (let host = 1; host <= 40; host += 1) {
      statuses.push((await postLogin('неверный', `2001:db8:1:2::${host.toString(16)}`)).statusCode)
    }
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(35).fill(429)])
    const refused = await postLogin(PASSWORD, '2001:db8:1:2:ffff:ffff:ffff:fffe')
    expect(refused.statusCode).toBe(429)
    expect(refused.body).toContain(
      'Слишком много попыток входа. Подождите 15 минут и попробуйте снова.',
    )
    expect(refused.headers['retry-after']).toBe('900')
    // The next /64 is another client.
    expect((await postLogin('неверный', '2001:db8:1:3::1')).statusCode).toBe(401)

    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await postLogin('неверный', '::ffff:198.51.100.7')).statusCode).toBe(401)
    }
    expect((await postLogin(PASSWORD, '198.51.100.7')).statusCode).toBe(429)
    clock += CLIENT_WINDOW_MS
    expect((await postLogin(PASSWORD, '198.51.100.7')).statusCode).toBe(303)
  })

  it('60 tries at once from one address check 5 passwords; the right one among them is refused', async () => {
    await start()
    const tries = Array.from({ length: 60 }, (_, index) =>
      postLogin(index === 30 ? PASSWORD : `неверный ${index}`, '203.0.113.5'),
    )
    const responses = await Promise.all(tries)
    const statuses = responses.map((response) => response.statusCode)
    expect(count(statuses, 401)).toBe(5)
    expect(count(statuses, 429)).toBe(55)
    expect(statuses[30]).toBe(429)
    expect(responses.some((response) => response.headers['set-cookie'])).toBe(false)
    expect(written()).toEqual([])
  })

  it('60 tries at once from 60 networks check 20 passwords, then every login pauses, told once', async () => {
    await start()
    const tries = Array.from({ length: 60 }, (_, index) =>
      postLogin(`неверный ${index}`, `2001:db8:${index.toString(16)}::1`),
    )
    const statuses = (await Promise.all(tries)).map((response) => response.statusCode)
    expect(count(statuses, 401)).toBe(20)
    expect(count(statuses, 429)).toBe(40)
    const paused = await postLogin(PASSWORD, '198.51.100.99')
    expect(paused.statusCode).toBe(429)
    expect(paused.body).toContain('Вход в редактор временно закрыт')
    expect(written().map(({ event }) => event)).toEqual([
      {
        kind: 'lockout',
        at: new Date(T0).toISOString(),
        until: new Date(T0 + PAUSE_MS).toISOString(),
        wrong: 20,
        windowMinutes: 60,
      },
    ])
  })

  it('20 wrong passwords within an hour pause every login for 15 minutes, the right one too; one event', async () => {
    await start()
    for (let client = 1; client <= 19; client += 1) {
      expect((await postLogin('неверный', `198.51.100.${client}`)).statusCode).toBe(401)
      clock += 3 * MINUTE
    }
    expect(written()).toEqual([])
    expect((await postLogin('неверный', '198.51.100.20')).statusCode).toBe(401)
    const pausedAt = clock

    clock += 5 * MINUTE
    for (const password of [PASSWORD, 'неверный', PASSWORD]) {
      const refused = await postLogin(password, '192.0.2.1')
      expect(refused.statusCode).toBe(429)
      expect(refused.body).toContain(
        'Вход в редактор временно закрыт: за последний час ввели слишком много неверных паролей. ' +
          'Попробуйте снова через 10 минут.',
      )
      expect(refused.headers['retry-after']).toBe('600')
      expect(refused.headers['set-cookie']).toBeUndefined()
    }
    expect(written().map(({ event }) => event)).toEqual([
      {
        kind: 'lockout',
        at: new Date(pausedAt).toISOString(),
        until: new Date(pausedAt + PAUSE_MS).toISOString(),
        wrong: 20,
        windowMinutes: 60,
      },
    ])

    clock = pausedAt + PAUSE_MS
    expect((await postLogin(PASSWORD, '192.0.2.1')).statusCode).toBe(303)
    // The pause used up the wrong ones before it: the next one does not begin another.
    expect((await postLogin('неверный', '192.0.2.2')).statusCode).toBe(401)
    expect(written().map(({ event }) => event.kind)).toEqual(['lockout', 'login'])
  })
})

describe('the login events', () => {
  it('a login leaves one event for the chat: its time, browser and system; no address, no password', async () => {
    await start()
    const response = await postLogin(PASSWORD, '2001:db8:77::15')
    expect(response.statusCode).toBe(303)
    expect(response.cookies.map(({ name }) => name)).toEqual([SESSION_COOKIE])
    const [login, ...more] = written()
    expect(more).toEqual([])
    expect(login?.name).toMatch(EDITOR_EVENT_FILE)
    expect(login?.event).toEqual({
      kind: 'login',
      at: '2026-03-12T10:05:00.000Z',
      browser: 'Chrome',
      system: 'Android',
    })
    const text = readFileSync(path.join(events, login?.name ?? ''), 'utf8')
    expect(text).not.toContain('2001:db8')
    expect(text).not.toContain(PASSWORD)
    // The alert's group reads it; nobody else.
    expect(statSync(path.join(events, login?.name ?? '')).mode & 0o777).toBe(0o640)

    clock += MINUTE
    await postLogin(PASSWORD, '198.51.100.1', 'curl/8.5.0')
    expect(written()[1]?.event).toMatchObject({ browser: null, system: null })
  })

  it('a folder it cannot write to costs the owner no login', async () => {
    await start(path.join(tmpdir(), 'it-lab-login-no-such-folder', 'events'))
    expect((await postLogin(PASSWORD, '198.51.100.1')).statusCode).toBe(303)
  })
})
