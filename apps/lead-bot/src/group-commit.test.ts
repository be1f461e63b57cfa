import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { TransactionNotStartedError } from './store/lead-queue.ts'
import { openLeadStore } from './store/lead-store.ts'
import type { LeadStore } from './store/lead-store.ts'
import type { NewLead } from './store/rows.ts'
import { createGroupCommit } from './group-commit.ts'
import { tempDir } from '../test/helpers.ts'
import { TEST_CONSENT, phoneFor } from '../harness/sample-leads.ts'

const temp = tempDir()
afterAll(() => temp.remove())

const open: { close(): void }[] = []
afterEach(() => {
  for (const connection of open.splice(0)) connection.close()
})

let dbCounter = 0
function newStore(options?: { busyTimeoutMs?: number }): LeadStore {
  dbCounter += 1
  const store = openLeadStore(path.join(temp.dir, `group-${dbCounter}.sqlite`), options)
  open.push(store)
  return store
}

/** Another connection to the same file: it sees only what was committed. */
function otherConnection(store: LeadStore, readOnly = true): DatabaseSync {
  const db = new DatabaseSync(store.path, { readOnly })
  open.unshift(db) // closed before the store
  return db
}

function newLead(n: number, name = `Ученик ${n}`): NewLead {
  return {
    name,
    phone: phoneFor(n),
    form: 'feedback',
    consentVersion: TEST_CONSENT,
  }
}

/** Lets every queued microtask run, but not the setImmediate flush. */
async function microtasks(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve()
}

describe('group commit', () => {
  it('puts leads queued in one turn into one transaction and resolves each after its COMMIT', async () => {
    const store = newStore()
    const insertMany = vi.spyOn(store, 'insertMany')
    const insert = vi.spyOn(store, 'insert')
    const reader = otherConnection(store)
    const visible = reader.prepare('SELECT name FROM leads WHERE id = ?')
    const group = createGroupCommit(store)

    const settled: number[] = []
    const seenByOther: unknown[] = []
    const pending = Array.from({ length: 5 }, (_, n) =>
      group.insert(newLead(n), 1_000 + n).then((id) => {
        settled.push(id)
        // At the moment the promise resolves, a second connection must already see the row.
        seenByOther.push(visible.get(id)?.name)
        return id
      }),
    )
    await microtasks()
    expect(settled).toEqual([]) // nothing resolves before the flush has committed
    expect(insertMany).not.toHaveBeenCalled()

    const ids = await Promise.all(pending)
    expect(insertMany).toHaveBeenCalledTimes(1)
    expect(insertMany.mock.calls[0]?.[0]).toHaveLength(5)
    expect(insert).not.toHaveBeenCalled()
    expect(new Set(ids).size).toBe(5)
    expect(seenByOther).toEqual(ids.map((_, n) => `Ученик ${n}`))
    expect(store.list({ limit: 10 }).map((row) => [row.id, row.receivedAt])).toEqual(
      ids.map((id, n) => [id, new Date(1_000 + n).toISOString()]).reverse(),
    )
  })

  it('starts a new batch for leads queued after the previous flush', async () => {
    const store = newStore()
    const insertMany = vi.spyOn(store, 'insertMany')
    const group = createGroupCommit(store)
    const first = await group.insert(newLead(1), 1)
    const [second, third] = await Promise.all([
      group.insert(newLead(2), 2),
      group.insert(newLead(3), 3),
    ])
    expect([first, second, third]).toEqual([1, 2, 3])
    expect(insertMany.mock.calls.map(([leads]) => leads.length)).toEqual([1, 2])
  })

  it('retries a failed batch one by one: a bad row fails alone, the others are stored', async () => {
    const store = newStore()
    // A real SQLite failure on one row: a trigger that aborts the INSERT of a given name.
    otherConnection(store, false).exec(
      `CREATE TRIGGER reject_bad BEFORE INSERT ON leads WHEN NEW.name = 'Плохой'
       BEGIN SELECT RAISE(ABORT, 'bad row'); END`,
    )
    const insertMany = vi.spyOn(store, 'insertMany')
    const insert = vi.spyOn(store, 'insert')
    const reader = otherConnection(store)
    const visible = reader.prepare('SELECT name FROM leads WHERE id = ?')
    const group = createGroupCommit(store)

    const seenByOther: unknown[] = []
    const outcomes = await Promise.allSettled(
      [newLead(0), newLead(1, 'Плохой'), newLead(2), newLead(3)].map((lead, n) =>
        group.insert(lead, n).then((id) => {
          seenByOther.push(visible.get(id)?.name)
          return id
        }),
      ),
    )

    expect(insertMany).toHaveBeenCalledTimes(1)
    expect(insertMany.mock.results[0]?.type).toBe('throw')
    expect(insert).toHaveBeenCalledTimes(4)
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ])
    const rejected = outcomes[1]
    expect(rejected?.status === 'rejected' && String(rejected.reason)).toMatch(/bad row/)
    const ids = outcomes.flatMap((outcome) =>
      outcome.status === 'fulfilled' ? [outcome.value] : [],
    )
    expect(new Set(ids).size).toBe(3)
    expect(seenByOther).toEqual(['Ученик 0', 'Ученик 2', 'Ученик 3'])
    expect(store.list({ limit: 10 }).map((row) => row.name)).toEqual([
      'Ученик 3',
      'Ученик 2',
      'Ученик 0',
    ])
  })

  it('rejects a lone bad lead without inserting it a second time', async () => {
    const store = newStore()
    otherConnection(store, false).exec(
      `CREATE TRIGGER reject_all BEFORE INSERT ON leads BEGIN SELECT RAISE(ABORT, 'no'); END`,
    )
    const insert = vi.spyOn(store, 'insert')
    const group = createGroupCommit(store)
    await expect(group.insert(newLead(1), 1)).rejects.toThrow(/no/)
    expect(insert).not.toHaveBeenCalled()
    expect(store.count()).toBe(0)
  })

  it('fails the whole batch at once when the write lock cannot be had, then recovers', async () => {
    const store = newStore({ busyTimeoutMs: 50 })
    const insert = vi.spyOn(store, 'insert')
    const locker = otherConnection(store, false)
    const group = createGroupCommit(store)

    locker.exec('BEGIN IMMEDIATE')
    const started = Date.now()
    const outcomes = await Promise.allSettled([1, 2, 3].map((n) => group.insert(newLead(n), n)))
    const waitedMs = Date.now() - started
    locker.exec('ROLLBACK')

    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected')
      if (outcome.status === 'rejected') {
        expect(outcome.reason).toBeInstanceOf(TransactionNotStartedError)
      }
    }
    // No row was at fault, so no retry per lead (each would wait busy_timeout again).
    expect(insert).not.toHaveBeenCalled()
    expect(waitedMs).toBeLessThan(1_000)
    expect(store.count()).toBe(0)

    expect(await group.insert(newLead(4), 4)).toBe(1)
  })
})
