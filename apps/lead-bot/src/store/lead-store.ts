// The lead database as the service and the CLI use it: one connection, guarded before every call
// (connection.ts), with the lead queue and the desk on top.
import { chmodSync, rmSync } from 'node:fs'
import { channelQueue } from './channel-queue.ts'
import { connect, freeBytesBeside, guardFiles, RESCUE_INFIX } from './connection.ts'
import type { StoreLog } from './connection.ts'
import { deskStore } from './desk-store.ts'
import { leadQueue } from './lead-queue.ts'
import { mergeFile } from './merge.ts'
import type { MergeCounts } from './merge.ts'
import { num, str } from './rows.ts'
import { seatStore } from './seat-store.ts'
import { trialStore } from './trial-store.ts'

export const DEFAULT_BUSY_TIMEOUT_MS = 250
const DAY_MS = 86_400_000
/** The owner checkpoints after this many calls or this long, whichever comes first. */
const CHECKPOINT_EVERY_CALLS = 200
const CHECKPOINT_EVERY_MS = 30_000

export interface StoreOptions {
  /**
   * How long a statement waits for a lock held by another connection (ms). The wait blocks the
   * event loop, so it is short: a locked database answers 503 at once rather than freezing.
   */
  busyTimeoutMs?: number
  /** Listing and export only: no migration, no write, works for a user who can only read. */
  readOnly?: boolean
  /**
   * A tool beside the running service (the CLI): no checkpoints and no guard, so the service's
   * guard sees the main file untouched (connection.ts).
   */
  tool?: boolean
  /** Delivered leads older than this are not brought back by a merge (LEADS_RETENTION_DAYS). */
  retentionDays?: number
  log?: StoreLog
  /** The service's: called once when the file was replaced and the store stopped (exit then). */
  onFenced?: (rescue: string | undefined) => void
}

function composeStore(file: string, options: StoreOptions) {
  const readOnly = options.readOnly ?? false
  const conn = connect(
    file,
    {
      busyTimeoutMs: options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS,
      readOnly,
      owner: !(options.tool ?? false),
      ...(options.log ? { log: options.log } : {}),
    },
    options.onFenced ? { onFenced: options.onFenced } : {},
  )
  // Without a retention period nothing counts as expired (the epoch precedes every lead).
  const expiredBefore = () =>
    options.retentionDays === undefined ? 0 : Date.now() - options.retentionDays * DAY_MS

  const operations = {
    ...leadQueue(conn),
    ...channelQueue(conn),
    ...deskStore(conn),
    ...trialStore(conn),
    ...seatStore(conn),
    /** Merges another copy of the database (a rescue copy, a backup) into this one (merge.ts). */
    merge: (source: string): MergeCounts =>
      mergeFile(conn, source, { expiredBefore: expiredBefore() }),
    /** A consistent copy of the whole database in a new file, readable by its owner only. */
    backup(target: string): void {
      conn.db.prepare('VACUUM INTO ?').run(target)
      chmodSync(target, 0o600)
    },
    /** A consistent copy of the whole database as bytes (another machine's backup). */
    serialize: (): Uint8Array => conn.db.serialize(),
  }

  let calls = 0
  let checkpointedAt = Date.now()
  function guarded<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
    return (...args) => {
      conn.guard()
      const result = fn(...args)
      calls += 1
      if (calls >= CHECKPOINT_EVERY_CALLS || Date.now() - checkpointedAt >= CHECKPOINT_EVERY_MS) {
        calls = 0
        checkpointedAt = Date.now()
        conn.checkpoint()
      }
      return result
    }
  }

  const store = Object.fromEntries(
    Object.entries(operations).map(([name, fn]) => [name, guarded(fn as () => unknown)]),
  ) as unknown as typeof operations

  return {
    ...store,
    path: file,
    /** Whether the file was found replaced: the store takes no call any more. */
    get fenced() {
      return conn.fenced
    },
    /** Bytes still free in the database's folder (what a full disk has run out of). */
    freeBytes: () => freeBytesBeside(file),
    /** The durability settings in force on this connection, for logs and tests. */
    settings() {
      const journalMode = str(conn.db.prepare('PRAGMA journal_mode').get()?.journal_mode)
      const level = num(conn.db.prepare('PRAGMA synchronous').get()?.synchronous)
      return {
        journalMode,
        synchronous: ['off', 'normal', 'full', 'extra'][level] ?? String(level),
        busyTimeoutMs: conn.busyTimeoutMs,
      }
    },
    close: () => conn.close(),
  }
}

export type LeadStore = ReturnType<typeof composeStore>

/**
 * Opens the lead database at `file`. The service's store (not `tool`, not `readOnly`) first
 * merges any rescue copy a replaced file left beside it, then deletes that copy.
 */
export function openLeadStore(file: string, options: StoreOptions = {}): LeadStore {
  const store = composeStore(file, options)
  if (options.readOnly || options.tool) return store
  for (const rescue of guardFiles(file, RESCUE_INFIX)) {
    try {
      const counts = store.merge(rescue)
      rmSync(rescue, { force: true })
      options.log?.warn({ db: file, rescue, ...counts }, 'rescue copy merged and deleted')
    } catch (error) {
      options.log?.error({ db: file, rescue, err: error }, 'rescue copy could not be merged; kept')
    }
  }
  return store
}
