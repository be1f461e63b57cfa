import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, describe, expect, it } from 'vitest'
import { tempDir } from '../../test/helpers.ts'
import { restoreFrom } from './backups.ts'
import { openLeadStore } from './lead-store.ts'
import type { LeadStore } from './lead-store.ts'
import type { NewLead } from './rows.ts'

// The lost-database drill on the store as the service and the CLI use it (docs/decisions/0082):
// a restore into a file that took leads after the loss keeps every restored lead's number; the
// new leads that held one move after the copy's numbers, with all their state.

const temp = tempDir()
afterAll(() => temp.remove())

const DAY = 86_400_000
const lead = (name: string, n: number): NewLead => ({
  name,
  phone: `+7 (912) 345-67-${String(n).padStart(2, '0')}`,
  form: 'feedback',
  consentVersion: '2025-09-01.0a1b2c3d',
})

const rows = (store: LeadStore) =>
  store
    .list({})
    .map((row) => [row.id, row.name, row.status, row.telegramMessageId, row.desk?.status ?? null])

/**
 * The backup of a file with leads 1 to 5, each delivered to the chat as message 100 + id, lead 5
 * then deleted, lead 2 given a status; e-mail took leads 2 to 4, lead 1 waits for it.
 */
function backupOfFiveLeads(dir: string, t0: number): string {
  const old = openLeadStore(path.join(dir, 'old.sqlite'))
  old.setChannels(['email'], t0)
  for (let n = 1; n <= 5; n += 1) {
    const { id } = old.insert(lead(`Лид ${n}`, n), t0 + n)
    old.markSent(id, 100 + id, t0 + 10)
    if (n > 1) old.markDelivered(id, 'email', t0 + 10)
  }
  old.deleteByPhone(lead('', 5).phone)
  old.applyUpdate(1, { leadId: 2, messageId: 102, status: 'called', by: 'Ольга', now: t0 + 20 })
  old.markShown(2, old.statusHistory(2).length)
  const backup = path.join(dir, 'backup.sqlite')
  old.backup(backup)
  old.close()
  return backup
}

describe('a restore into a database that took leads after the loss', () => {
  it('keeps every restored number; the new lead moves after them, sent, pressed and queued as it was', () => {
    const dir = path.join(temp.dir, 'drill')
    const t0 = Date.now() - DAY
    const backup = backupOfFiveLeads(dir, t0)

    // The file lost: the service makes an empty one, and a new lead gets number 1 again. The
    // outbox and the e-mail worker read it, and their sends are in flight when the CLI restores.
    const liveFile = path.join(dir, 'leads.sqlite')
    const live = openLeadStore(liveFile)
    live.setChannels(['email'], t0)
    const fresh = live.insert(lead('Новая', 9), t0 + 100)
    expect(fresh.id).toBe(1)
    expect(live.head()?.id).toBe(1)
    live.recordAttempt(1)
    expect(live.dueDeliveries('email', Date.now(), 10).map((due) => due.lead.id)).toEqual([1])

    const counts = restoreFrom(liveFile, backup, { retentionDays: 30, tempDir: dir })
    expect(counts).toMatchObject({ added: 4, updated: 0, renumbered: [{ from: 1, to: 6 }] })

    // The sends in flight end: their outcomes reach the lead they were about, now number 6.
    live.markSent(1, 500, t0 + 200)
    live.recordDeliveries([{ leadId: 1, channel: 'email', kind: 'sent', at: t0 + 200 }])
    live.applyUpdate(2, { leadId: 6, messageId: 500, status: 'trial', by: 'Анна', now: t0 + 300 })

    // Number 5, deleted in the copy, is not given again: the chat may still show it.
    expect(rows(live)).toEqual([
      [6, 'Новая', 'sent', 500, 'trial'],
      [4, 'Лид 4', 'sent', 104, null],
      [3, 'Лид 3', 'sent', 103, null],
      [2, 'Лид 2', 'sent', 102, 'called'],
      [1, 'Лид 1', 'sent', 101, null],
    ])
    expect(live.list({}).find((row) => row.id === 6)?.uid).toBe(fresh.uid)
    expect(live.statusHistory(2).map(({ status }) => status)).toEqual(['called'])
    expect(live.nextEdit()?.id).toBe(6)
    // E-mail follows the lead: number 6 delivered, restored number 1 still waiting as the copy says.
    expect(live.dueDeliveries('email', Date.now(), 10).map((due) => due.lead.name)).toEqual([
      'Лид 1',
    ])
    expect(live.insert(lead('После', 10), t0 + 400).id).toBe(7)

    // The chat knew the new lead as №1: its message is edited first, then the chat is told once.
    expect(live.nextRenumbering()).toMatchObject({ lead: { id: 6 }, oldId: 1, edit: true })
    live.markRenumberingEdited(6, 1)
    expect(live.nextRenumbering()).toMatchObject({ lead: { id: 6 }, oldId: 1, edit: false })
    expect(live.claimRenumberingNotice(6, 1)).toBe(true)
    expect(live.claimRenumberingNotice(6, 1)).toBe(false)
    expect(live.nextRenumbering()).toBeUndefined()

    // A second restore of the same copy changes nothing.
    expect(restoreFrom(liveFile, backup, { retentionDays: 30, tempDir: dir })).toMatchObject({
      added: 0,
      updated: 0,
      deleted: 0,
      renumbered: [],
    })
    expect(rows(live).map(([id, name]) => [id, name])).toEqual([
      [7, 'После'],
      [6, 'Новая'],
      [4, 'Лид 4'],
      [3, 'Лид 3'],
      [2, 'Лид 2'],
      [1, 'Лид 1'],
    ])
    live.close()
  })

  it("a press on a renumbered lead's old buttons sets that lead; on the restored lead's own message, that one", () => {
    const dir = path.join(temp.dir, 'press')
    const t0 = Date.now() - DAY
    const backup = backupOfFiveLeads(dir, t0)
    const liveFile = path.join(dir, 'leads.sqlite')
    const live = openLeadStore(liveFile)
    const { id } = live.insert(lead('Новая', 9), t0 + 100)
    live.markSent(id, 500, t0 + 200)
    restoreFrom(liveFile, backup, { retentionDays: 30, tempDir: dir })

    // `s:1:n` under message 500 (the new lead's, sent as №1 before the restore).
    const old = live.applyUpdate(10, {
      leadId: 1,
      messageId: 500,
      status: 'no_answer',
      by: 'Анна',
      now: t0 + 300,
    })
    expect(old.press).toMatchObject({
      lead: { id: 6, name: 'Новая', desk: { status: 'no_answer' } },
    })
    const own = live.applyUpdate(11, {
      leadId: 1,
      messageId: 101,
      status: 'refused',
      by: 'Анна',
      now: t0 + 400,
    })
    expect(own.press).toMatchObject({ lead: { id: 1, name: 'Лид 1', desk: { status: 'refused' } } })
    // Another message with data naming lead 1 still changes nothing.
    const forged = live.applyUpdate(12, {
      leadId: 1,
      messageId: 103,
      status: 'enrolled',
      by: 'Анна',
      now: t0 + 500,
    })
    expect(forged.press).toBe('other-message')
    expect(live.statusHistory(6).map(({ status }) => status)).toEqual(['no_answer'])
    expect(live.statusHistory(1).map(({ status }) => status)).toEqual(['refused'])
    live.close()
  })

  it('a new lead not yet in the chat moves without a notice: its message will carry the new number', () => {
    const dir = path.join(temp.dir, 'pending')
    const t0 = Date.now() - DAY
    const backup = backupOfFiveLeads(dir, t0)
    const liveFile = path.join(dir, 'leads.sqlite')
    const live = openLeadStore(liveFile)
    live.insert(lead('Новая', 9), t0 + 100)
    expect(restoreFrom(liveFile, backup, { retentionDays: 30, tempDir: dir })).toMatchObject({
      renumbered: [{ from: 1, to: 6 }],
    })
    expect(live.head()).toMatchObject({ id: 6, name: 'Новая', status: 'pending' })
    live.markSent(6, 500, t0 + 200)
    expect(live.nextRenumbering()).toBeUndefined()
    live.close()
  })
})

describe('trials through a backup and a restore (docs/decisions/0103-a-trial-she-holds.md)', () => {
  const withTrial = (name: string, n: number, hash: string): NewLead => ({
    ...lead(name, n),
    group: 'made-up-saturday',
    trialAt: '2026-11-28T10:00',
    trial: {
      tokenHash: hash.repeat(64),
      group: 'made-up-saturday',
      at: '2026-11-28T10:00',
      state: 'booked',
    },
  })
  const remind = (file: string, leadId: number, kind: string, sentAt: string | null) => {
    const db = new DatabaseSync(file)
    db.prepare(
      `INSERT INTO trial_reminders (lead_id, at, kind, due_at, sent_at) VALUES (?, '2026-11-28T10:00', ?, 1, ?)`,
    ).run(leadId, kind, sentAt)
    db.close()
  }
  const reminders = (file: string) => {
    const db = new DatabaseSync(file, { readOnly: true })
    const all = db
      .prepare('SELECT lead_id, kind, sent_at FROM trial_reminders ORDER BY lead_id, kind')
      .all()
    db.close()
    return all.map((row) => ({ ...row }))
  }

  it('a restored lead keeps its trial and reminders; a new lead that moves takes its own along', () => {
    const dir = path.join(temp.dir, 'trials-lost')
    const t0 = Date.now() - DAY
    const oldFile = path.join(dir, 'old.sqlite')
    const old = openLeadStore(oldFile)
    old.insert(withTrial('Лид 1', 1, 'a'), t0 + 1)
    old.insert(withTrial('Лид 2', 2, 'b'), t0 + 2)
    remind(oldFile, 1, 'evening', null)
    remind(oldFile, 2, 'hours', '2026-11-28T02:00:00.000Z')
    const backup = path.join(dir, 'backup.sqlite')
    old.backup(backup)
    old.close()

    const liveFile = path.join(dir, 'leads.sqlite')
    const live = openLeadStore(liveFile)
    expect(live.insert(withTrial('Новая', 9, 'c'), t0 + 100).id).toBe(1)
    remind(liveFile, 1, 'evening', null)
    const counts = restoreFrom(liveFile, backup, { retentionDays: 30, tempDir: dir })
    expect(counts).toMatchObject({ added: 2, renumbered: [{ from: 1, to: 3 }] })
    // Her link still opens her own trial: the new lead's went with it to number 3.
    expect(live.trialByTokenHash('a'.repeat(64))).toMatchObject({
      leadId: 1,
      at: '2026-11-28T10:00',
    })
    expect(live.trialByTokenHash('b'.repeat(64))?.leadId).toBe(2)
    expect(live.trialByTokenHash('c'.repeat(64))?.leadId).toBe(3)
    expect(live.list({}).map((row) => [row.id, row.name, row.trialAt])).toEqual([
      [3, 'Новая', '2026-11-28T10:00'],
      [2, 'Лид 2', '2026-11-28T10:00'],
      [1, 'Лид 1', '2026-11-28T10:00'],
    ])
    expect(reminders(liveFile)).toEqual([
      { lead_id: 1, kind: 'evening', sent_at: null },
      { lead_id: 2, kind: 'hours', sent_at: '2026-11-28T02:00:00.000Z' },
      { lead_id: 3, kind: 'evening', sent_at: null },
    ])
    // Deleting a lead deletes its trial and reminders, in the restored file too.
    live.deleteByPhone(lead('', 2).phone)
    expect(live.trialByTokenHash('b'.repeat(64))).toBeUndefined()
    expect(reminders(liveFile).map((row) => row.lead_id)).toEqual([1, 3])
    live.close()
  })

  it('a lead both copies have takes her later change and a reminder sent in either; the desk’s status stays', () => {
    const dir = path.join(temp.dir, 'trials-both')
    const t0 = Date.now() - DAY
    const oldFile = path.join(dir, 'old.sqlite')
    const old = openLeadStore(oldFile)
    const { id } = old.insert(withTrial('Лид 1', 1, 'a'), t0 + 1)
    old.markSent(id, 101, t0 + 10)
    remind(oldFile, id, 'evening', null)
    const before = path.join(dir, 'before.sqlite')
    old.backup(before)
    old.applyUpdate(1, { leadId: id, messageId: 101, status: 'called', by: 'Ольга', now: t0 + 20 })
    old.moveTrial(id, '2026-12-05T10:00', t0 + 30)
    old.cancelTrial(id, t0 + 40)
    const db = new DatabaseSync(oldFile)
    db.prepare("UPDATE trial_reminders SET sent_at = 'sent'").run()
    db.close()
    const after = path.join(dir, 'after.sqlite')
    old.backup(after)
    old.close()

    const liveFile = path.join(dir, 'leads.sqlite')
    const live = openLeadStore(liveFile)
    restoreFrom(liveFile, before, { retentionDays: 30, tempDir: dir })
    expect(live.trialOfLead(id)?.state).toBe('booked')
    expect(restoreFrom(liveFile, after, { retentionDays: 30, tempDir: dir })).toMatchObject({
      updated: 1,
    })
    expect(live.trialOfLead(id)).toMatchObject({ at: '2026-12-05T10:00', state: 'cancelled' })
    expect(live.trialChanges(id).map(({ change }) => change)).toEqual(['moved', 'cancelled'])
    expect(reminders(liveFile)).toEqual([{ lead_id: id, kind: 'evening', sent_at: 'sent' }])
    // The chat's message is edited for her cancel; the desk's status is still the press.
    expect(live.list({})[0]?.desk).toMatchObject({ status: 'called', by: 'Ольга' })
    expect(live.nextEdit()?.id).toBe(id)
    live.close()
  })
})
