// Backups the owner can restore (docs/decisions/0043-fence-a-replaced-database-file.md): a
// consistent copy taken while the service runs, rotated within the retention period, and a
// restore that merges a copy into the live file instead of replacing it. A copy is whole or
// absent: written under a temporary name, synced, then renamed (a full disk leaves nothing), or
// sent as bytes for another machine to keep (docs/decisions/0059-backups-leave-the-server.md).
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs'
import path from 'node:path'
import { guardFiles, RESCUE_INFIX } from './connection.ts'
import { openLeadStore } from './lead-store.ts'
import type { MergeCounts } from './merge.ts'

const DAY_MS = 86_400_000
/** A backup's time: UTC, with milliseconds since two may come in one second, maybe `-N`. */
const STAMP = String.raw`\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(\.\d{3})?Z(-\d+)?`

/**
 * `nightly`: `leads-<time>.sqlite`, the backup the timer makes, which the alert watches;
 * `pre-deploy`: `pre-deploy-<time>.sqlite`, the deploy's copy before new code may migrate the
 * database, of which only the newest PRE_DEPLOY_KEPT stay (docs/decisions/0085-a-rollback-stays.md).
 */
export type BackupKind = 'nightly' | 'pre-deploy'

const PREFIX: Record<BackupKind, string> = { nightly: 'leads', 'pre-deploy': 'pre-deploy' }

/** A backup's file name, by kind. */
export const BACKUP_NAMES: Record<BackupKind, RegExp> = {
  nightly: new RegExp(`^leads-${STAMP}\\.sqlite$`),
  'pre-deploy': new RegExp(`^pre-deploy-${STAMP}\\.sqlite$`),
}

/**
 * The deploy's copies kept: enough to step back over a few deploys, not a pile of names and
 * phones. The policies say three (apps/site/app/content/policies/policy-context.ts): change both.
 */
export const PRE_DEPLOY_KEPT = 3

export interface BackupResult {
  file: string
  /** Backups older than the retention period, deleted: no copy outlives it. */
  removed: string[]
}

/**
 * fsyncs a file's data, or a folder's (a new name in it is the folder's own data, durable only
 * then).
 */
function syncPath(target: string): void {
  const fd = openSync(target, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/**
 * Gives the finished `partial` the first free name of `names`, never replacing a file there (two
 * backups in one millisecond, two processes at once). Returns the name.
 */
function publish(partial: string, names: (attempt: number) => string): string {
  for (let attempt = 1; ; attempt += 1) {
    const file = names(attempt)
    try {
      linkSync(partial, file)
      rmSync(partial)
      return file
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EEXIST') continue
      // A filesystem without hard links (some network shares): the check and the rename.
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error
      if (existsSync(file)) continue
      renameSync(partial, file)
      return file
    }
  }
}

/**
 * Writes `dir/leads-<UTC time>.sqlite` (`pre-deploy-…` for the deploy's copy; mode 0600, in a
 * folder of mode 0700), a consistent copy of the database at `dbPath` read through SQLite (the
 * running service goes on meanwhile), then deletes this folder's backups of either kind older
 * than `retentionDays` (the policies' period for every copy, apps/site/app/content/policies/
 * policy-context.ts) and the deploy's copies past the newest PRE_DEPLOY_KEPT. The copy is written
 * under a temporary name, synced and renamed: a failure (a full disk) leaves no file behind.
 */
export function backupTo(
  dbPath: string,
  dir: string,
  {
    retentionDays,
    kind = 'nightly',
    now = Date.now(),
  }: { retentionDays: number; kind?: BackupKind; now?: number },
): BackupResult {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const stamp = new Date(now).toISOString().replaceAll(':', '-')
  const prefix = PREFIX[kind]
  const partial = path.join(dir, `.${prefix}-${stamp}-${process.pid}.partial`)
  const store = openLeadStore(dbPath, { readOnly: true })
  let file: string
  try {
    store.backup(partial)
    syncPath(partial)
    file = publish(partial, (attempt) =>
      path.join(
        dir,
        `${prefix}-${stamp.replace(/Z$/, attempt === 1 ? 'Z' : `Z-${attempt}`)}.sqlite`,
      ),
    )
    syncPath(dir)
  } catch (error) {
    rmSync(partial, { force: true })
    throw error
  } finally {
    store.close()
  }
  const cutoff = now - retentionDays * DAY_MS
  const names = readdirSync(dir)
  const expired = names
    .filter((name) => BACKUP_NAMES.nightly.test(name) || BACKUP_NAMES['pre-deploy'].test(name))
    .map((name) => path.join(dir, name))
    .filter((name) => name !== file && statSync(name).mtimeMs < cutoff)
  // Names sort by time: all but the newest few of the deploy's copies go.
  const surplus = names
    .filter((name) => BACKUP_NAMES['pre-deploy'].test(name))
    .sort()
    .slice(0, -PRE_DEPLOY_KEPT)
    .map((name) => path.join(dir, name))
    .filter((name) => name !== file && !expired.includes(name))
  const removed = [...expired, ...surplus]
  for (const name of removed) rmSync(name, { force: true })
  return { file, removed }
}

/**
 * A consistent copy of the database at `dbPath` as bytes, read through SQLite while the service
 * runs, for another machine to keep: nothing is written on this one.
 */
export function backupBytes(dbPath: string): Uint8Array {
  const store = openLeadStore(dbPath, { readOnly: true })
  try {
    return store.serialize()
  } finally {
    store.close()
  }
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1')

/** Throws, saying what it is instead, unless `file` starts as an SQLite database does. */
function assertDatabaseFile(file: string): void {
  const fd = openSync(file, 'r')
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length)
    const read = readSync(fd, head, 0, head.length, 0)
    if (read === 0) throw new Error('the file is empty, not a backup')
    if (read < head.length || !head.equals(SQLITE_HEADER)) {
      throw new Error('the file is not an SQLite database, not a backup')
    }
  } finally {
    closeSync(fd)
  }
}

/**
 * Merges the backup `file` into the live database at `dbPath`: the leads it lacks come back as
 * they were, with their numbers (a delivered one is not sent again; a live lead holding one of
 * those numbers moves, merge.ts), statuses are joined, and nothing deleted or past retention
 * returns. The backup itself is not touched: a copy is brought to this version's schema first.
 */
export function restoreFrom(
  dbPath: string,
  file: string,
  { retentionDays, tempDir }: { retentionDays: number; tempDir: string },
): MergeCounts {
  assertDatabaseFile(file)
  mkdirSync(tempDir, { recursive: true, mode: 0o700 })
  const copy = path.join(tempDir, `restore-${process.pid}-${Date.now()}.sqlite`)
  try {
    copyFileSync(file, copy)
    // A tool's connection: migrates the copy without guarding or checkpointing anything.
    openLeadStore(copy, { tool: true }).close()
    const live = openLeadStore(dbPath, { tool: true, retentionDays })
    try {
      return live.merge(copy)
    } finally {
      live.close()
    }
  } finally {
    for (const suffix of ['', '-wal', '-shm', '-owner']) rmSync(copy + suffix, { force: true })
  }
}

/**
 * Deletes every lead with `phone` from the rescue copies a replaced file left beside `dbPath`
 * that could not be merged yet: a deletion request reaches them too. Returns how many.
 */
export function deleteFromRescueCopies(dbPath: string, phone: string): number {
  let deleted = 0
  for (const rescue of guardFiles(dbPath, RESCUE_INFIX)) {
    try {
      const store = openLeadStore(rescue, { tool: true })
      try {
        deleted += store.deleteByPhone(phone).length
      } finally {
        store.close()
      }
    } catch {
      // Not a database any more (it could not be merged for that reason): nothing to search.
    }
  }
  return deleted
}
