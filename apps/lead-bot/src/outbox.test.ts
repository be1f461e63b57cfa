import path from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { openLeadStore } from './db.ts'
import type { LeadStore, NewLead } from './db.ts'
import { createOutbox, retryDelayMs } from './outbox.ts'
import type { Outbox } from './outbox.ts'
import { createTelegramClient } from './telegram.ts'
import { startFakeTelegram } from '../test/fake-telegram.ts'
import type { FakeTelegram } from '../test/fake-telegram.ts'
import { phoneFor, recordingLog, tempDir } from '../test/helpers.ts'

const temp = tempDir()
afterAll(() => temp.remove())

function newLead(n: number): NewLead {
  return {
    name: `Ученик ${n}`,
    phone: phoneFor(n),
    form: 'feedback',
    consentVersion: '2025-01',
    clientIp: '127.0.0.1',
    userAgent: 'test',
  }
}

/** Lead ids named in the delivered messages, in delivery order. */
function deliveredIds(fake: FakeTelegram): number[] {
  return fake.messages.map((message) => Number(/Заявка №<\/b>(\d+)/.exec(message.text)?.[1]))
}

describe('retryDelayMs', () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [6, 32_000],
    [9, 256_000],
    [10, 300_000],
    [1000, 300_000],
  ])('after %i failures waits %i ms (base 1 s, cap 5 min)', (failures, delay) => {
    expect(retryDelayMs(failures, 1000, 300_000)).toBe(delay)
  })
})

describe('outbox', () => {
  let fake: FakeTelegram
  let store: LeadStore
  let outbox: Outbox | undefined
  let dbPath: string
  let dbNumber = 0
  const log = recordingLog()

  function startOutbox(options: { retryBaseMs?: number; retryMaxMs?: number } = {}): Outbox {
    outbox = createOutbox({
      store,
      telegram: createTelegramClient({
        apiUrl: fake.url,
        token: fake.token,
        chatId: '1',
        timeoutMs: 2_000,
      }),
      config: {
        pollMs: 1_000,
        retryBaseMs: options.retryBaseMs ?? 20,
        retryMaxMs: options.retryMaxMs ?? 100,
      },
      log,
    })
    outbox.start()
    return outbox
  }

  beforeEach(async () => {
    fake = await startFakeTelegram()
    dbNumber += 1
    dbPath = path.join(temp.dir, `outbox-${dbNumber}.sqlite`)
    store = openLeadStore(dbPath)
    log.entries.length = 0
  })
  afterEach(async () => {
    await outbox?.stop()
    outbox = undefined
    store.close()
    await fake.close()
  })

  it('sends a new lead once, right after the wake-up, and records it', async () => {
    const box = startOutbox()
    const { id } = store.insert(newLead(1), Date.now())
    box.wake()
    await vi.waitFor(() => expect(fake.messages).toHaveLength(1), { timeout: 2_000 })
    await box.idle()
    expect(deliveredIds(fake)).toEqual([id])
    expect(store.list({ limit: 1 })[0]).toMatchObject({
      status: 'sent',
      attempts: 1,
      telegramMessageId: 1,
      lastError: null,
    })
    box.wake()
    await box.idle()
    expect(fake.requests).toHaveLength(1)
  })

  it('Telegram down (refused, then 500), then up: delivered exactly once', async () => {
    await fake.down()
    const box = startOutbox()
    const { id } = store.insert(newLead(1), Date.now())
    box.wake()
    await vi.waitFor(
      () => expect(store.list({ limit: 1 })[0]?.attempts).toBeGreaterThanOrEqual(2),
      {
        timeout: 3_000,
      },
    )
    expect(store.list({ limit: 1 })[0]?.lastError).toMatch(/ECONNREFUSED/)
    fake.setBehaviour({ kind: 'error', status: 500 })
    await fake.up()
    await vi.waitFor(() => expect(fake.requests.length).toBeGreaterThanOrEqual(2), {
      timeout: 3_000,
    })
    expect(store.list({ limit: 1 })[0]).toMatchObject({
      status: 'pending',
      lastError: 'HTTP 500 Internal Server Error',
    })
    fake.setBehaviour({ kind: 'ok' })
    await vi.waitFor(() => expect(store.countPending()).toBe(0), { timeout: 3_000 })
    // More wake-ups after delivery must not send it again.
    for (let i = 0; i < 5; i += 1) box.wake()
    await box.idle()
    expect(deliveredIds(fake)).toEqual([id])
    expect(fake.requests.filter((r) => r.behaviour === 'ok')).toHaveLength(1)
    expect(log.entries.some((e) => e.level === 'warn' && e.message.includes('will retry'))).toBe(
      true,
    )
  })

  it('backs off exponentially while Telegram fails, up to the cap', async () => {
    fake.setBehaviour({ kind: 'error', status: 502 })
    const box = startOutbox({ retryBaseMs: 40, retryMaxMs: 160 })
    store.insert(newLead(1), Date.now())
    box.wake()
    await vi.waitFor(() => expect(fake.requests.length).toBeGreaterThanOrEqual(6), {
      timeout: 5_000,
    })
    await box.stop()
    const gaps = fake.requests.slice(1).map((r, i) => r.at - (fake.requests[i]?.at ?? 0))
    // 40, 80, 160, 160, …: each gap at least the planned delay, none much past the cap.
    expect(gaps[0]).toBeGreaterThanOrEqual(38)
    expect(gaps[1]).toBeGreaterThanOrEqual(78)
    expect(gaps[2]).toBeGreaterThanOrEqual(158)
    for (const gap of gaps.slice(3)) {
      expect(gap).toBeGreaterThanOrEqual(158)
      expect(gap).toBeLessThan(1_000)
    }
  })

  it('waits out a 429 retry_after, holding back every lead, then delivers each once', async () => {
    fake.queue({ kind: 'retry_after', seconds: 1 })
    const box = startOutbox()
    const first = store.insert(newLead(1), Date.now())
    const second = store.insert(newLead(2), Date.now())
    box.wake()
    await vi.waitFor(() => expect(fake.messages).toHaveLength(2), { timeout: 4_000 })
    await box.idle()
    const [limited, retried, next] = fake.requests
    expect(fake.requests.map((r) => r.behaviour)).toEqual(['retry_after', 'ok', 'ok'])
    expect((retried?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(990)
    expect((next?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(990)
    expect(new Set(deliveredIds(fake))).toEqual(new Set([first.id, second.id]))
    expect(deliveredIds(fake)).toHaveLength(2)
  })

  it('does not let one rejected message hold up the others', async () => {
    fake.queue({ kind: 'error', status: 400, description: "Bad Request: can't parse entities" })
    const box = startOutbox()
    const first = store.insert(newLead(1), Date.now())
    const second = store.insert(newLead(2), Date.now())
    box.wake()
    await vi.waitFor(() => expect(store.countPending()).toBe(0), { timeout: 3_000 })
    expect(deliveredIds(fake)).toEqual([second.id, first.id])
  })

  it('sends many leads, each exactly once, however often it is woken', async () => {
    const box = startOutbox()
    const ids: number[] = []
    for (let i = 0; i < 30; i += 1) {
      ids.push(store.insert(newLead(i), Date.now()).id)
      box.wake()
      box.wake()
    }
    await vi.waitFor(() => expect(store.countPending()).toBe(0), { timeout: 5_000 })
    await box.idle()
    expect(deliveredIds(fake).sort((a, b) => a - b)).toEqual(ids)
  })

  it('sends leads left pending by an earlier run, even ones scheduled far ahead', async () => {
    // An earlier run stored two leads and was stopped while one waited out a long backoff.
    const early = store.insert(newLead(1), Date.now())
    const late = store.insert(newLead(2), Date.now())
    store.markFailed(late.id, 'HTTP 500', Date.now() + 3_600_000)
    store.close()
    store = openLeadStore(dbPath)
    startOutbox()
    await vi.waitFor(() => expect(store.countPending()).toBe(0), { timeout: 3_000 })
    expect(deliveredIds(fake)).toEqual([early.id, late.id])
    expect(log.entries.find((e) => e.message === 'outbox started')?.details).toEqual({
      pending: 2,
      madeDue: 1,
    })
  })

  it('stop() waits for the send in flight and records its result', async () => {
    store.insert(newLead(1), Date.now())
    const box = startOutbox() // the request is on the wire once start() returns
    await box.stop()
    expect(fake.messages).toHaveLength(1)
    expect(store.list({ limit: 1 })[0]?.status).toBe('sent')
  })
})
