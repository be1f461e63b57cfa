import { rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { GroupEntry } from '@it-lab/shared'
import { TRIAL_BOOKING_DEFAULTS } from '@it-lab/shared/content'
import { SEATS_MAX_AGE_S, SEATS_RATE_MAX, buildApp } from '../app.ts'
import { openLeadStore } from '../store/lead-store.ts'
import { tempDir } from '../../test/helpers.ts'
import { LEAD_QUERY, TEST_CONSENT, VALID_PHONE } from '../../harness/sample-leads.ts'
import { WAITLIST_NOTE } from './booking.ts'
import { madeUpGroup as sharedGroup } from '@it-lab/shared/test/made-up-group'

const ORIGIN = 'http://127.0.0.1:3000'
// Friday 27 November 2026, 23:00 in Astrakhan.
const NOW = Date.parse('2026-11-27T19:00:00Z')

/** Made-up groups (docs/decisions/0053): one of one free place in eight, one with no size said. */
function madeUpGroup(id: string, seats: number, size?: number): GroupEntry {
  return sharedGroup({ id, seats, ...(size === undefined ? {} : { size }) })
}
const GROUPS = [madeUpGroup('made-up-sat', 1, 8), madeUpGroup('made-up-sun', 3)]

const temp = tempDir()
afterAll(() => temp.remove())

let files = 0
async function makeApp() {
  files += 1
  const store = openLeadStore(path.join(temp.dir, `seats-${files}.sqlite`))
  const app = await buildApp({
    store,
    siteOrigins: [ORIGIN],
    rateLimit: { max: 1000, windowMs: 60_000 },
    booking: { ...TRIAL_BOOKING_DEFAULTS, closedDays: [] },
    groups: GROUPS,
    now: () => NOW,
  })
  return { app, store }
}

const seatsOf = (
  app: FastifyInstance,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) =>
  app.inject({
    method: 'GET',
    url: '/seats',
    headers,
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  })

const formPost = (group: string) => ({
  method: 'POST' as const,
  url: '/send',
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
  payload: new URLSearchParams({
    form: 'feedback',
    consent: TEST_CONSENT,
    course: '4',
    name: 'Анна Петрова',
    phone: VALID_PHONE,
    group,
    website: '',
  }).toString(),
})

describe('GET /seats', () => {
  it('answers each group’s free places and size, for the site’s pages to keep a while', async () => {
    const { app, store } = await makeApp()
    const response = await seatsOf(app, { origin: ORIGIN })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.headers['cache-control']).toBe(`public, max-age=${SEATS_MAX_AGE_S}`)
    expect(response.headers['access-control-allow-origin']).toBe(ORIGIN)
    expect(response.json()).toEqual({
      groups: { 'made-up-sat': { free: 1, size: 8 }, 'made-up-sun': { free: 3 } },
    })
    // Another site's script may not read it.
    const foreign = await seatsOf(app, { origin: 'https://evil.example' })
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined()
    await app.close()
    store.close()
  })

  it('carries no personal data: only group ids and numbers, whatever leads are stored', async () => {
    const { app, store } = await makeApp()
    const sent = await app.inject(formPost('made-up-sat'))
    const page = String(sent.headers.location)
    const body = (await seatsOf(app)).body
    expect(body).not.toContain('Анна')
    expect(body).not.toContain(VALID_PHONE.replace(/\D/g, '').slice(1))
    expect(body).not.toContain(page.slice('trial/'.length))
    const groups = (JSON.parse(body) as { groups: Record<string, object> }).groups
    for (const counts of Object.values(groups)) {
      expect(Object.keys(counts).every((key) => key === 'free' || key === 'size')).toBe(true)
    }
    await app.close()
    store.close()
  })

  it(`answers ${SEATS_RATE_MAX} requests a window from one address, then 429, another address still`, async () => {
    const { app, store } = await makeApp()
    for (let i = 0; i < SEATS_RATE_MAX; i += 1) {
      expect((await seatsOf(app, {}, '203.0.113.7')).statusCode).toBe(200)
    }
    const limited = await seatsOf(app, {}, '203.0.113.7')
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ error: 'rate_limited' })
    expect((await seatsOf(app, {}, '203.0.113.8')).statusCode).toBe(200)
    await app.close()
    store.close()
  })

  it('is read only: other methods find nothing and change nothing', async () => {
    const { app, store } = await makeApp()
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await app.inject({
        method,
        url: '/seats',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        payload: JSON.stringify({ groups: { 'made-up-sat': { free: 9 } } }),
      })
      expect(response.statusCode).toBe(404)
    }
    const head = await app.inject({ method: 'HEAD', url: '/seats' })
    expect(head.statusCode).toBe(200)
    expect(head.body).toBe('')
    // A preflight is answered for POST only: no site script sends anything but a plain GET here.
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/seats',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'DELETE',
      },
    })
    expect(preflight.headers['access-control-allow-methods']).toBe('POST')
    expect((await seatsOf(app)).json()).toMatchObject({
      groups: { 'made-up-sat': { free: 1 } },
    })
    expect(store.list({ limit: 1 })).toEqual([])
    await app.close()
    store.close()
  })
})

describe('a full group', () => {
  it('still takes the lead, as a trial on the waiting list, and tells the chat', async () => {
    const { app, store } = await makeApp()
    const first = await app.inject(formPost('made-up-sat'))
    expect(first.statusCode).toBe(303)
    expect((await seatsOf(app)).json()).toMatchObject({ groups: { 'made-up-sat': { free: 0 } } })

    const second = await app.inject(formPost('made-up-sat'))
    expect(second.statusCode).toBe(303)
    expect(second.headers.location).toMatch(/^trial\/[A-Za-z0-9_-]{22}\?sent$/)
    const [waiting, booked] = store.list({ limit: 2 })
    expect(store.trialOfLead(booked?.id ?? 0)).toMatchObject({ state: 'booked' })
    expect(store.trialOfLead(waiting?.id ?? 0)).toMatchObject({ state: 'waiting' })
    expect(waiting?.metaWarning).toBe(WAITLIST_NOTE)
    // Her page says she waits for a seat.
    const page = await app.inject({ url: String(second.headers.location) })
    expect(page.body).toContain('вы в листе ожидания. Мы позвоним, как только место освободится.')
    expect(booked?.metaWarning).toBeNull()

    const json = await app.inject({
      method: 'POST',
      url: `/send?${LEAD_QUERY}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Борис', phone: VALID_PHONE, group: 'made-up-sat' }),
    })
    expect(json.json()).toMatchObject({ ok: true, trialPage: expect.stringMatching(/^trial\//) })
    await app.close()
    store.close()
  })

  it('sends a group’s lead on to the next start (307) once the file was replaced', async () => {
    const { app, store } = await makeApp()
    for (const suffix of ['', '-wal', '-shm']) rmSync(store.path + suffix, { force: true })
    writeFileSync(store.path, 'garbage'.repeat(200))
    const response = await app.inject({
      method: 'POST',
      url: `/send?${LEAD_QUERY}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Анна', phone: VALID_PHONE, group: 'made-up-sat' }),
    })
    expect(response.statusCode).toBe(307)
    await app.close()
  })
})
