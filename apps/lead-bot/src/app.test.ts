import { once } from 'node:events'
import { rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { DatabaseSync } from 'node:sqlite'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { COURSE_CATALOGUE, GROUPS, LEAD_ERRORS, OTHER_TIME } from '@it-lab/shared'
import { BODY_LIMIT_BYTES, STALE_PENDING_MS, buildApp } from './app.ts'
import type { AppOptions } from './app.ts'
import { openLeadStore } from './store/lead-store.ts'
import type { LeadStore } from './store/lead-store.ts'
import { eventually, tempDir } from '../test/helpers.ts'
import { LEAD_QUERY, TEST_CONSENT, VALID_PHONE } from '../harness/sample-leads.ts'

vi.mock(import('@it-lab/shared'), async (importOriginal) => {
  const { withMadeUpGroup } = await import('../test/helpers.ts')
  return withMadeUpGroup(await importOriginal())
})

const ORIGIN = 'http://127.0.0.1:3000'
const QUERY = LEAD_QUERY
const JSON_TYPE = 'application/json'
const valid = JSON.stringify({ name: 'Анна', phone: VALID_PHONE })

const temp = tempDir()
afterAll(() => temp.remove())

let dbCounter = 0
function newStore(options?: { busyTimeoutMs?: number }): LeadStore {
  dbCounter += 1
  return openLeadStore(path.join(temp.dir, `app-${dbCounter}.sqlite`), options)
}

async function makeApp(overrides: Partial<AppOptions> = {}) {
  const store = overrides.store ?? newStore()
  const stored: number[] = []
  const app = await buildApp({
    store,
    siteOrigins: [ORIGIN, 'http://localhost:3000'],
    rateLimit: { max: 1000, windowMs: 60_000 },
    onLeadStored: (id) => stored.push(id),
    ...overrides,
  })
  return { app, store, stored }
}

/** A Fastify logger whose lines a test can read. */
function captureLogs() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString())
      done()
    },
  })
  return { lines, logger: { level: 'info', stream } }
}

interface BadRequest {
  name: string
  query?: string
  /** Defaults to application/json; null sends none at all. */
  contentType?: string | null
  body?: string
  headers?: Record<string, string>
  status: number
  error?: string
  fields?: Record<string, string>
}

const lead = (value: Record<string, unknown>) => JSON.stringify(value)

/** POSTs the valid lead with the site's query, from `remoteAddress` when given. */
const send = (app: FastifyInstance, remoteAddress?: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: `/send?${QUERY}`,
    headers: { 'content-type': JSON_TYPE, ...headers },
    payload: valid,
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  })

const BAD_REQUESTS: BadRequest[] = [
  { name: 'text/plain body', contentType: 'text/plain', body: valid, status: 415 },
  { name: 'no content type', contentType: null, body: valid, status: 415 },
  { name: 'multipart', contentType: 'multipart/form-data; boundary=x', body: '--x--', status: 415 },
  { name: 'json-like type', contentType: 'application/json-patch+json', body: valid, status: 415 },
  { name: 'malformed JSON', body: '{"name": "Анна", "phone":', status: 400 },
  { name: 'single-quoted JSON', body: "{'name':'Анна'}", status: 400 },
  { name: 'empty JSON body', body: '', status: 400 },
  { name: 'JSON null', body: 'null', status: 400, error: 'invalid' },
  { name: 'JSON array', body: `[${valid}]`, status: 400, error: 'invalid' },
  { name: 'JSON string', body: '"Анна"', status: 400, error: 'invalid' },
  {
    name: 'body over the limit',
    body: lead({ name: 'я'.repeat(5000), phone: VALID_PHONE }),
    status: 413,
  },
  { name: 'huge body (1 MB)', body: `{"name":"${'a'.repeat(1 << 20)}"}`, status: 413 },
  {
    name: 'missing name',
    body: lead({ phone: VALID_PHONE }),
    status: 400,
    fields: { name: LEAD_ERRORS.nameRequired },
  },
  {
    name: 'missing phone',
    body: lead({ name: 'Анна' }),
    status: 400,
    fields: { phone: LEAD_ERRORS.phoneRequired },
  },
  {
    name: 'empty object',
    body: '{}',
    status: 400,
    fields: { name: LEAD_ERRORS.nameRequired, phone: LEAD_ERRORS.phoneRequired },
  },
  {
    name: 'blank name',
    body: lead({ name: '   ', phone: VALID_PHONE }),
    status: 400,
    fields: { name: LEAD_ERRORS.nameRequired },
  },
  {
    name: 'name as number',
    body: lead({ name: 5, phone: VALID_PHONE }),
    status: 400,
    fields: { name: LEAD_ERRORS.nameRequired },
  },
  {
    name: 'extra field',
    body: lead({ name: 'Анна', phone: VALID_PHONE, email: 'a@b.ru' }),
    status: 400,
    error: 'invalid',
  },
  {
    name: '__proto__ key',
    body: `{"name":"Анна","phone":"${VALID_PHONE}","__proto__":{"x":1}}`,
    status: 400,
  },
  {
    name: '33-character name',
    body: lead({ name: 'я'.repeat(33), phone: VALID_PHONE }),
    status: 400,
    fields: { name: LEAD_ERRORS.nameTooLong },
  },
  {
    name: 'newline in name',
    body: lead({ name: 'Ан\nна', phone: VALID_PHONE }),
    status: 400,
    fields: { name: LEAD_ERRORS.nameInvalid },
  },
  {
    name: 'NUL in name',
    body: lead({ name: 'Ан\u0000на', phone: VALID_PHONE }),
    status: 400,
    fields: { name: LEAD_ERRORS.nameInvalid },
  },
  {
    name: 'ESC sequence in name',
    body: lead({ name: '\u001b[31mАнна', phone: VALID_PHONE }),
    status: 400,
    fields: { name: LEAD_ERRORS.nameInvalid },
  },
  {
    name: 'bidi override in name',
    body: lead({ name: 'Анна\u202e', phone: VALID_PHONE }),
    status: 400,
    fields: { name: LEAD_ERRORS.nameInvalid },
  },
  ...[
    '+7 (912) 345-67-8',
    '+7 (912) 345-67-890',
    '+7 (91a) 345-67-89',
    `${VALID_PHONE}\n`.replace('\n', '\nx'),
    '+380 91 234 5678',
  ].map((phone): BadRequest => ({
    name: `malformed phone ${JSON.stringify(phone)}`,
    body: lead({ name: 'Анна', phone }),
    status: 400,
    fields: { phone: LEAD_ERRORS.phoneInvalid },
  })),
  {
    name: 'phone as number',
    body: lead({ name: 'Анна', phone: 79123456789 }),
    status: 400,
    fields: { phone: LEAD_ERRORS.phoneRequired },
  },
  ...[
    'false',
    '2025-01',
    '2025-09-01.0A1B2C3D',
    '2025-09-01.0a1b2c3d9',
    '2025-13-45.abcdef12',
    '2025-02-30.0a1b2c3d',
  ].map((consent): BadRequest => ({
    name: `consent=${consent}`,
    query: `form=feedback&consent=${consent}`,
    body: valid,
    status: 400,
    error: 'invalid',
  })),
  ...[
    ['only zero-width characters', '\u200B\u200D'],
    ['a line separator', 'Анна\u2028Мария'],
    ['a direction mark', '\u200FАнна'],
    ['only Braille blanks', '\u2800\u2800\u2800'],
    ['only an object replacement character', '\uFFFC'],
    ['only private-use characters', '\uE000\u{F0000}\u{10FFFD}'],
    ['a non-character', 'Анна\uFDEF'],
  ].map(([what, name]): BadRequest => ({
    name: `name with ${what}`,
    body: lead({ name, phone: VALID_PHONE }),
    status: 400,
    fields: { name: LEAD_ERRORS.nameInvalid },
  })),
  { name: 'foreign origin', headers: { origin: 'https://evil.example' }, body: valid, status: 403 },
  { name: 'honeypot filled', query: `${QUERY}spam`, body: valid, status: 200 },
  { name: 'honeypot filled, bad body', query: `${QUERY}http://spam`, body: '{}', status: 200 },
]

describe('POST /send: bad requests change nothing', () => {
  let app: FastifyInstance
  let store: LeadStore
  let stored: number[]
  let url: string
  let tried = 0
  const { lines: logLines, logger } = captureLogs()

  beforeAll(async () => {
    ;({ app, store, stored } = await makeApp({ logger }))
    // Over real HTTP, so content length, chunking and the body limit behave as in production.
    url = await app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await app.close()
    store.close()
  })

  it.each(BAD_REQUESTS)('$name → $status', async (request) => {
    const headers: Record<string, string> = { ...request.headers }
    if (request.contentType !== null) headers['content-type'] = request.contentType ?? JSON_TYPE
    // fetch labels a string body text/plain by itself; raw bytes go out with no type at all.
    const body =
      request.contentType === null ? new TextEncoder().encode(request.body) : request.body
    const response = await fetch(`${url}/send?${request.query ?? QUERY}`, {
      method: 'POST',
      headers,
      body: body ?? null,
    })
    tried += 1
    const answer = (await response.json()) as Record<string, unknown>
    expect(response.status).toBe(request.status)
    if (request.status === 200) expect(answer).toEqual({ ok: true })
    else expect(answer).toMatchObject({ error: expect.any(String), message: expect.any(String) })
    if (request.error) expect(answer.error).toBe(request.error)
    if (request.fields) expect(answer.fields).toEqual(request.fields)
    expect(store.count()).toBe(0)
    expect(stored).toEqual([])
  })

  it.each([
    ['a byte that starts no character', [0xff]],
    ['a sequence cut short', [0xd0]],
    ['an overlong encoding', [0xc0, 0xaf]],
    ['a surrogate', [0xed, 0xa0, 0x80]],
  ])('a JSON body with %s in the name → 400, never U+FFFD stored', async (_case, bytes) => {
    const body = Buffer.concat([
      Buffer.from('{"name":"Ан'),
      Buffer.from(bytes),
      Buffer.from(`на","phone":"${VALID_PHONE}"}`),
    ])
    const response = await fetch(`${url}/send?${QUERY}`, {
      method: 'POST',
      headers: { 'content-type': JSON_TYPE },
      body,
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: 'bad_request', message: 'Body must be UTF-8' })
    expect(store.count()).toBe(0)
    expect(stored).toEqual([])
  })

  it('stored nothing across the whole table, and logged the honeypot drops', () => {
    expect(tried).toBe(BAD_REQUESTS.length)
    expect(store.count()).toBe(0)
    const drops = logLines.filter((line) => line.includes('honeypot filled'))
    expect(drops).toHaveLength(2)
  })

  it('names unknown fields in the error', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/send?${QUERY}`,
      headers: { 'content-type': JSON_TYPE },
      payload: lead({ name: 'Анна', phone: VALID_PHONE, email: 'a@b.ru', age: 7 }),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ unknownFields: ['email', 'age'] })
  })
})

describe('POST /send: a good lead', () => {
  it('the bare contract: no query at all is stored with form unknown and consent unstated', async () => {
    const { app, store } = await makeApp()
    const response = await app.inject({
      method: 'POST',
      url: '/send',
      headers: { 'content-type': JSON_TYPE },
      payload: valid,
    })
    expect(response.statusCode).toBe(200)
    expect(store.list({ limit: 1 })[0]).toMatchObject({
      name: 'Анна',
      form: 'unknown',
      consentVersion: 'unstated',
    })
    await app.close()
    store.close()
  })

  it('stores the context: the course page, the quiz suggestion and the page path', async () => {
    const { app, store } = await makeApp()
    const response = await app.inject({
      method: 'POST',
      url: `/send?${QUERY}&course=4&quiz=6&page=%2Fcourse%2F4`,
      headers: { 'content-type': JSON_TYPE },
      payload: valid,
    })
    expect(response.statusCode).toBe(200)
    expect(store.list({ limit: 1 })[0]).toMatchObject({ course: 4, quiz: 6, page: '/course/4' })
    await app.close()
    store.close()
  })

  it('answers 200 only once the row is committed, with every column filled', async () => {
    const { app, store, stored } = await makeApp({ trustProxy: ['127.0.0.1'] })
    const response = await app.inject({
      method: 'POST',
      url: `/send?form=trial_lesson_popup&consent=${TEST_CONSENT}&website=&utm_source=x`,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Test UA/1.0',
        'x-forwarded-for': '203.0.113.7',
        origin: ORIGIN,
      },
      payload: lead({ name: '  Анна-Мария  ', phone: '+7(912)345-67-89' }),
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ ok: true })
    // A separate connection sees the row: it was committed before the answer went out.
    const other = new DatabaseSync(store.path, { readOnly: true })
    const row = other.prepare('SELECT * FROM leads').get()
    other.close()
    expect(row).toMatchObject({
      id: 1,
      name: 'Анна-Мария',
      // Stored in the one shape, however it was written.
      phone: '+7 (912) 345-67-89',
      form: 'trial_lesson_popup',
      consent_version: TEST_CONSENT,
      status: 'pending',
      attempts: 0,
      last_error: null,
      sent_at: null,
      telegram_message_id: null,
      meta_warning: null,
    })
    expect(typeof row?.received_at).toBe('string')
    // Neither the IP address nor the User-Agent is kept.
    expect(Object.keys(row ?? {})).not.toContain('client_ip')
    expect(Object.keys(row ?? {})).not.toContain('user_agent')
    expect(stored).toEqual([1])
    await app.close()
    store.close()
  })

  it('answers 503 and does not wake the outbox when the database refuses the write', async () => {
    const store = newStore({ busyTimeoutMs: 50 })
    const { app, stored } = await makeApp({ store })
    const locker = new DatabaseSync(store.path)
    locker.exec('BEGIN IMMEDIATE')
    const response = await send(app)
    locker.exec('ROLLBACK')
    locker.close()
    expect(response.statusCode).toBe(503)
    expect(stored).toEqual([])
    expect(store.count()).toBe(0)
    await app.close()
    store.close()
  })
})

describe('POST /send: the same sending twice', () => {
  // The site tries a network failure once more with the same request id (send-lead.ts).
  const RID = '0b5c7a4e-2f1d-4c8e-9a3b-6d2e1f0a9c7b'
  const sendAs = (app: FastifyInstance, rid: string) =>
    app.inject({
      method: 'POST',
      url: `/send?${QUERY}&rid=${rid}`,
      headers: { 'content-type': JSON_TYPE },
      payload: valid,
    })

  it('stores the lead once, and answers both 200, even when they arrive together', async () => {
    const { app, store, stored } = await makeApp()
    const [first, second] = await Promise.all([sendAs(app, RID), sendAs(app, RID)])
    const third = await sendAs(app, RID)
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([200, 200, 200])
    expect(store.count()).toBe(1)
    expect(stored).toHaveLength(1)
    // Another sending (another id, or none) of the same name and phone is another lead.
    await sendAs(app, 'another-sending-0123456789')
    await send(app)
    expect(store.count()).toBe(3)
    await app.close()
    store.close()
  })

  it('takes a lead whose first sending failed to be stored when it comes again', async () => {
    const store = newStore({ busyTimeoutMs: 50 })
    const { app, stored } = await makeApp({ store })
    const locker = new DatabaseSync(store.path)
    locker.exec('BEGIN IMMEDIATE')
    expect((await sendAs(app, RID)).statusCode).toBe(503)
    locker.exec('ROLLBACK')
    locker.close()
    expect((await sendAs(app, RID)).statusCode).toBe(200)
    expect(store.count()).toBe(1)
    expect(stored).toHaveLength(1)
    await app.close()
    store.close()
  })

  it('ignores a request id that is not one: the lead is stored all the same', async () => {
    const { app, store } = await makeApp()
    for (const rid of ['short', '<script>', 'x'.repeat(65)]) {
      expect((await sendAs(app, encodeURIComponent(rid))).statusCode).toBe(200)
    }
    expect(store.count()).toBe(3)
    await app.close()
    store.close()
  })
})

describe('POST /send: group commit', () => {
  it('commits concurrent leads together and answers each 200 only after that commit', async () => {
    const { app, store, stored } = await makeApp()
    const insertMany = vi.spyOn(store, 'insertMany')
    const reader = new DatabaseSync(store.path, { readOnly: true })
    const visible = reader.prepare('SELECT COUNT(*) AS n FROM leads WHERE phone = ?')
    const seenAtAnswer: unknown[] = []
    const phones = Array.from({ length: 8 }, (_, n) => `+7 (900) 000-00-0${n}`)
    const responses = await Promise.all(
      phones.map((phone) =>
        app
          .inject({
            method: 'POST',
            url: `/send?${QUERY}`,
            headers: { 'content-type': JSON_TYPE },
            payload: lead({ name: 'Анна', phone }),
          })
          .then((response) => {
            // When the answer arrives, another connection already sees the committed row.
            seenAtAnswer.push(visible.get(phone)?.n)
            return response
          }),
      ),
    )
    reader.close()
    expect(responses.map((response) => response.statusCode)).toEqual(phones.map(() => 200))
    expect(seenAtAnswer).toEqual(phones.map(() => 1))
    // Fewer transactions than leads (one, when every request is parsed in the same turn).
    expect(insertMany.mock.calls.length).toBeLessThan(phones.length)
    expect(insertMany.mock.calls.flatMap(([leads]) => leads).length).toBe(phones.length)
    expect([...stored].sort((a, b) => a - b)).toEqual(phones.map((_, n) => n + 1))
    await app.close()
    store.close()
  })
})

describe('CORS', () => {
  let app: FastifyInstance
  let store: LeadStore
  beforeAll(async () => ({ app, store } = await makeApp()))
  afterAll(async () => {
    await app.close()
    store.close()
  })

  it.each([
    ['allowed origin', ORIGIN, ORIGIN],
    ['second allowed origin', 'http://localhost:3000', 'http://localhost:3000'],
    ['other origin', 'https://evil.example', undefined],
    ['allowed host, other port', 'http://127.0.0.1:4000', undefined],
  ])('preflight from %s', async (_case, origin, allowed) => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/send',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(response.headers['access-control-allow-origin']).toBe(allowed)
    if (allowed) expect(response.headers['access-control-allow-headers']).toMatch(/content-type/i)
  })

  it.each([
    ['allowed origin', ORIGIN, ORIGIN, 200],
    ['other origin', 'https://evil.example', undefined, 403],
  ])('POST from %s', async (_case, origin, allowed, status) => {
    const response = await send(app, undefined, { origin })
    expect(response.statusCode).toBe(status)
    expect(response.headers['access-control-allow-origin']).toBe(allowed)
  })
})

describe('rate limit', () => {
  it('counts an IPv6 /64 as one client, so rotating addresses gains nothing', async () => {
    const { app, store } = await makeApp({ rateLimit: { max: 2, windowMs: 60_000 } })
    const statuses: number[] = []
    for (const host of ['1', '2', 'abcd:1', 'ffff:ffff:fffe']) {
      statuses.push((await send(app, `2001:db8:1:2::${host}`)).statusCode)
    }
    expect(statuses).toEqual([200, 200, 429, 429])
    expect((await send(app, '2001:db8:1:3::1')).statusCode).toBe(200)
    await app.close()
    store.close()
  })

  it('answers 429 JSON after the limit, per client IP', async () => {
    const { app, store } = await makeApp({ rateLimit: { max: 3, windowMs: 60_000 } })
    const statuses: number[] = []
    for (let i = 0; i < 5; i += 1) statuses.push((await send(app, '198.51.100.1')).statusCode)
    expect(statuses).toEqual([200, 200, 200, 429, 429])
    const limited = await send(app, '198.51.100.1')
    expect(limited.json()).toMatchObject({ error: 'rate_limited' })
    expect(limited.headers['retry-after']).toBeDefined()
    expect((await send(app, '198.51.100.2')).statusCode).toBe(200)
    expect(store.count()).toBe(4)
    await app.close()
    store.close()
  })

  it('uses X-Forwarded-For only from a trusted proxy', async () => {
    const { app, store } = await makeApp({
      rateLimit: { max: 1, windowMs: 60_000 },
      trustProxy: ['127.0.0.1'],
    })
    const viaProxy = (client: string) => send(app, '127.0.0.1', { 'x-forwarded-for': client })
    expect((await viaProxy('203.0.113.1')).statusCode).toBe(200)
    expect((await viaProxy('203.0.113.2')).statusCode).toBe(200)
    expect((await viaProxy('203.0.113.1')).statusCode).toBe(429)
    // An untrusted peer cannot dodge the limit by making up the header.
    expect((await send(app, '198.51.100.9', { 'x-forwarded-for': '1.1.1.1' })).statusCode).toBe(200)
    expect((await send(app, '198.51.100.9', { 'x-forwarded-for': '2.2.2.2' })).statusCode).toBe(429)
    await app.close()
    store.close()
  })
})

describe('GET /health', () => {
  const stores: LeadStore[] = []
  afterEach(() => {
    for (const store of stores.splice(0)) store.close()
  })

  it('reports a writable database and the pending count', async () => {
    const { app, store } = await makeApp()
    stores.push(store)
    expect((await app.inject('/health')).json()).toEqual({
      status: 'ok',
      db: 'writable',
      pending: 0,
      failed: 0,
      oldestPendingAgeS: 0,
      channels: { telegram: { pending: 0, failed: 0, oldestPendingAgeS: 0 } },
    })
    for (let i = 0; i < 2; i += 1) {
      await send(app)
    }
    const first = store.head()
    if (first) store.markSent(first.id, 1, Date.now())
    const response = await app.inject('/health')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ status: 'ok', db: 'writable', pending: 1, failed: 0 })
    await app.close()
  })

  it('says degraded, with counts and the oldest pending age, when leads fail or wait too long', async () => {
    const store = newStore()
    stores.push(store)
    let clock = Date.UTC(2025, 0, 15, 10, 0)
    const { app } = await makeApp({ store, deliveryOn: true, now: () => clock })
    const stuck = store.insert(
      { name: 'Анна', phone: VALID_PHONE, form: 'feedback', consentVersion: 'unstated' },
      clock,
    )
    clock += STALE_PENDING_MS - 1_000
    expect((await app.inject('/health')).json()).toMatchObject({ status: 'ok', pending: 1 })
    clock += 2_000
    expect((await app.inject('/health')).json()).toEqual({
      status: 'degraded',
      db: 'writable',
      pending: 1,
      failed: 0,
      oldestPendingAgeS: STALE_PENDING_MS / 1000 + 1,
      channels: {
        telegram: { pending: 1, failed: 0, oldestPendingAgeS: STALE_PENDING_MS / 1000 + 1 },
      },
    })
    store.markFailed(stuck.id, 'HTTP 400 Bad Request: chat not found')
    const response = await app.inject('/health')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      status: 'degraded',
      db: 'writable',
      pending: 0,
      failed: 1,
      oldestPendingAgeS: 0,
      channels: { telegram: { pending: 0, failed: 1, oldestPendingAgeS: 0 } },
    })
    await app.close()
  })

  it("reports each channel on, and a channel's dead letter or stale lead degrades", async () => {
    const store = newStore()
    stores.push(store)
    let clock = Date.UTC(2025, 0, 15, 10, 0)
    store.setChannels(['email', 'bitrix24'], clock)
    const { app } = await makeApp({
      store,
      deliveryOn: true,
      channels: ['email', 'bitrix24'],
      now: () => clock,
    })
    const first = store.insert(
      { name: 'Анна', phone: VALID_PHONE, form: 'feedback', consentVersion: 'unstated' },
      clock,
    )
    store.markSent(first.id, 1, clock)
    store.markDelivered(first.id, 'email', clock)
    clock += 60_000
    expect((await app.inject('/health')).json()).toMatchObject({
      status: 'ok',
      pending: 0,
      channels: {
        telegram: { pending: 0, failed: 0, oldestPendingAgeS: 0 },
        email: { pending: 0, failed: 0, oldestPendingAgeS: 0 },
        bitrix24: { pending: 1, failed: 0, oldestPendingAgeS: 60 },
      },
    })
    clock += STALE_PENDING_MS
    expect((await app.inject('/health')).json()).toMatchObject({ status: 'degraded', failed: 0 })
    store.markDeliveryFailed(first.id, 'bitrix24', 'Bitrix24: HTTP 401 INVALID_CREDENTIALS')
    expect((await app.inject('/health')).json()).toMatchObject({
      status: 'degraded',
      pending: 0,
      failed: 0,
      channels: { bitrix24: { pending: 0, failed: 1, oldestPendingAgeS: 0 } },
    })
    await app.close()
  })

  it('with delivery off, old pending leads are expected: still ok', async () => {
    const store = newStore()
    stores.push(store)
    const { app } = await makeApp({ store, now: () => 10 * STALE_PENDING_MS })
    store.insert(
      { name: 'Анна', phone: VALID_PHONE, form: 'feedback', consentVersion: 'unstated' },
      0,
    )
    expect((await app.inject('/health')).json()).toMatchObject({ status: 'ok', pending: 1 })
    await app.close()
  })

  it('answers 503 when the database cannot take a write', async () => {
    const store = newStore({ busyTimeoutMs: 50 })
    stores.push(store)
    const { app } = await makeApp({ store })
    const locker = new DatabaseSync(store.path)
    locker.exec('BEGIN IMMEDIATE')
    const response = await app.inject('/health')
    locker.exec('ROLLBACK')
    locker.close()
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({ status: 'error', db: 'unwritable' })
    expect((await app.inject('/health')).statusCode).toBe(200)
    await app.close()
  })

  it('answers 503 `replaced` once the file was replaced, and sends leads on to the next start', async () => {
    const store = newStore()
    const { app } = await makeApp({ store })
    for (const suffix of ['', '-wal', '-shm']) rmSync(store.path + suffix, { force: true })
    writeFileSync(store.path, 'garbage'.repeat(200))
    const health = await app.inject('/health')
    expect([health.statusCode, health.json()]).toEqual([503, { status: 'error', db: 'replaced' }])
    // The same POST again, relative to the path the browser used (nginx's /lead/send included).
    const lead = await send(app)
    expect([lead.statusCode, lead.headers.location, lead.headers.connection]).toEqual([
      307,
      `send?${QUERY}`,
      'close',
    ])
    // Put right, it still refuses: only a restart opens the file again (0043).
    rmSync(store.path)
    expect((await app.inject('/health')).statusCode).toBe(503)
    await app.close()
  })
})

describe('connections', () => {
  it('cuts a trickling request body at the request timeout', async () => {
    const { app, store } = await makeApp({ requestTimeoutMs: 1_000 })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo
    const socket = connect(port, '127.0.0.1')
    await once(socket, 'connect')
    socket.write(
      `POST /send?${QUERY} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        `Content-Length: 200\r\n\r\n{`,
    )
    // One byte every 100 ms: the body would take 20 s.
    const drip = setInterval(() => socket.write(' '), 100)
    const started = Date.now()
    let answer = ''
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString()
      clearInterval(drip)
    })
    // A byte dripped just as the server hangs up meets a reset or a broken pipe after
    // the 408 has arrived: the client's own doing, so `once(socket, 'close')`, which
    // rejects on any error, is not used.
    const errors: string[] = []
    socket.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message))
    await new Promise((resolve) => socket.on('close', resolve))
    clearInterval(drip)
    expect(errors.filter((code) => code !== 'ECONNRESET' && code !== 'EPIPE')).toEqual([])
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
    expect(store.count()).toBe(0)
    await app.close()
    store.close()
  })

  it('answers a lead at once while 512 connections are held open, silent or half-sent', async () => {
    const { app, store } = await makeApp()
    const url = await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo
    const held = await Promise.all(
      Array.from({ length: 512 }, async (_, index) => {
        const socket = connect(port, '127.0.0.1')
        socket.on('error', () => {})
        await once(socket, 'connect')
        // Half of them stop in the middle of the request line.
        if (index % 2 === 1) socket.write('POST /se')
        return socket
      }),
    )
    const started = Date.now()
    const response = await fetch(`${url}/send?${QUERY}`, {
      method: 'POST',
      headers: { 'content-type': JSON_TYPE },
      body: valid,
    })
    expect(response.status).toBe(200)
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(store.count()).toBe(1)
    // The room was made by closing one held connection only.
    await eventually(() => expect(held.filter((socket) => socket.closed)).toHaveLength(1))
    for (const socket of held) socket.destroy()
    await app.close()
    store.close()
  })
})

describe('logs', () => {
  it('of a request no route matched carry no path: it may hold a name and a phone', async () => {
    const captured = captureLogs()
    const { app, store } = await makeApp({ logger: captured.logger })
    const paths = ['/Иван-Петров-89123456789', '/%D0%98%D0%B2%D0%B0%D0%BD-89123456789?x=1']
    for (const url of paths) {
      expect((await app.inject({ method: 'POST', url })).statusCode).toBe(404)
    }
    expect((await app.inject({ method: 'GET', url: '/send/89123456789' })).statusCode).toBe(404)
    const lines = captured.lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    const completed = lines.filter((line) => line.msg === 'request completed')
    expect(completed.map((line) => [line.method, line.url, line.statusCode])).toEqual([
      ['POST', '<unknown>', 404],
      ['POST', '<unknown>', 404],
      ['GET', '<unknown>', 404],
    ])
    expect(JSON.stringify(lines)).not.toMatch(/Иван|%D0|89123456789/)
    await app.close()
    store.close()
  })

  it('never carry the client IP, not even on the rate-limit line', async () => {
    const captured = captureLogs()
    const { app, store } = await makeApp({
      rateLimit: { max: 1, windowMs: 60_000 },
      logger: captured.logger,
    })
    for (let i = 0; i < 2; i += 1) {
      await send(app, '198.51.100.23')
    }
    await app.inject({ method: 'POST', url: `/send?${QUERY}spam`, remoteAddress: '198.51.100.24' })
    const lines = captured.lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(lines.map((line) => line.msg)).toContain('rate limited')
    expect(JSON.stringify(lines)).not.toContain('198.51.100.2')
    expect(lines.some((line) => line.msg === 'lead stored')).toBe(true)
    // Never a name or a phone either.
    expect(JSON.stringify(lines)).not.toMatch(/Анна|912/)
    await app.close()
    store.close()
  })

  it.each([
    ['a form tag it does not know', 'Иван +79876543210', 'unknown'],
    ['a known form tag', 'feedback', 'feedback'],
  ])(
    'of a filled honeypot with %s say which known form it was, and nothing the bot sent',
    async (_case, form, logged) => {
      const captured = captureLogs()
      const { app, store } = await makeApp({ logger: captured.logger })
      // A bot may put a person's name and phone in any field.
      const query = new URLSearchParams({
        form,
        consent: TEST_CONSENT,
        page: '/ivan-79876543210',
        course: '79876543210',
        website: 'Иван 8 987 654-32-10',
      })
      const response = await app.inject({
        method: 'POST',
        url: `/send?${query}`,
        headers: { 'content-type': JSON_TYPE },
        payload: lead({ name: 'Иван', phone: '+7 (987) 654-32-10' }),
      })
      expect(response.statusCode).toBe(200)
      expect(store.count()).toBe(0)
      const lines = captured.lines.map((line) => JSON.parse(line) as Record<string, unknown>)
      const drop = lines.find((line) => line.msg === 'honeypot filled: lead dropped')
      expect(drop).toMatchObject({ form: logged })
      // The logger's own numbers aside: a time like 1795878987881 holds «987» too.
      const said = lines.map(({ time: _time, pid: _pid, ...rest }) => rest)
      expect(JSON.stringify(said)).not.toMatch(/Иван|ivan|987/)
      await app.close()
      store.close()
    },
  )
})

it('takes a body at its size limit and refuses one a byte over it', async () => {
  const { app, store } = await makeApp()
  // The valid lead padded with trailing whitespace (still valid JSON) to an exact size in bytes.
  const sized = (bytes: number) => valid + ' '.repeat(bytes - Buffer.byteLength(valid))
  const post = (payload: string) =>
    app.inject({
      method: 'POST',
      url: `/send?${QUERY}`,
      headers: { 'content-type': JSON_TYPE },
      payload,
    })
  expect((await post(sized(BODY_LIMIT_BYTES))).statusCode).toBe(200)
  const over = await post(sized(BODY_LIMIT_BYTES + 1))
  expect(over.statusCode).toBe(413)
  expect(over.json()).toMatchObject({ error: 'too_large' })
  await app.close()
  store.close()
})

describe('POST /send as a plain form (a page before or without JavaScript)', () => {
  const FORM_TYPE = 'application/x-www-form-urlencoded'
  const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
  const siteFields = {
    form: 'feedback',
    consent: TEST_CONSENT,
    course: '4',
    page: '/course/4',
    quiz: '',
    website: '',
  }
  const post = (app: FastifyInstance, fields: Record<string, string>, origin = ORIGIN) =>
    app.inject({
      method: 'POST',
      url: '/send',
      headers: { 'content-type': FORM_TYPE, origin },
      payload: formBody(fields),
    })

  it('stores the lead with every hidden field and sends the parent to the thank-you page', async () => {
    const { app, store, stored } = await makeApp()
    const response = await post(app, { ...siteFields, name: 'Анна', phone: '8 912 345 67 89' })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe(`${ORIGIN}/thanks`)
    expect(store.list({ limit: 5 })).toMatchObject([
      {
        name: 'Анна',
        phone: '+7 (912) 345-67-89',
        form: 'feedback',
        consentVersion: TEST_CONSENT,
        course: 4,
        quiz: null,
        page: '/course/4',
        metaWarning: null,
      },
    ])
    expect(stored).toEqual([1])
    await app.close()
    store.close()
  })

  it("answers on the form's own site origin, and on the first one when the browser sent none", async () => {
    const { app, store } = await makeApp()
    const fields = { ...siteFields, name: 'Анна', phone: VALID_PHONE }
    const other = await post(app, fields, 'http://localhost:3000')
    expect(other.headers.location).toBe('http://localhost:3000/thanks')
    const bare = await app.inject({
      method: 'POST',
      url: '/send',
      headers: { 'content-type': FORM_TYPE },
      payload: formBody(fields),
    })
    expect(bare.headers.location).toBe(`${ORIGIN}/thanks`)
    await app.close()
    store.close()
  })

  it.each([
    ['a wrong phone', { name: 'Анна', phone: '12-34' }, '/form-error/phone'],
    ['no phone', { name: 'Анна', phone: '' }, '/form-error/phone'],
    ['a blank name', { name: '  ', phone: VALID_PHONE }, '/form-error/name'],
    ['a name over 32 characters', { name: 'я'.repeat(33), phone: VALID_PHONE }, '/form-error/name'],
    ['neither', { name: '', phone: '1' }, '/form-error/name-phone'],
    [
      'a malformed consent version',
      { name: 'Анна', phone: VALID_PHONE, consent: 'x' },
      '/form-error/failed',
    ],
  ])('sends %s to the page that says so, storing nothing', async (_case, fields, path) => {
    const { app, store, stored } = await makeApp()
    const response = await post(app, { ...siteFields, ...fields })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe(`${ORIGIN}${path}`)
    // No personal data in the address, whatever was wrong.
    expect(response.headers.location).not.toMatch(/Анна|%D0|12-34|912/)
    expect(store.count()).toBe(0)
    expect(stored).toEqual([])
    await app.close()
    store.close()
  })

  it.each([
    ['an escape that is not UTF-8', 'name=%D0%90%FF%D0%BD%D0%BD%D0%B0'],
    ['a raw byte that is not UTF-8', Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x3d, 0xd0, 0x90, 0xc3])],
    ['a stray %', 'name=%D0%90%'],
  ])('refuses a body with %s (the error page), never storing U+FFFD', async (_case, body) => {
    const { app, store, stored } = await makeApp()
    const rest = `&phone=${encodeURIComponent(VALID_PHONE)}&${formBody(siteFields)}`
    const response = await app.inject({
      method: 'POST',
      url: '/send',
      headers: { 'content-type': FORM_TYPE, origin: ORIGIN },
      payload: Buffer.concat([Buffer.from(body), Buffer.from(rest)]),
    })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe(`${ORIGIN}/form-error/failed`)
    expect(store.count()).toBe(0)
    expect(stored).toEqual([])
    await app.close()
    store.close()
  })

  it('reads a name sent as raw UTF-8, a + as a space, and a field sent twice as a mistake', async () => {
    const { app, store } = await makeApp()
    const rest = `&phone=${encodeURIComponent(VALID_PHONE)}&${formBody(siteFields)}`
    const inject = (body: string) =>
      app.inject({
        method: 'POST',
        url: '/send',
        headers: { 'content-type': `${FORM_TYPE}; charset=UTF-8`, origin: ORIGIN },
        payload: Buffer.from(body + rest),
      })
    expect((await inject('name=Анна+Мария')).headers.location).toBe(`${ORIGIN}/thanks`)
    expect(store.list({ limit: 1 })[0]?.name).toBe('Анна Мария')
    expect((await inject('name=Анна&name=Мария')).headers.location).toBe(
      `${ORIGIN}/form-error/name`,
    )
    expect(store.count()).toBe(1)
    await app.close()
    store.close()
  })

  it('thanks a bot that filled the honeypot and stores nothing, logging no field value', async () => {
    const { lines, logger } = captureLogs()
    const { app, store } = await makeApp({ logger })
    const response = await post(app, {
      ...siteFields,
      form: 'Иван +79123456789',
      name: 'Бот',
      phone: VALID_PHONE,
      website: 'http://spam',
    })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe(`${ORIGIN}/thanks`)
    expect(store.count()).toBe(0)
    const drop = lines.find((line) => line.includes('honeypot filled'))
    expect(JSON.parse(drop ?? '{}')).toMatchObject({ form: 'unknown' })
    expect(lines.join('')).not.toMatch(/Иван|9123456789|Бот/)
    await app.close()
    store.close()
  })

  it('refuses a form from a foreign origin', async () => {
    const { app, store } = await makeApp()
    const response = await post(
      app,
      { ...siteFields, name: 'Анна', phone: VALID_PHONE },
      'https://evil.example',
    )
    expect(response.statusCode).toBe(403)
    expect(store.count()).toBe(0)
    await app.close()
    store.close()
  })

  it('sends a rate-limited form to the error page, which keeps nothing', async () => {
    const { app, store } = await makeApp({ rateLimit: { max: 1, windowMs: 60_000 } })
    const fields = { ...siteFields, name: 'Анна', phone: VALID_PHONE }
    expect((await post(app, fields)).headers.location).toBe(`${ORIGIN}/thanks`)
    const limited = await post(app, fields)
    expect(limited.statusCode).toBe(303)
    expect(limited.headers.location).toBe(`${ORIGIN}/form-error/failed`)
    expect(store.count()).toBe(1)
    await app.close()
    store.close()
  })

  it('sends a form whose body is over the limit to the error page', async () => {
    const { app, store } = await makeApp()
    const response = await post(app, { ...siteFields, name: 'я'.repeat(3000), phone: VALID_PHONE })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe(`${ORIGIN}/form-error/failed`)
    expect(store.count()).toBe(0)
    await app.close()
    store.close()
  })

  it('ignores fields a browser or an extension added, and stores none of them', async () => {
    const { app, store } = await makeApp()
    const response = await post(app, {
      ...siteFields,
      name: 'Анна',
      phone: VALID_PHONE,
      email: 'a@b.ru',
    })
    expect(response.headers.location).toBe(`${ORIGIN}/thanks`)
    expect(JSON.stringify(store.list({ limit: 1 }))).not.toContain('a@b.ru')
    await app.close()
    store.close()
  })
})

describe('POST /send never refuses a lead for its metadata', () => {
  const NEW_COURSE = Math.max(...COURSE_CATALOGUE.map(({ id }) => id)) + 1

  it.each([
    [
      'JSON',
      `course=${NEW_COURSE}&quiz=${NEW_COURSE}&page=%2Fcourse%2F${NEW_COURSE}&form=feedback`,
    ],
    ['JSON with a new form and a mangled course', 'course=abc&form=callback&page=%2Fnew-page'],
  ])('stores a %s lead from a newer site, with a warning for the chat', async (_case, query) => {
    const { lines, logger } = captureLogs()
    const { app, store } = await makeApp({ logger })
    const response = await app.inject({
      method: 'POST',
      url: `/send?consent=${TEST_CONSENT}&${query}`,
      headers: { 'content-type': JSON_TYPE },
      payload: valid,
    })
    expect(response.statusCode).toBe(200)
    const [row] = store.list({ limit: 1 })
    expect(row?.metaWarning).toMatch(/неизвестна сервису|нет в каталоге сервиса|отброшено/)
    const warning = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === 'lead metadata unknown to this service')
    expect(warning).toMatchObject({ level: 40, params: expect.any(Array) as unknown[] })
    await app.close()
    store.close()
  })
})

describe('POST /send with the group the parent chose (docs/decisions/0075)', () => {
  const [known] = GROUPS
  const postJson = (app: FastifyInstance, body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/send?${QUERY}`,
      headers: { 'content-type': JSON_TYPE },
      payload: JSON.stringify(body),
    })

  it.each([
    ['a group this service knows', known?.id, known?.id, null],
    ['«другое время»', OTHER_TIME, OTHER_TIME, null],
    ['an old client’s lead without a group', undefined, null, null],
    [
      'a group no one knows: kept as text, with a note',
      'вторник вечером',
      'вторник вечером',
      'Такой группы нет в расписании сервиса — уточните время у родителя',
    ],
  ])('stores %s and sends the lead on', async (_case, sent, group, warning) => {
    const { app, store, stored } = await makeApp()
    const body = {
      name: 'Анна',
      phone: VALID_PHONE,
      ...(sent === undefined ? {} : { group: sent }),
    }
    const response = await postJson(app, body)
    expect(response.statusCode).toBe(200)
    expect(store.list({ limit: 1 })).toMatchObject([{ name: 'Анна', group, metaWarning: warning }])
    expect(stored).toEqual([1])
    await app.close()
    store.close()
  })

  it('takes the group from a plain form post too', async () => {
    const { app, store } = await makeApp()
    const response = await app.inject({
      method: 'POST',
      url: '/send',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      payload: new URLSearchParams({
        form: 'feedback',
        consent: TEST_CONSENT,
        course: String(known?.course),
        name: 'Анна',
        phone: VALID_PHONE,
        group: known?.id ?? '',
        website: '',
      }).toString(),
    })
    // A group of the timetable books her a trial: she lands on its page, thanked (trials/booking.test.ts).
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toMatch(/^trial\/[A-Za-z0-9_-]{22}\?sent$/)
    expect(store.list({ limit: 1 })).toMatchObject([{ group: known?.id, metaWarning: null }])
    await app.close()
    store.close()
  })
})

describe('POST /send with a child’s age and the quiz’s promo code (docs/decisions/0088)', () => {
  const postJson = (app: FastifyInstance, body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `/send?${QUERY}`,
      headers: { 'content-type': JSON_TYPE },
      payload: JSON.stringify(body),
    })
  const formPost = (fields: Record<string, string>) => ({
    method: 'POST' as const,
    url: '/send',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    payload: new URLSearchParams({
      form: 'trial_lesson_popup',
      consent: TEST_CONSENT,
      name: 'Анна',
      phone: VALID_PHONE,
      website: '',
      ...fields,
    }).toString(),
  })

  it('stores them from the script’s JSON', async () => {
    const { app, store } = await makeApp()
    const body = { childAge: 9, promoCode: 'ТЕСТ-10', promoDate: '2025-01-12' }
    const response = await postJson(app, { name: 'Анна', phone: VALID_PHONE, ...body })
    expect(response.statusCode).toBe(200)
    expect(store.list({ limit: 1 })).toMatchObject([
      { childAge: 9, promoCode: 'ТЕСТ-10', promoDate: '2025-01-12', metaWarning: null },
    ])
    await app.close()
    store.close()
  })

  it('stores the age from a plain form post, and none when «Не указан» was left', async () => {
    const { app, store } = await makeApp()
    for (const childAge of ['12', '']) {
      const response = await app.inject(formPost({ childAge }))
      expect(response.statusCode).toBe(303)
      expect(response.headers.location).toBe(`${ORIGIN}/thanks`)
    }
    expect(store.list({ limit: 2 }).map((lead) => lead.childAge)).toEqual([null, 12])
    await app.close()
    store.close()
  })

  it('never refuses a lead for them: an odd age, code or day is dropped', async () => {
    const { app, store } = await makeApp()
    const odd = { childAge: 'Маша', promoCode: 42, promoDate: '31.02.2025' }
    const response = await postJson(app, { name: 'Анна', phone: VALID_PHONE, ...odd })
    expect(response.statusCode).toBe(200)
    expect(store.list({ limit: 1 })).toMatchObject([
      { childAge: null, promoCode: null, promoDate: null },
    ])
    expect((await app.inject(formPost({ childAge: '40' }))).statusCode).toBe(303)
    expect(store.list({ limit: 1 })).toMatchObject([{ childAge: null }])
    await app.close()
    store.close()
  })
})

describe('where a lead came from (docs/decisions/0078)', () => {
  const formPost = (referer: string | undefined) => ({
    method: 'POST' as const,
    url: '/send',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: ORIGIN,
      ...(referer === undefined ? {} : { referer }),
    },
    payload: new URLSearchParams({
      form: 'feedback',
      consent: TEST_CONSENT,
      page: '/course/4',
      name: 'Анна',
      phone: VALID_PHONE,
      website: '',
    }).toString(),
  })

  it('stores the source the script sent: this visit, the first one and the ClientID', async () => {
    const { app, store } = await makeApp()
    const source = {
      visit: { utm_source: 'yandex', utm_medium: 'cpc', utm_campaign: 'zima-2027', landing: '/' },
      first: { referrer: 'yandex.ru', landing: '/course/4' },
      client_id: '1732000000123456789',
    }
    const response = await app.inject({
      method: 'POST',
      url: `/send?${QUERY}`,
      headers: { 'content-type': JSON_TYPE },
      payload: lead({ name: 'Анна', phone: VALID_PHONE, source }),
    })
    expect(response.statusCode).toBe(200)
    expect(store.list({ limit: 1 })).toMatchObject([{ source }])
    await app.close()
    store.close()
  })

  it('takes a lead whose source is odd or oversized, cut and dropped', async () => {
    const { app, store } = await makeApp()
    const response = await app.inject({
      method: 'POST',
      url: `/send?${QUERY}`,
      headers: { 'content-type': JSON_TYPE },
      payload: lead({
        name: 'Анна',
        phone: VALID_PHONE,
        source: {
          visit: { utm_source: 'x'.repeat(500), fbclid: 'y', utm_medium: 7 },
          client_id: 'z',
        },
      }),
    })
    expect(response.statusCode).toBe(200)
    expect(store.list({ limit: 1 })[0]?.source).toEqual({ visit: { utm_source: 'x'.repeat(100) } })
    const text = await app.inject({
      method: 'POST',
      url: `/send?${QUERY}`,
      headers: { 'content-type': JSON_TYPE },
      payload: lead({ name: 'Борис', phone: VALID_PHONE, source: 'yandex' }),
    })
    expect(text.statusCode).toBe(200)
    expect(store.list({ limit: 1 })[0]).toMatchObject({ name: 'Борис', source: {} })
    await app.close()
    store.close()
  })

  it("reads a plain form post's source from the address of the site's page that posted it", async () => {
    const { app, store } = await makeApp()
    const page = `${ORIGIN}/course/4?utm_source=vk&utm_medium=social&utm_campaign=leto&yclid=42`
    expect((await app.inject(formPost(page))).statusCode).toBe(303)
    expect(store.list({ limit: 1 })[0]?.source).toEqual({
      visit: {
        utm_source: 'vk',
        utm_medium: 'social',
        utm_campaign: 'leto',
        yclid: '42',
        landing: '/course/4',
      },
    })
    await app.close()
    store.close()
  })

  it('keeps no source from a page without tags, from another site or from no page', async () => {
    const { app, store } = await makeApp()
    for (const referer of [
      `${ORIGIN}/course/4`,
      'https://evil.example/?utm_source=spam',
      'not a url',
      undefined,
    ]) {
      expect((await app.inject(formPost(referer))).statusCode).toBe(303)
    }
    expect(store.list({ limit: 10 }).map((row) => row.source)).toEqual([{}, {}, {}, {}])
    await app.close()
    store.close()
  })
})
