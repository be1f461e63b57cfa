import { DatabaseSync } from 'node:sqlite'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openLeadStore } from './lead-store.ts'
import { tempDir } from '../../test/helpers.ts'
import { TEST_CONSENT, VALID_PHONE } from '../../harness/sample-leads.ts'

const temp = tempDir()
afterAll(() => temp.remove())

const NOW = Date.parse('2026-11-27T19:00:00Z')

describe('the trials parents hold', () => {
  it('finds hers by her link’s hash, moves and cancels it, and puts each change in the chat’s queue', () => {
    const store = openLeadStore(path.join(temp.dir, 'trials.sqlite'))
    const lead = store.insert(
      {
        name: 'Анна',
        phone: VALID_PHONE,
        form: 'feedback',
        consentVersion: TEST_CONSENT,
        course: 4,
        group: 'made-up-saturday',
        trialAt: '2026-11-28T10:00',
        trial: {
          tokenHash: 'a'.repeat(64),
          group: 'made-up-saturday',
          at: '2026-11-28T10:00',
          state: 'booked',
        },
      },
      NOW,
    )
    expect(store.trialByTokenHash('b'.repeat(64))).toBeUndefined()
    expect(store.trialByTokenHash('a'.repeat(64))).toMatchObject({
      leadId: lead.id,
      group: 'made-up-saturday',
      at: '2026-11-28T10:00',
      state: 'booked',
      course: 4,
      changedAt: null,
    })

    const moved = store.moveTrial(lead.id, '2026-12-05T10:00', NOW + 1000)
    expect(moved).toMatchObject({
      at: '2026-12-05T10:00',
      state: 'booked',
      changedAt: new Date(NOW + 1000).toISOString(),
    })
    expect(store.moveTrial(lead.id, null, NOW + 2000)).toMatchObject({ at: null })
    expect(store.cancelTrial(lead.id, NOW + 3000)).toMatchObject({ state: 'cancelled', at: null })
    // Once cancelled it stays so: neither a second cancel nor a move changes it or the chat.
    store.cancelTrial(lead.id, NOW + 4000)
    expect(store.moveTrial(lead.id, '2026-12-12T10:00', NOW + 5000)).toMatchObject({
      state: 'cancelled',
      at: null,
    })
    expect(store.trialChanges(lead.id).map(({ change }) => change)).toEqual([
      'moved',
      'moved',
      'cancelled',
    ])
    // The desk's own history is untouched, and the chat's message is due to be edited.
    expect(store.statusHistory(lead.id)).toEqual([])
    store.markSent(lead.id, 77, NOW)
    expect(store.nextEdit()?.id).toBe(lead.id)

    expect(store.deleteByPhone(VALID_PHONE).map(({ id }) => id)).toEqual([lead.id])
    expect(store.trialByTokenHash('a'.repeat(64))).toBeUndefined()
    store.close()
  })
})

describe('her chat with the bot', () => {
  it('a parent’s update is applied once; claims are per lesson; deleting the lead removes her chat and its reminders', () => {
    const store = openLeadStore(path.join(temp.dir, 'trial-chat.sqlite'))
    const lead = store.insert(
      {
        name: 'Анна',
        phone: VALID_PHONE,
        form: 'feedback',
        consentVersion: TEST_CONSENT,
        group: 'made-up-saturday',
        trial: {
          tokenHash: 'c'.repeat(64),
          group: 'made-up-saturday',
          at: '2026-11-28T10:00',
          state: 'booked',
        },
      },
      NOW,
    )
    const link = { kind: 'link', tokenHash: 'c'.repeat(64), chatId: 555, told: [] } as const
    expect(store.applyParentUpdate(7, link, NOW)).toEqual({ applied: true, changed: 1 })
    expect(store.applyParentUpdate(7, link, NOW)).toEqual({ applied: false })
    expect(store.updatesOffset()).toBe(8)
    expect(store.trialsOfChat(555).map(({ leadId }) => leadId)).toEqual([lead.id])

    const evening = { leadId: lead.id, at: '2026-11-28T10:00', kind: 'evening', dueAt: 1 } as const
    expect(store.claimTrialReminder(evening, NOW)).toBe(true)
    expect(store.claimTrialReminder(evening, NOW)).toBe(false)
    expect(store.trialsToRemind('2026-11-27')).toMatchObject([{ claimed: ['evening'] }])
    store.releaseTrialReminder(evening)
    expect(store.trialsToRemind('2026-11-27')).toMatchObject([{ claimed: [] }])
    // A move makes the old lesson's reminders moot: a claim names its lesson.
    store.moveTrial(lead.id, '2026-12-05T10:00', NOW + 1)
    expect(store.claimTrialReminder(evening, NOW)).toBe(false)
    expect(store.claimTrialReminder({ ...evening, at: '2026-12-05T10:00' }, NOW + 2)).toBe(true)

    // A move or a cancel from her chat acts only on the lesson she saw, from the linked chat.
    const cancel = {
      kind: 'cancel',
      leadId: lead.id,
      chatId: 556,
      from: '2026-12-05T10:00',
    } as const
    expect(store.applyParentUpdate(8, cancel, NOW)).toEqual({ applied: true, changed: 0 })
    const stale = { ...cancel, chatId: 555, from: '2026-11-28T10:00' }
    expect(store.applyParentUpdate(9, stale, NOW)).toEqual({ applied: true, changed: 0 })
    expect(store.trialOfLead(lead.id)?.state).toBe('booked')

    store.deleteByPhone(VALID_PHONE)
    expect(store.trialsOfChat(555)).toEqual([])
    const raw = new DatabaseSync(store.path, { readOnly: true })
    expect(raw.prepare('SELECT count(*) AS n FROM trial_reminders').get()?.n).toBe(0)
    expect(raw.prepare('SELECT count(*) AS n FROM trials').get()?.n).toBe(0)
    raw.close()
    store.close()
  })

  it('claims the bot’s offer of a seat once, takes her answer only from her chat within its time, and deletes it with the lead', () => {
    const store = openLeadStore(path.join(temp.dir, 'trial-offer.sqlite'))
    const waiting = (tokenHash: string) =>
      store.insert(
        {
          name: 'Анна',
          phone: VALID_PHONE,
          form: 'feedback',
          consentVersion: TEST_CONSENT,
          group: 'made-up-saturday',
          trial: { tokenHash, group: 'made-up-saturday', at: '2026-11-28T10:00', state: 'waiting' },
        },
        NOW,
      )
    const lead = waiting('d'.repeat(64))
    const offer = { leadId: lead.id, group: 'made-up-saturday', chatId: 555, until: NOW + 10 }
    // Not linked to that chat yet: no offer.
    expect(store.claimWaitlistOffer(offer, NOW)).toBe(false)
    const link = { kind: 'link', tokenHash: 'd'.repeat(64), chatId: 555, told: [] } as const
    store.applyParentUpdate(1, link, NOW)
    expect(store.claimWaitlistOffer(offer, NOW)).toBe(true)
    expect(store.claimWaitlistOffer(offer, NOW)).toBe(false)
    expect(store.seatTrials('made-up-saturday')).toMatchObject([
      { leadId: lead.id, telegramChatId: 555, offer: { until: NOW + 10, answered: false } },
    ])
    // Given back when Telegram surely did not get it.
    store.releaseWaitlistOffer(lead.id)
    expect(store.seatTrials('made-up-saturday')).toMatchObject([{ offer: null }])
    expect(store.claimWaitlistOffer(offer, NOW)).toBe(true)

    const take = { kind: 'take', leadId: lead.id, chatId: 556 } as const
    expect(store.applyParentUpdate(2, take, NOW)).toEqual({ applied: true, changed: 0 })
    expect(store.applyParentUpdate(3, { ...take, chatId: 555 }, NOW + 10)).toEqual({
      applied: true,
      changed: 0,
    })
    expect(store.applyParentUpdate(4, { ...take, chatId: 555 }, NOW + 9)).toEqual({
      applied: true,
      changed: 1,
    })
    expect(store.trialOfLead(lead.id)?.state).toBe('booked')
    expect(store.trialChanges(lead.id).map(({ change }) => change)).toEqual(['booked'])
    // Answered once: a second press changes nothing.
    expect(store.applyParentUpdate(5, { ...take, chatId: 555 }, NOW + 9)).toEqual({
      applied: true,
      changed: 0,
    })

    store.deleteByPhone(VALID_PHONE)
    const raw = new DatabaseSync(store.path, { readOnly: true })
    expect(raw.prepare('SELECT count(*) AS n FROM waitlist_offers').get()?.n).toBe(0)
    raw.close()
    store.close()
  })
})
