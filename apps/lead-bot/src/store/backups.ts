// Backups the owner can restore (docs/decisions/0043-fence-a-replaced-database-file.md): a
// consistent copy taken while the service runs, rotated within the retention period, and a
// restore that merges a copy into the live file instead of replacing it.
import { copyFileSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { guardFiles, RESCUE_INFIX } from './connection.ts'
import { openLeadStore } from './lead-store.ts'
import type { MergeCounts } from './merge.ts'

const DAY_MS = 86_400_000
const BACKUP_NAME = /^leads-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.sqlite$/

export interface BackupResult {
  file: string
  /** Backups older than the retention period, deleted: no copy outlives it. */
  removed: string[]
}

/**
 * Writes `dir/leads-<UTC time>.sqlite` (mode 0600, in a folder of mode 0700), a consistent copy
 * of the database at `dbPath` read through SQLite (the running service goes on meanwhile), then
 * deletes this folder's backups older than `retentionDays`.
 */
export function backupTo(
  dbPath: string,
  dir: string,
  { retentionDays, now = Date.now() }: { retentionDays: number; now?: number },
): BackupResult {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const stamp = new Date(now)
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')
  const file = path.join(dir, `leads-${stamp}.sqlite`)
  const partial = `${file}.partial`
  const store = openLeadStore(dbPath, { readOnly: true })
  try {
    rmSync(partial, { force: true })
    store.backup(partial)
    renameSync(partial, file)
  } finally {
    store.close()
  }
  const cutoff = now - retentionDays * DAY_MS
  const removed = readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .map((name) => path.join(dir, name))
    .filter((name) => name !== file && statSync(name).mtimeMs < cutoff)
  for (const name of removed) rmSync(name, { force: true })
  return { file, removed }
}

/**
 * Merges the backup `file` into the live database at `dbPath`: the leads it lacks come back as
 * they were (a delivered one is not sent again), statuses are joined, and nothing deleted or
 * past retention returns. The backup itself is not touched: a copy is brought to this version's
 * schema first.
 */
export function restoreFrom(
  dbPath: string,
  file: string,
  { retentionDays, tempDir }: { retentionDays: number; tempDir: string },
): MergeCounts {
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
