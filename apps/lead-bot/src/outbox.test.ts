import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openLeadStore } from './store/lead-store.ts'
import type { LeadStore } from './store/lead-store.ts'
import type { NewLead } from './store/rows.ts'
import { createOutbox } from './outbox.ts'
import type { Outbox, OutboxConfig } from './outbox.ts'
import { createTelegramClient } from './telegram.ts'
import { REPEAT_NOTE } from './telegram-message.ts'
import {
  CHAT_INTERVAL_MS,
  GROUP_LIMIT,
  GROUP_WINDOW_MS,
  startFakeTelegram,
} from '../harness/fake-telegram.ts'
import type { FakeTelegram } from '../harness/fake-telegram.ts'
import { eventually, MEMORY_DIR, recordingLog, tempDir } from '../test/helpers.ts'
import { TEST_CONSENT, phoneFor } from '../harness/sample-leads.ts'

const temp = tempDir('lead-bot-outbox-', MEMORY_DIR)
afterAll(() => temp.remove())

function newLead(n: number): NewLead {
  return {
    name: `Ученик ${n}`,
    phone: phoneFor(n),
    form: 'feedback',
    consentVersion: TEST_CONSENT,
  }
}

/** Lead ids named in the delivered messages, in delivery order. */
function deliveredIds(fake: FakeTelegram): number[] {
  return fake.messages.map((message) => Number(/Заявка №<\/b>(\d+)/.exec(message.text)?.[1]))
}

describe('outbox', () => {
  let fake: FakeTelegram
  let store: LeadStore
  let outbox: Outbox | undefined
  let dbPath: string
  let dbNumber = 0
  const log = recordingLog()

  function startOutbox(
    options: Partial<OutboxConfig> & {
      chatId?: string
      timeoutMs?: number
      sendTimeoutMs?: number
    } = {},
  ): Outbox {
    const { chatId = '1', timeoutMs = 2_000, sendTimeoutMs = timeoutMs, ...config } = options
    outbox = createOutbox({
      store,
      telegram: createTelegramClient({
        apiUrl: fake.url,
        token: fake.token,
        chatId,
        timeoutMs,
        sendTimeoutMs,
      }),
      config: {
        pollMs: 1_000,
        retryBaseMs: 20,
        retryMaxMs: 100,
        sendIntervalMs: 0,
        notify: 'full',
        ...config,
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
    await eventually(() => expect(fake.messages).toHaveLength(1))
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
    // Retried, and read between two attempts: the last one's failure is recorded.
    await eventually(() => {
      const row = store.list({ limit: 1 })[0]
      expect(row?.attempts).toBeGreaterThanOrEqual(2)
      expect(row?.lastError).toMatch(/ECONNREFUSED/)
    })
    fake.setBehaviour({ kind: 'error', status: 500 })
    await fake.up()
    // Telegram's 500 is recorded once the answer is read, after the fake has seen the request.
    await eventually(() => {
      expect(fake.requests.length).toBeGreaterThanOrEqual(2)
      expect(store.list({ limit: 1 })[0]).toMatchObject({
        status: 'pending',
        lastError: 'HTTP 500 Internal Server Error',
      })
    })
    fake.setBehaviour({ kind: 'ok' })
    await eventually(() => expect(store.countPending()).toBe(0))
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
    await eventually(() => expect(fake.requests.length).toBeGreaterThanOrEqual(6))
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
    await eventually(() => expect(fake.messages).toHaveLength(2))
    await box.idle()
    const [limited, retried, next] = fake.requests
    expect(fake.requests.map((r) => r.behaviour)).toEqual(['retry_after', 'ok', 'ok'])
    expect((retried?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(990)
    expect((next?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(990)
    expect(deliveredIds(fake)).toEqual([first.id, second.id])
  })

  it('dead-letters a lead Telegram refuses for good, logs it as an error, and goes on', async () => {
    fake.queue({ kind: 'error', status: 400, description: 'Bad Request: chat not found' })
    const box = startOutbox()
    const first = store.insert(newLead(1), Date.now())
    const second = store.insert(newLead(2), Date.now())
    box.wake()
    await eventually(() => expect(store.countPending()).toBe(0))
    expect(deliveredIds(fake)).toEqual([second.id])
    expect(store.stats()).toMatchObject({ pending: 0, failed: 1 })
    expect(store.list({ limit: 2 })[1]).toMatchObject({
      id: first.id,
      status: 'failed',
      attempts: 1,
      lastError: 'HTTP 400 Bad Request: chat not found',
    })
    expect(log.entries).toContainEqual(
      expect.objectContaining({
        level: 'error',
        details: expect.objectContaining({ leadId: first.id }),
      }),
    )
    // Not retried on its own, however often the worker runs …
    box.wake()
    await box.idle()
    expect(fake.requests).toHaveLength(2)
    // … until the owner, the setting fixed, sends the failed ones again.
    expect(store.resendFailed(Date.now())).toBe(1)
    box.wake()
    await eventually(() => expect(deliveredIds(fake)).toEqual([second.id, first.id]))
  })

  it('leads put back by another program (the CLI) go out at once and first: no poll, no backoff waited', async () => {
    // A poll and a backoff of ten minutes: only noticing the CLI's write sends anything sooner.
    const box = startOutbox({ pollMs: 600_000, retryBaseMs: 600_000, retryMaxMs: 600_000 })
    fake.queue({ kind: 'error', status: 403, description: 'Forbidden: bot was kicked' })
    const first = store.insert(newLead(1), Date.now())
    box.wake()
    await eventually(() => expect(store.stats()).toMatchObject({ failed: 1 }))
    // Telegram fails for a while: the newer leads wait out a backoff.
    fake.setBehaviour({ kind: 'error', status: 502 })
    const newer = [store.insert(newLead(2), Date.now()).id, store.insert(newLead(3), Date.now()).id]
    box.wake()
    await eventually(() => expect(fake.requests).toHaveLength(2))
    await box.idle()
    fake.setBehaviour({ kind: 'ok' })

    const cli = openLeadStore(dbPath, { tool: true })
    expect(cli.resendFailed(Date.now())).toBe(1)
    cli.close()
    await eventually(() => expect(store.countPending()).toBe(0))
    expect(deliveredIds(fake)).toEqual([first.id, ...newer])
    expect(log.entries.map((entry) => entry.message)).toContain(
      'database changed by another program: pending leads due now',
    )
  })

  it.each([
    [403, 'Forbidden: bot was blocked by the user'],
    [401, 'Unauthorized'],
  ])('treats %i as permanent too', async (status, description) => {
    fake.setBehaviour({ kind: 'error', status, description })
    const box = startOutbox()
    store.insert(newLead(1), Date.now())
    box.wake()
    await eventually(() => expect(store.stats().failed).toBe(1))
    await box.idle()
    expect(fake.requests).toHaveLength(1)
  })

  it('sends many leads, each exactly once, however often it is woken', async () => {
    const box = startOutbox()
    const ids: number[] = []
    for (let i = 0; i < 30; i += 1) {
      ids.push(store.insert(newLead(i), Date.now()).id)
      box.wake()
      box.wake()
    }
    await eventually(() => expect(store.countPending()).toBe(0))
    await box.idle()
    expect(deliveredIds(fake).sort((a, b) => a - b)).toEqual(ids)
  })

  it('sends leads left pending by an earlier run, even ones scheduled far ahead', async () => {
    // An earlier run stored two leads and was stopped while one waited out a long backoff.
    const early = store.insert(newLead(1), Date.now())
    const late = store.insert(newLead(2), Date.now())
    store.markRetry(late.id, 'HTTP 500', Date.now() + 3_600_000)
    store.close()
    store = openLeadStore(dbPath)
    startOutbox()
    await eventually(() => expect(store.countPending()).toBe(0))
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

  /** Inserts `count` leads in one transaction, as a backlog left while Telegram was away. */
  function backlog(count: number): number[] {
    const at = Date.now()
    return store
      .insertMany(Array.from({ length: count }, (_, n) => ({ lead: newLead(n), now: at })))
      .map((row) => row.id)
  }

  it('a backlog of 500 goes out paced to a chat limit: in order, once each, no 429', async () => {
    // Telegram's limits scaled by 1/200 (5 ms a message), the outbox's pacing scaled alike.
    const scale = 0.005
    fake.setRateLimits({ scale })
    const ids = backlog(500)
    const box = startOutbox({ sendIntervalMs: CHAT_INTERVAL_MS * scale })
    // 500 round trips: at load 24 on two cores they took over a minute.
    await eventually(() => expect(store.countPending()).toBe(0), 280_000)
    await box.idle()
    expect(deliveredIds(fake)).toEqual(ids)
    expect(fake.requests.filter((request) => request.behaviour === 'flood')).toEqual([])
    expect(store.list({ limit: 500 }).every((row) => row.attempts === 1)).toBe(true)
  }, 300_000)

  it('in a group chat, paced to 20 a minute: in order, no 429', async () => {
    const scale = 0.002
    fake.setRateLimits({ scale })
    const ids = backlog(60)
    const box = startOutbox({
      chatId: '-1001234',
      sendIntervalMs: (GROUP_WINDOW_MS / GROUP_LIMIT) * scale,
    })
    await eventually(() => expect(store.countPending()).toBe(0))
    await box.idle()
    expect(deliveredIds(fake)).toEqual(ids)
    expect(fake.requests.filter((request) => request.behaviour === 'flood')).toEqual([])
  })

  it('unpaced into the limits: every 429 is waited out and the order holds', async () => {
    // 50 ms a message, 20 per 3 s in the group: the 21st must wait.
    const scale = 0.05
    fake.setRateLimits({ scale })
    const ids = backlog(25)
    const box = startOutbox({ chatId: '-1001234', sendIntervalMs: 0 })
    await eventually(() => expect(store.countPending()).toBe(0))
    await box.idle()
    expect(fake.requests.some((request) => request.behaviour === 'flood')).toBe(true)
    expect(deliveredIds(fake)).toEqual(ids)
  })

  it('a lead waiting out a failure holds the ones behind it; delivery resumes in order', async () => {
    fake.queue(
      { kind: 'error', status: 502, description: 'Bad Gateway' },
      { kind: 'ok' },
      { kind: 'reset' },
      { kind: 'retry_after', seconds: 0.05 },
    )
    const ids = backlog(5)
    const box = startOutbox()
    await eventually(() => expect(store.countPending()).toBe(0))
    await box.idle()
    expect(deliveredIds(fake)).toEqual(ids)
    expect(store.list({ limit: 5 }).map((row) => row.attempts)).toEqual([1, 1, 1, 3, 2])
  })

  it('a locked database during the "sent" write: retried, nothing sent twice, attempts true', async () => {
    store.close()
    store = openLeadStore(dbPath, { busyTimeoutMs: 20 })
    const ids = backlog(2)
    const locker = new DatabaseSync(dbPath)
    // Telegram takes the first message and answers 100 ms later, into a write lock held 600 ms.
    fake.queue({ kind: 'slow_ok', ms: 100 })
    const box = startOutbox()
    await eventually(() => expect(fake.messages).toHaveLength(1))
    locker.exec('BEGIN IMMEDIATE')
    await new Promise((resolve) => setTimeout(resolve, 600))
    // Nothing else went out while the delivery could not be recorded.
    expect(fake.requests).toHaveLength(1)
    expect(log.entries.some((entry) => entry.message.includes('could not be recorded yet'))).toBe(
      true,
    )
    locker.exec('ROLLBACK')
    locker.close()
    await eventually(() => expect(store.countPending()).toBe(0))
    await box.idle()
    expect(deliveredIds(fake)).toEqual(ids)
    expect(store.list({ limit: 2 }).map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ])
  })

  it('a timed-out send Telegram did accept is sent once more, marked as a possible repeat', async () => {
    fake.queue({ kind: 'slow_ok', ms: 1_000 })
    const [id] = backlog(1)
    const box = startOutbox({ timeoutMs: 200 })
    await eventually(() => expect(store.countPending()).toBe(0))
    await box.idle()
    expect(deliveredIds(fake)).toEqual([id, id])
    expect(fake.messages[0]?.text).not.toContain(REPEAT_NOTE)
    expect(fake.messages[1]?.text.startsWith(REPEAT_NOTE)).toBe(true)
    expect(store.list({ limit: 1 })[0]).toMatchObject({ status: 'sent', attempts: 2 })
  })

  it("a Telegram slower than the other calls' timeout delivers a lead once: sendMessage waits longer", async () => {
    fake.setBehaviour({ kind: 'slow_ok', ms: 600 })
    const [id] = backlog(1)
    const box = startOutbox({ timeoutMs: 200, sendTimeoutMs: 3_000 })
    await eventually(() => expect(store.countPending()).toBe(0))
    await box.idle()
    expect(deliveredIds(fake)).toEqual([id])
    expect(store.list({ limit: 1 })[0]).toMatchObject({ status: 'sent', attempts: 1 })
  })

  it('a lead whose last attempt left no record (a crash) is marked as a possible repeat', async () => {
    const [id = 0] = backlog(1)
    store.recordAttempt(id) // the process died here, after the attempt, before any answer
    startOutbox()
    await eventually(() => expect(store.countPending()).toBe(0))
    expect(fake.messages[0]?.text.startsWith(REPEAT_NOTE)).toBe(true)
  })

  it('minimal notifications carry the lead number only', async () => {
    const [id] = backlog(1)
    startOutbox({ notify: 'minimal' })
    await eventually(() => expect(store.countPending()).toBe(0))
    expect(fake.messages.map((message) => message.text)).toEqual([`Новая заявка №${id}`])
  })
})
