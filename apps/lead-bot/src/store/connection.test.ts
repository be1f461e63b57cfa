import {
  copyFileSync,
  existsSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, describe, expect, it } from 'vitest'
import { fillUntil, mountTmpfs } from '../../harness/full-disk.ts'
import { recordingLog, tempDir } from '../../test/helpers.ts'
import { isDiskFull, removeGuardFilesBefore, StoreFencedError } from './connection.ts'
import { openLeadStore } from './lead-store.ts'
import type { NewLead } from './rows.ts'

// The storage rules (docs/behaviour.md, "Storage rules"; docs/decisions/0043): a file deleted,
// moved or copied over under the service is never written again; what the connection held is
// rescued and merged in at the next start; a WAL never meets a main file it was not written for.

const temp = tempDir()
afterAll(() => temp.remove())

const lead: NewLead = {
  name: 'Анна',
  phone: '+7 (912) 345-67-89',
  form: 'feedback',
  consentVersion: '2025-09-01.0a1b2c3d',
}

function fill(store: ReturnType<typeof openLeadStore>, count: number): void {
  for (let n = 0; n < count; n += 1) store.insert({ ...lead, name: `Лид ${n}` }, 1_000 + n)
}

const names = (store: ReturnType<typeof openLeadStore>) =>
  store
    .list({ limit: 1_000 })
    .map((row) => row.name)
    .sort()

function integrity(file: string): string {
  const db = new DatabaseSync(file, { readOnly: true })
  const result = String(db.prepare('PRAGMA integrity_check').get()?.integrity_check)
  db.close()
  return result
}

describe('a database file changed under the service', () => {
  it('rm of the main file with its WAL left: refuses, rescues, and the next start has every lead', () => {
    const file = path.join(temp.dir, 'rm', 'leads.sqlite')
    const log = recordingLog()
    const fenced: (string | undefined)[] = []
    const store = openLeadStore(file, { log, onFenced: (rescue) => fenced.push(rescue) })
    fill(store, 60)
    store.markSent(1, 11, 2_000)
    rmSync(file) // the -wal and -shm stay

    expect(() => store.insert(lead, 3_000)).toThrow(StoreFencedError)
    expect(() => store.checkWritable(3_000)).toThrow(StoreFencedError)
    expect(fenced).toHaveLength(1)
    expect(log.entries.at(-1)).toMatchObject({ level: 'error', details: { db: file } })
    // The stale WAL went with the rescue: nothing can replay it into a new file.
    expect(existsSync(`${file}-wal`)).toBe(false)

    const restarted = openLeadStore(file, { log })
    expect(restarted.count()).toBe(60)
    expect(restarted.list({ limit: 100 }).find((row) => row.id === 1)?.status).toBe('sent')
    expect(readdirSync(path.dirname(file)).filter((name) => name.includes('rescue'))).toEqual([])
    restarted.close()
    expect(integrity(file)).toBe('ok')
  })

  it('a backup moved over the live file (WAL left): no write reaches it, and nothing is lost', () => {
    const file = path.join(temp.dir, 'mv', 'leads.sqlite')
    const backup = path.join(temp.dir, 'mv', 'backup.sqlite')
    const store = openLeadStore(file, { onFenced: () => {} })
    fill(store, 5)
    store.backup(backup)
    store.insert({ ...lead, name: 'После копии' }, 5_000)
    renameSync(backup, file)

    expect(() => store.insert(lead, 6_000)).toThrow(StoreFencedError)
    const restarted = openLeadStore(file)
    expect(restarted.count()).toBe(6)
    expect(restarted.list({ limit: 10 }).map((row) => row.name)).toContain('После копии')
    restarted.close()
    expect(integrity(file)).toBe('ok')
  })

  it('a WAL beside a main file it was not written for is set aside, never applied', () => {
    const dir = path.join(temp.dir, 'foreign')
    const file = path.join(dir, 'leads.sqlite')
    const log = recordingLog()
    // A service that crashed with leads in its WAL…
    const crashed = openLeadStore(file)
    fill(crashed, 3)
    copyFileSync(`${file}-wal`, path.join(dir, 'kept-wal'))
    crashed.close()
    // …and, while it was down, another file put in its place.
    rmSync(file)
    const other = openLeadStore(path.join(dir, 'other.sqlite'))
    other.insert({ ...lead, name: 'Из другой базы' }, 1)
    other.close()
    renameSync(path.join(dir, 'other.sqlite'), file)
    renameSync(path.join(dir, 'kept-wal'), `${file}-wal`)

    const restarted = openLeadStore(file, { log })
    expect(restarted.list({ limit: 10 }).map((row) => row.name)).toEqual(['Из другой базы'])
    restarted.close()
    expect(integrity(file)).toBe('ok')
    expect(log.entries).toEqual([
      expect.objectContaining({ level: 'error', message: expect.stringMatching(/set aside/) }),
    ])
    const [aside] = readdirSync(dir).filter((name) => name.includes('-wal.set-aside-'))
    expect(aside).toBeDefined()
    // They may hold leads: they go at the end of the retention period.
    expect(removeGuardFilesBefore(file, Date.now() + 1)).toEqual([path.join(dir, aside ?? '')])
  })

  it('a rescue copy that cannot be merged is kept, and goes with the retention period', () => {
    const dir = path.join(temp.dir, 'bad-rescue')
    const file = path.join(dir, 'leads.sqlite')
    openLeadStore(file).close()
    const rescue = `${file}.rescue-1-1`
    writeFileSync(rescue, 'not a database'.repeat(100))
    const log = recordingLog()
    openLeadStore(file, { log }).close()
    expect(existsSync(rescue)).toBe(true)
    expect(log.entries).toEqual([
      expect.objectContaining({ level: 'error', details: expect.objectContaining({ rescue }) }),
    ])
    expect(removeGuardFilesBefore(file, Date.now() - 60_000)).toEqual([])
    expect(removeGuardFilesBefore(file, Date.now() + 1)).toEqual([rescue])
  })
})

describe('deletions stay deleted', () => {
  it('a merge never brings back a deleted lead, nor a delivered one past retention', () => {
    const dir = path.join(temp.dir, 'ledger')
    const file = path.join(dir, 'leads.sqlite')
    const backup = path.join(dir, 'backup.sqlite')
    const day = 86_400_000
    const store = openLeadStore(file, { retentionDays: 30 })
    const old = store.insert({ ...lead, name: 'Старый' }, Date.now() - 40 * day)
    store.markSent(old.id, 1, Date.now() - 40 * day)
    store.insert({ ...lead, name: 'Удалить', phone: '+7 (900) 000-00-01' }, Date.now() - day)
    store.insert({ ...lead, name: 'Оставить' }, Date.now())
    store.backup(backup)
    expect(store.deleteByPhone('+7 (900) 000-00-01')).toHaveLength(1)

    expect(store.merge(backup)).toMatchObject({ added: 0, skippedDeleted: 1 })
    expect(names(store)).toEqual(['Оставить', 'Старый'])
    // Once retention deleted the old one, it stays deleted too.
    expect(store.deleteReceivedBefore(Date.now() - 30 * day).deleted).toBe(1)
    expect(store.merge(backup)).toMatchObject({ added: 0, skippedDeleted: 2 })
    expect(names(store)).toEqual(['Оставить'])

    // Into an empty file, the old delivered one is past retention: not stored again.
    const fresh = openLeadStore(path.join(dir, 'fresh.sqlite'), { retentionDays: 30 })
    expect(fresh.merge(backup)).toMatchObject({ added: 2, skippedExpired: 1 })
    fresh.close()
    store.close()
  })

  it('a copy whose ledger says a lead was deleted removes it from the live file', () => {
    const dir = path.join(temp.dir, 'ledger-join')
    const file = path.join(dir, 'leads.sqlite')
    const copy = path.join(dir, 'copy.sqlite')
    const store = openLeadStore(file)
    store.insert(lead, 1)
    store.backup(copy)
    const other = openLeadStore(copy)
    other.deleteByPhone(lead.phone)
    other.close()
    expect(store.merge(copy)).toMatchObject({ deleted: 1 })
    expect(store.count()).toBe(0)
    store.close()
  })
})

describe('restoring a backup', () => {
  it('keeps delivery and every status: nothing delivered is queued again', () => {
    const dir = path.join(temp.dir, 'restore')
    const backup = path.join(dir, 'backup.sqlite')
    const before = openLeadStore(path.join(dir, 'old.sqlite'))
    fill(before, 5)
    for (let id = 1; id <= 5; id += 1) before.markSent(id, 100 + id, 2_000)
    before.applyUpdate(1, { leadId: 2, messageId: 102, status: 'called', by: 'Анна', now: 3_000 })
    before.markShown(2, before.statusHistory(2).length)
    before.backup(backup)
    before.close()

    const live = openLeadStore(path.join(dir, 'live.sqlite'))
    live.insert({ ...lead, name: 'Новый' }, 9_000)
    expect(live.merge(backup)).toMatchObject({ added: 5 })
    expect(live.countPending()).toBe(1)
    expect(live.head()?.name).toBe('Новый')
    const restored = live.list({ limit: 10 }).find((row) => row.name === 'Лид 1')
    expect(restored?.desk).toEqual({
      status: 'called',
      at: new Date(3_000).toISOString(),
      by: 'Анна',
    })
    expect(live.nextEdit()).toBeUndefined()
    expect(live.updatesOffset()).toBe(2)
    // A second restore of the same backup changes nothing.
    expect(live.merge(backup)).toMatchObject({ added: 0, updated: 0 })
    live.close()
  })

  it('the digest week and the update offset are the further of the two: no digest again', () => {
    const dir = path.join(temp.dir, 'restore-state')
    const rescue = path.join(dir, 'rescue.sqlite')
    const newer = openLeadStore(path.join(dir, 'newer.sqlite'))
    newer.setDigestWeek('2025-10-13')
    newer.applyUpdate(41)
    newer.backup(rescue)
    newer.close()
    // The file put in place is an older backup, the rescue copy the newer state.
    const older = openLeadStore(path.join(dir, 'older.sqlite'))
    older.setDigestWeek('2025-10-06')
    older.applyUpdate(7)
    older.merge(rescue)
    expect(older.digestWeek()).toBe('2025-10-13')
    expect(older.updatesOffset()).toBe(42)
    expect(older.applyUpdate(41).applied).toBe(false)
    older.close()
  })

  it('a lead delivered and pressed in the live file keeps that over a backup that has it pending', () => {
    const dir = path.join(temp.dir, 'restore-older')
    const backup = path.join(dir, 'backup.sqlite')
    const live = openLeadStore(path.join(dir, 'live.sqlite'))
    const first = live.insert(lead, 1_000)
    live.backup(backup)
    live.markSent(first.id, 7, 2_000)
    live.applyUpdate(1, {
      leadId: first.id,
      messageId: 7,
      status: 'enrolled',
      by: 'Анна',
      now: 3_000,
    })
    expect(live.merge(backup)).toMatchObject({ added: 0, updated: 0 })
    expect(live.list({ limit: 1 })[0]).toMatchObject({
      status: 'sent',
      desk: { status: 'enrolled' },
    })
    live.close()
  })
})

describe('a full disk (0058)', () => {
  /**
   * A store on a 1 MiB tmpfs (the tests run as root and mount one) with a little room left, then
   * leads until the disk refuses them: in batches, so the WAL holds pages the main file has not
   * got yet, and a checkpoint has to grow it.
   */
  function fullStore() {
    const tmpfs = mountTmpfs(1024 * 1024)
    const file = path.join(tmpfs.dir, 'leads.sqlite')
    const log = recordingLog()
    const fenced: (string | undefined)[] = []
    const store = openLeadStore(file, { log, onFenced: (rescue) => fenced.push(rescue) })
    const filler = path.join(tmpfs.dir, 'filler')
    fillUntil(tmpfs.dir, filler, 160 * 1024)
    const stored: string[] = []
    for (let batch = 0; ; batch += 1) {
      const leads = Array.from({ length: 25 }, (_, n) => ({
        lead: { ...lead, name: `Лид ${batch}-${n}` },
        now: 1_000 + batch,
      }))
      try {
        stored.push(...store.insertMany(leads).map((row) => row.name))
      } catch (error) {
        expect(isDiskFull(error)).toBe(true)
        break
      }
    }
    // A batch no longer fits; single leads may still fit in what is left: take those too.
    for (let n = 0; ; n += 1) {
      try {
        stored.push(store.insert({ ...lead, name: `Лид ${n}` }, 1_500).name)
      } catch (error) {
        expect(isDiskFull(error)).toBe(true)
        break
      }
    }
    expect(() => store.insert(lead, 2_000)).toThrow(/full/)
    return { tmpfs, file, log, fenced, store, stored, free: () => rmSync(filler) }
  }

  /** What the service's next checkpoint does: it comes after 200 calls (reads count too). */
  function callsUntilCheckpoint(store: ReturnType<typeof openLeadStore>): void {
    for (let call = 0; call < 200; call += 1) store.countPending()
  }

  it('a checkpoint cut short by the full disk is the service’s own write: no fence, no commit lost', () => {
    const { tmpfs, file, log, fenced, store, stored, free } = fullStore()
    try {
      expect(stored.length).toBeGreaterThan(0)
      callsUntilCheckpoint(store)
      expect(log.entries).toContainEqual(
        expect.objectContaining({
          level: 'warn',
          message: expect.stringMatching(/checkpoint failed/),
        }),
      )
      expect(fenced).toEqual([])
      expect(names(store)).toEqual(stored.sort())

      free()
      store.insert({ ...lead, name: 'После' }, 9_000)
      callsUntilCheckpoint(store)
      expect(store.fenced).toBe(false)
      expect(store.count()).toBe(stored.length + 1)
      store.close()
      expect(integrity(file)).toBe('ok')
    } finally {
      tmpfs.unmount()
    }
  })

  it('a stop on the full disk (its checkpoint on close fails) and the next start keep every lead', () => {
    const { tmpfs, file, store, stored, free } = fullStore()
    try {
      store.close()
      // SQLite's checkpoint on close could not grow the main file: the WAL stays, and is trusted.
      expect(existsSync(`${file}-wal`)).toBe(true)
      const log = recordingLog()
      const restarted = openLeadStore(file, { log })
      expect(restarted.count()).toBe(stored.length)
      free()
      restarted.insert(lead, 9_000)
      restarted.close()
      expect(log.entries.filter((entry) => entry.level === 'error')).toEqual([])
      expect(readdirSync(tmpfs.dir).filter((name) => /set-aside|rescue/.test(name))).toEqual([])
      expect(integrity(file)).toBe('ok')
    } finally {
      tmpfs.unmount()
    }
  })

  it('a start after a checkpoint cut short (by a crash) trusts the WAL of its own file', () => {
    const file = path.join(temp.dir, 'cut', 'leads.sqlite')
    const log = recordingLog()
    const crashed = openLeadStore(file)
    fill(crashed, 3)
    // What the service records before a checkpoint; the checkpoint moves the main file on, more
    // is committed to the WAL, and the process dies before recording the file after it.
    const owner = JSON.parse(readFileSync(`${file}-owner`, 'utf8')) as Record<string, unknown>
    expect(owner.checkpointing).toBe(false)
    writeFileSync(`${file}-owner`, JSON.stringify({ ...owner, checkpointing: true }))
    const other = new DatabaseSync(file)
    other.exec('PRAGMA wal_checkpoint(PASSIVE)')
    other.close()
    const tool = openLeadStore(file, { tool: true })
    tool.insert({ ...lead, name: 'В WAL' }, 5_000)
    tool.close()

    const restarted = openLeadStore(file, { log })
    expect(restarted.count()).toBe(4)
    expect(log.entries).toEqual([])
    restarted.close()
    crashed.close()
    expect(readdirSync(path.dirname(file)).filter((name) => name.includes('set-aside'))).toEqual([])
  })
})
