import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { GroupEntry } from '@it-lab/shared'
import { openLeadStore, type LeadStore } from '../store/lead-store.ts'
import type { TrialState } from '../store/rows.ts'
import type { SeatTrial } from '../store/seat-store.ts'
import type { DeskStatus } from '../desk-statuses.ts'
import { MEMORY_DIR, tempDir } from '../../test/helpers.ts'
import { TEST_CONSENT, phoneFor } from '../../harness/sample-leads.ts'
import { countSeats, createSeats, holdEndsAt, nextBaseline } from './seats.ts'
import { madeUpGroup as sharedGroup } from '@it-lab/shared/test/made-up-group'

const temp = tempDir('lead-bot-seats-', MEMORY_DIR)
afterAll(() => temp.remove())

const DAY_MS = 86_400_000
const HOLD_DAYS = 3
/** Thursday 26 November 2026, 15:00 in Astrakhan. */
const NOW = Date.parse('2026-11-26T11:00:00Z')

/** Made-up groups (docs/decisions/0053): the owner's content may have any, or none. */
function madeUpGroup(id: string, seats: number, size?: number): GroupEntry {
  return sharedGroup({ id, seats, ageMin: 9, ageMax: 12, ...(size === undefined ? {} : { size }) })
}

function trial(leadId: number, set: Partial<SeatTrial> = {}): SeatTrial {
  return {
    leadId,
    at: '2026-11-28T10:00',
    state: 'booked',
    createdAt: new Date(NOW).toISOString(),
    deskStatus: null,
    deskStatusAt: null,
    messageId: null,
    telegramChatId: null,
    offer: null,
    ...set,
  }
}

describe('a trial’s hold on its seat', () => {
  it('lasts the hold’s days after its lesson, or after booking when it has no date', () => {
    // 10:00 in Astrakhan is 06:00 UTC.
    expect(new Date(holdEndsAt(trial(1), HOLD_DAYS)).toISOString()).toBe('2026-12-01T06:00:00.000Z')
    expect(holdEndsAt(trial(1, { at: null }), HOLD_DAYS)).toBe(NOW + HOLD_DAYS * DAY_MS)
  })
})

describe('a group’s count', () => {
  const since = new Date(NOW - DAY_MS).toISOString()
  const group = madeUpGroup('made-up', 3, 8)
  const count = (trials: SeatTrial[], now = NOW, free = 3) =>
    countSeats(group, { free, since }, trials, HOLD_DAYS, now)

  it('takes a seat for each booked trial within its hold, and none once the hold ran out', () => {
    const trials = [trial(1), trial(2, { at: null })]
    expect(count(trials).free).toBe(1)
    expect(count(trials, NOW + HOLD_DAYS * DAY_MS - 1).free).toBe(1)
    expect(count(trials, NOW + HOLD_DAYS * DAY_MS).free).toBe(2)
    const afterLesson = Date.parse('2026-12-01T06:00:00Z')
    expect(count(trials, afterLesson - 1).free).toBe(2)
    expect(count(trials, afterLesson).free).toBe(3)
  })

  it('keeps a seat for «Записан» for good, and frees it on «Отказ» and on her cancel', () => {
    const at = new Date(NOW).toISOString()
    const enrolled = trial(1, { deskStatus: 'enrolled', deskStatusAt: at })
    expect(count([enrolled], NOW + 100 * DAY_MS).free).toBe(2)
    expect(count([{ ...enrolled, state: 'cancelled' }]).free).toBe(2)
    expect(count([trial(1, { deskStatus: 'refused', deskStatusAt: at })]).free).toBe(3)
    expect(count([trial(1, { state: 'cancelled' })]).free).toBe(3)
    // The desk's other steps keep the hold: the family is still coming.
    expect(count([trial(1, { deskStatus: 'trial', deskStatusAt: at })]).free).toBe(2)
  })

  it('leaves a family enrolled before the owner’s number to it', () => {
    const before = new Date(NOW - 2 * DAY_MS).toISOString()
    expect(count([trial(1, { deskStatus: 'enrolled', deskStatusAt: before })]).free).toBe(3)
  })

  it('gives open places to the parents waiting first, in the order they came', () => {
    const waiting = [trial(7, { state: 'waiting' }), trial(5, { state: 'waiting' })]
    const counted = count([trial(1), ...waiting])
    expect(counted).toMatchObject({ open: 2, free: 0 })
    expect(counted.waiting.map((one) => one.leadId)).toEqual([7, 5])
    // One the desk settled waits no more.
    const settled = count([trial(5, { state: 'waiting', deskStatus: 'refused' })])
    expect(settled).toMatchObject({ open: 3, free: 3, waiting: [] })
  })

  it('never shows fewer than 0 nor more than the group’s size', () => {
    expect(count([trial(1), trial(2), trial(3), trial(4)]).free).toBe(0)
    expect(count([], NOW, 12).free).toBe(8)
  })
})

describe('the owner’s numbers as the count’s baseline', () => {
  const stored = {
    typedSeats: 3,
    typedSize: 8,
    free: 3,
    since: new Date(NOW - DAY_MS).toISOString(),
    seenFree: 1,
  }
  const enrolled = trial(1, { deskStatus: 'enrolled', deskStatusAt: new Date(NOW).toISOString() })

  it('starts again from new free places, and keeps the count for the same numbers', () => {
    expect(nextBaseline(madeUpGroup('g', 5, 8), stored, [enrolled], NOW)).toEqual({
      typedSeats: 5,
      typedSize: 8,
      free: 5,
      since: new Date(NOW).toISOString(),
    })
    expect(nextBaseline(madeUpGroup('g', 3, 8), stored, [enrolled], NOW)).toBeUndefined()
    expect(nextBaseline(madeUpGroup('g', 2), undefined, [], NOW)).toMatchObject({
      free: 2,
      typedSize: null,
    })
  })

  it('moves the count by the places a new size adds, keeping who enrolled since', () => {
    expect(nextBaseline(madeUpGroup('g', 3, 10), stored, [enrolled], NOW)).toEqual({
      typedSeats: 3,
      typedSize: 10,
      free: 4,
      since: new Date(NOW).toISOString(),
    })
    expect(nextBaseline(madeUpGroup('g', 3), stored, [enrolled], NOW)).toEqual({
      typedSeats: 3,
      typedSize: null,
      free: 3,
      since: stored.since,
    })
  })
})

let files = 0
function newStore(): LeadStore {
  files += 1
  return openLeadStore(path.join(temp.dir, `seats-${files}.sqlite`))
}

/** A lead with its trial in `group`, received at `now`. */
function book(store: LeadStore, group: string, now: number, state: TrialState = 'booked') {
  const n = files * 100 + store.list({ limit: 1000 }).length
  return store.insert(
    {
      name: `Родитель ${n}`,
      phone: phoneFor(n),
      form: 'feedback',
      consentVersion: TEST_CONSENT,
      group,
      trial: { tokenHash: String(n).padStart(64, '0'), group, at: null, state },
    },
    now,
  )
}

let updates = 0
/** The owner's press under the lead's message. */
function press(store: LeadStore, leadId: number, status: DeskStatus, now: number): void {
  updates += 1
  store.markSent(leadId, 1000 + leadId, now)
  store.applyUpdate(updates, { leadId, messageId: 1000 + leadId, status, by: 'Ольга', now }, now)
}

describe('seats counted from the store', () => {
  it('follows bookings, the desk, her cancel and the hold’s end on a fake clock', () => {
    const store = newStore()
    const groups = [madeUpGroup('sat', 2, 8), madeUpGroup('sun', 1)]
    let now = NOW
    const seats = createSeats(store, groups, { holdDays: HOLD_DAYS }, now)
    expect(seats.all(now)).toEqual({ sat: { free: 2, size: 8 }, sun: { free: 1 } })

    const anna = book(store, 'sat', now)
    const boris = book(store, 'sat', now)
    expect(seats.isFull('sat', now)).toBe(true)
    expect(seats.isFull('unknown', now)).toBe(false)

    press(store, anna.id, 'refused', now)
    expect(seats.of('sat', now)?.free).toBe(1)
    store.cancelTrial(boris.id, now)
    expect(seats.of('sat', now)?.free).toBe(2)

    const vera = book(store, 'sat', now)
    press(store, vera.id, 'enrolled', now)
    book(store, 'sat', now)
    expect(seats.of('sat', now)?.free).toBe(0)
    now += HOLD_DAYS * DAY_MS
    expect(seats.of('sat', now)?.free).toBe(1)
    store.close()
  })

  it('keeps its baseline across a restart, and starts again when the owner types new numbers', () => {
    const store = newStore()
    const first = createSeats(store, [madeUpGroup('sat', 2, 8)], { holdDays: HOLD_DAYS }, NOW)
    press(store, book(store, 'sat', NOW).id, 'enrolled', NOW + 1)
    expect(first.of('sat', NOW + 1)?.free).toBe(1)

    const restarted = createSeats(
      store,
      [madeUpGroup('sat', 2, 8)],
      { holdDays: HOLD_DAYS },
      NOW + 2,
    )
    expect(restarted.of('sat', NOW + 2)?.free).toBe(1)
    const raised = createSeats(store, [madeUpGroup('sat', 2, 10)], { holdDays: HOLD_DAYS }, NOW + 3)
    expect(raised.of('sat', NOW + 3)?.free).toBe(3)
    const retyped = createSeats(
      store,
      [madeUpGroup('sat', 4, 10)],
      { holdDays: HOLD_DAYS },
      NOW + 4,
    )
    expect(retyped.of('sat', NOW + 4)?.free).toBe(4)
    store.close()
  })

  it('counts from the owner’s new number when the database refuses to keep it', () => {
    const store = newStore()
    createSeats(store, [madeUpGroup('sat', 2, 8)], { holdDays: HOLD_DAYS }, NOW)
    const refusing = {
      ...store,
      setSeatBaseline: () => {
        throw new Error('database or disk is full')
      },
    }
    const seats = createSeats(refusing, [madeUpGroup('sat', 5, 8)], { holdDays: HOLD_DAYS }, NOW)
    book(store, 'sat', NOW)
    expect(seats.of('sat', NOW)?.free).toBe(4)
    store.close()
  })
})
