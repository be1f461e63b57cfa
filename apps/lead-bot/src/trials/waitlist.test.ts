import path from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { GroupEntry } from '@it-lab/shared'
import { openLeadStore, type LeadStore } from '../store/lead-store.ts'
import type { TrialState } from '../store/rows.ts'
import { createOutbox, type Outbox } from '../outbox.ts'
import { createTelegramClient } from '../telegram.ts'
import { startFakeTelegram, type FakeTelegram } from '../../harness/fake-telegram.ts'
import { TEST_CONSENT, UNKNOWN_COURSE, phoneFor } from '../../harness/sample-leads.ts'
import { MEMORY_DIR, eventually, recordingLog, tempDir } from '../../test/helpers.ts'
import { createSeats } from './seats.ts'
import { createWaitlist, waitedText, waitlistText } from './waitlist.ts'
import { madeUpGroup as sharedGroup } from '@it-lab/shared/test/made-up-group'

const temp = tempDir('lead-bot-waitlist-', MEMORY_DIR)
afterAll(() => temp.remove())

const DAY_MS = 86_400_000
const NOW = Date.parse('2026-11-26T11:00:00Z')
const HOLD = { holdDays: 3 }

/** A made-up group (docs/decisions/0053), of a course the catalogue does not have. */
function madeUpGroup(seats: number): GroupEntry {
  return sharedGroup({ id: 'made-up-sat', course: UNKNOWN_COURSE, ageMin: 9, ageMax: 12, seats })
}

let files = 0
function newStore(): LeadStore {
  files += 1
  return openLeadStore(path.join(temp.dir, `waitlist-${files}.sqlite`))
}

let leads = 0
function book(store: LeadStore, now: number, state: TrialState = 'booked') {
  leads += 1
  return store.insert(
    {
      name: `Родитель ${leads}`,
      phone: phoneFor(leads),
      form: 'feedback',
      consentVersion: TEST_CONSENT,
      group: 'made-up-sat',
      trial: {
        tokenHash: String(leads).padStart(64, '0'),
        group: 'made-up-sat',
        at: null,
        state,
      },
    },
    now,
  )
}

describe('the waitlist’s words', () => {
  it('lists the waiting parents by lead number and how long each has waited', () => {
    const waiting = [
      { leadId: 12, createdAt: new Date(NOW - 3 * DAY_MS - 5).toISOString() },
      { leadId: 15, createdAt: new Date(NOW - DAY_MS).toISOString() },
    ]
    expect(waitlistText(madeUpGroup(0), 1, waiting, NOW)).toBe(
      `В группе «курс №${UNKNOWN_COURSE}, Сб 10:00–11:30» освободилось место. ` +
        'Ждут: №12 (3 дня), №15 (1 день)',
    )
    expect(waitlistText(madeUpGroup(0), 2, waiting.slice(1), NOW)).toContain(
      'освободилось 2 места. Ждут: №15 (1 день)',
    )
    // The one the bot offered the seat to, with nobody else waiting.
    const offered = [{ leadId: 11, offer: { until: NOW + DAY_MS, answered: false } }]
    expect(waitlistText(madeUpGroup(0), 1, [], NOW, offered)).toBe(
      `В группе «курс №${UNKNOWN_COURSE}, Сб 10:00–11:30» освободилось место. ` +
        'Предложено в Telegram: №11 — до пт 27 ноября, 15:00.',
    )
    expect(waitedText(new Date(NOW - 5 * DAY_MS).toISOString(), NOW)).toBe('5 дней')
    expect(waitedText(new Date(NOW - 1000).toISOString(), NOW)).toBe('меньше дня')
  })
})

describe('a seat freed where parents wait', () => {
  it('stores one notice per rise, only while someone waits, and none on the first look', () => {
    const store = newStore()
    const seats = createSeats(store, [madeUpGroup(1)], HOLD, NOW)
    const waitlist = createWaitlist(store, seats)
    const anna = book(store, NOW)
    waitlist.watch(NOW)
    book(store, NOW, 'waiting')
    waitlist.watch(NOW)
    expect(store.nextWaitlistNotice()).toBeUndefined()

    store.cancelTrial(anna.id, NOW)
    waitlist.watch(NOW)
    waitlist.watch(NOW)
    const notice = store.nextWaitlistNotice()
    expect(notice).toMatchObject({ group: 'made-up-sat', freed: 1 })
    expect(waitlist.claim(notice?.id ?? 0, NOW)).toBe(true)
    expect(waitlist.claim(notice?.id ?? 0, NOW)).toBe(false)
    expect(store.nextWaitlistNotice()).toBeUndefined()
    store.close()
  })

  it('stores none when a seat frees and nobody waits', () => {
    const store = newStore()
    const seats = createSeats(store, [madeUpGroup(1)], HOLD, NOW)
    const waitlist = createWaitlist(store, seats)
    const anna = book(store, NOW)
    waitlist.watch(NOW)
    store.cancelTrial(anna.id, NOW)
    waitlist.watch(NOW)
    expect(store.nextWaitlistNotice()).toBeUndefined()
    store.close()
  })
})

describe('the waitlist in the chat', () => {
  let fake: FakeTelegram
  let store: LeadStore
  let outbox: Outbox | undefined
  let clock = NOW
  const log = recordingLog()

  function startOutbox(): Outbox {
    const seats = createSeats(store, [madeUpGroup(1)], HOLD, clock)
    outbox = createOutbox({
      store,
      telegram: createTelegramClient({
        apiUrl: fake.url,
        token: fake.token,
        chatId: '1',
        timeoutMs: 2_000,
        sendTimeoutMs: 2_000,
      }),
      config: {
        pollMs: 1_000,
        retryBaseMs: 20,
        retryMaxMs: 100,
        sendIntervalMs: 0,
        notify: 'full',
      },
      log,
      now: () => clock,
      waitlist: createWaitlist(store, seats),
    })
    outbox.start()
    return outbox
  }

  beforeEach(async () => {
    fake = await startFakeTelegram()
    store = newStore()
    clock = NOW
  })
  afterEach(async () => {
    await outbox?.stop()
    outbox = undefined
    store.close()
    await fake.close()
  })

  const waitlistMessages = () => fake.messages.filter((m) => m.text.includes('освободилось'))

  it('gets one message when a hold runs out, replying to the first waiting parent’s lead, never again after a restart', async () => {
    book(store, clock)
    clock += DAY_MS
    const boris = book(store, clock, 'waiting')
    clock += DAY_MS
    const vera = book(store, clock, 'waiting')
    const box = startOutbox()
    await eventually(() => expect(fake.messages).toHaveLength(3))
    await box.idle()
    expect(waitlistMessages()).toEqual([])

    // Anna's trial had no date: it held her seat three days after she booked.
    clock = NOW + 3 * DAY_MS
    box.wake()
    await eventually(() => expect(waitlistMessages()).toHaveLength(1))
    const [message] = waitlistMessages()
    expect(message?.text).toMatch(
      new RegExp(`освободилось место\\. Ждут: №${boris.id} \\(2 дня\\), №${vera.id} \\(1 день\\)$`),
    )
    expect(message?.text).not.toMatch(/Родитель|\+7/)
    const borisMessage = store.list({ limit: 10 }).find((row) => row.id === boris.id)
    expect(message?.replyToMessageId).toBe(borisMessage?.telegramMessageId)

    await box.stop()
    const again = startOutbox()
    again.wake()
    await again.idle()
    expect(waitlistMessages()).toHaveLength(1)
  })

  it('keeps the notice through a refusal and sends it once Telegram takes it', async () => {
    const anna = book(store, clock)
    book(store, clock, 'waiting')
    const box = startOutbox()
    await eventually(() => expect(fake.messages).toHaveLength(2))
    await box.idle()
    fake.setBehaviour({ kind: 'error', status: 500 })
    store.cancelTrial(anna.id, clock)
    // The outbox looks at the seats every few seconds at most.
    clock += 5_000
    box.wake()
    await eventually(() =>
      expect(fake.requests.some((request) => request.behaviour === 'error')).toBe(true),
    )
    // The refusal recorded first: its backoff counts from the clock as it was, not the one below.
    await box.idle()
    fake.setBehaviour({ kind: 'ok' })
    // The backoff's pause, on the outbox's clock.
    clock += 60_000
    box.wake()
    await eventually(() => expect(waitlistMessages()).toHaveLength(1))
    await box.idle()
    expect(store.nextWaitlistNotice()).toBeUndefined()
  })

  it('never holds up a lead when the seats cannot be looked at', async () => {
    const refusing = {
      ...createWaitlist(store, createSeats(store, [madeUpGroup(1)], HOLD, clock)),
      watch: () => {
        throw new Error('database or disk is full')
      },
    }
    outbox = createOutbox({
      store,
      telegram: createTelegramClient({
        apiUrl: fake.url,
        token: fake.token,
        chatId: '1',
        timeoutMs: 2_000,
        sendTimeoutMs: 2_000,
      }),
      config: {
        pollMs: 1_000,
        retryBaseMs: 20,
        retryMaxMs: 100,
        sendIntervalMs: 0,
        notify: 'full',
      },
      log,
      now: () => clock,
      waitlist: refusing,
    })
    outbox.start()
    book(store, clock)
    book(store, clock)
    outbox.wake()
    await eventually(() => expect(fake.messages).toHaveLength(2))
    const errors = log.entries.filter((entry) =>
      entry.message.includes('seats could not be looked at'),
    )
    expect(errors).toHaveLength(1)
  })
})
