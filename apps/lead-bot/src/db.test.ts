import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, describe, expect, it } from 'vitest'
import { TransactionNotStartedError, openLeadStore } from './db.ts'
import type { NewLead } from './db.ts'
import { tempDir } from '../test/helpers.ts'

const temp = tempDir()
afterAll(() => temp.remove())

const lead: NewLead = {
  name: 'Анна',
  phone: '+7 (912) 345-67-89',
  form: 'feedback',
  consentVersion: '2025-01',
  clientIp: null,
  userAgent: null,
}

describe('openLeadStore', () => {
  it('creates the folder and the schema, in WAL mode with synchronous=FULL', () => {
    const file = path.join(temp.dir, 'nested', 'deeper', 'leads.sqlite')
    const store = openLeadStore(file)
    expect(store.settings()).toEqual({ journalMode: 'wal', synchronous: 'full' })
    expect(store.count()).toBe(0)
    store.close()
  })

  it('migrates once: reopening keeps the data, a second connection may open at the same time', () => {
    const file = path.join(temp.dir, 'reopen.sqlite')
    const first = openLeadStore(file)
    first.insert(lead, Date.UTC(2025, 0, 15, 10, 0))
    const second = openLeadStore(file)
    expect(second.count()).toBe(1)
    first.close()
    second.close()
    const raw = new DatabaseSync(file)
    expect(raw.prepare('PRAGMA user_version').get()).toEqual({ user_version: 1 })
    raw.close()
  })

  it('tracks delivery: due order, failures, sent', () => {
    const store = openLeadStore(path.join(temp.dir, 'delivery.sqlite'))
    const t = 1_000_000
    const a = store.insert(lead, t)
    const b = store.insert({ ...lead, name: 'Борис' }, t + 1)
    expect(a).toMatchObject({
      id: 1,
      receivedAt: new Date(t).toISOString(),
      status: 'pending',
      attempts: 0,
    })
    expect(store.nextDue(t - 1)).toBeUndefined()
    expect(store.nextDue(t + 5)?.id).toBe(a.id)
    store.markFailed(a.id, 'HTTP 500', t + 100)
    expect(store.nextDue(t + 5)?.id).toBe(b.id)
    expect(store.nextDueAt()).toBe(t + 1)
    store.markSent(b.id, 77, t + 6)
    expect(store.nextDueAt()).toBe(t + 100)
    expect(store.countPending()).toBe(1)
    expect(store.makePendingDue(t + 10)).toBe(1)
    expect(store.nextDue(t + 10)).toMatchObject({ id: a.id, attempts: 1, lastError: 'HTTP 500' })
    expect(
      store.list({ limit: 10 }).map((row) => [row.id, row.status, row.telegramMessageId]),
    ).toEqual([
      [b.id, 'sent', 77],
      [a.id, 'pending', null],
    ])
    store.checkWritable(t)
    store.close()
  })

  it('insertMany commits every lead in one transaction, or none of them', () => {
    const store = openLeadStore(path.join(temp.dir, 'many.sqlite'), { busyTimeoutMs: 50 })
    const rows = store.insertMany([
      { lead, now: 1 },
      { lead: { ...lead, name: 'Борис' }, now: 2 },
    ])
    expect(rows.map((row) => [row.id, row.name, row.receivedAt])).toEqual([
      [1, 'Анна', new Date(1).toISOString()],
      [2, 'Борис', new Date(2).toISOString()],
    ])

    const other = new DatabaseSync(store.path)
    other.exec(`CREATE TRIGGER reject_bad BEFORE INSERT ON leads WHEN NEW.name = 'Плохой'
                BEGIN SELECT RAISE(ABORT, 'bad row'); END`)
    expect(() =>
      store.insertMany([
        { lead: { ...lead, name: 'Вера' }, now: 3 },
        { lead: { ...lead, name: 'Плохой' }, now: 3 },
      ]),
    ).toThrow(/bad row/)
    expect(store.count()).toBe(2) // Вера was rolled back with the bad row

    other.exec('BEGIN IMMEDIATE')
    expect(() => store.insertMany([{ lead, now: 4 }])).toThrow(TransactionNotStartedError)
    other.exec('ROLLBACK')
    other.close()

    // Not left inside a transaction: the next writes commit as usual.
    expect(store.insertMany([{ lead, now: 5 }])[0]?.id).toBe(3)
    store.checkWritable(5)
    store.close()
  })
})
