// One connection to the lead database and the guard that keeps it honest about its file
// (docs/behaviour.md, "Storage rules"; docs/decisions/0043-fence-a-replaced-database-file.md).
//
// The rule: the service is the only program that writes the main database file, and only by its
// own checkpoints (`wal_autocheckpoint` is off). After opening and after each checkpoint, whether
// it succeeded or not (one cut short by a full disk has still written part of the file), it
// records the file's device, inode, size and modification time; before each database call it
// compares them. Any difference means the file was deleted, replaced or written by someone else.
// The service then never writes to it again: it copies what its connection holds to a rescue
// file, stops taking leads and exits, and its next start merges the rescue file in
// (docs/decisions/0058-a-full-disk-costs-no-lead.md for the full disk).
import {
  closeSync,
  existsSync,
  fdatasyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statfsSync,
  statSync,
  writeSync,
} from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { StatementSync } from 'node:sqlite'
import { pathToFileURL } from 'node:url'
import { phoneKey } from './rows.ts'
import { migrate } from './schema.ts'

export interface StoreLog {
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export interface ConnectOptions {
  busyTimeoutMs: number
  /** Listing and export only: no migration, no write, works for a user who can only read. */
  readOnly: boolean
  /**
   * The service's own connection: it checkpoints and guards the file. A tool's connection (the
   * CLI beside a running service) neither checkpoints nor guards, so the service's guard sees
   * the main file untouched; its writes reach the file at the service's next checkpoint.
   */
  owner: boolean
  log?: StoreLog
}

/** What identifies the main file's content between two of the service's own checkpoints. */
interface FileIdentity {
  dev: number
  ino: number
  size: number
  mtimeMs: number
}

function identityOf(file: string): FileIdentity | undefined {
  const stat = statSync(file, { throwIfNoEntry: false })
  return stat && { dev: stat.dev, ino: stat.ino, size: stat.size, mtimeMs: stat.mtimeMs }
}

function sameIdentity(a: FileIdentity | undefined, b: FileIdentity | undefined): boolean {
  return (
    a !== undefined &&
    b !== undefined &&
    a.dev === b.dev &&
    a.ino === b.ino &&
    a.size === b.size &&
    a.mtimeMs === b.mtimeMs
  )
}

/**
 * Beside the database: the identity of the main file the WAL beside it belongs to, and whether one
 * of the service's checkpoints was writing that file (a checkpoint cut short by a crash or a full
 * disk leaves the file changed; the WAL still holds every commit and SQLite replays it).
 */
interface OwnerRecord extends FileIdentity {
  checkpointing?: boolean
}

const ownerFile = (file: string) => `${file}-owner`
/**
 * The owner record is always this long and written in place: once the file exists it is rewritten
 * without needing a new block, so a full disk cannot leave it stale or empty.
 */
const OWNER_BYTES = 512

function readOwner(file: string): OwnerRecord | undefined {
  try {
    return JSON.parse(readFileSync(ownerFile(file), 'utf8')) as OwnerRecord
  } catch {
    return undefined
  }
}

/** Writes the owner record in place and syncs it: it must be on disk before the main file moves. */
function writeOwner(file: string, record: OwnerRecord): void {
  const fd = openSync(ownerFile(file), existsSync(ownerFile(file)) ? 'r+' : 'w', 0o600)
  try {
    const text = Buffer.from(JSON.stringify(record).padEnd(OWNER_BYTES, ' '))
    writeSync(fd, text, 0, text.length, 0)
    fdatasyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/**
 * Closes a connection. SQLite checkpoints when the last connection to a file closes, so with a
 * `keepsRecord` connection that is recorded first, as every checkpoint is; one whose record cannot
 * be written is left open: the process ends without that checkpoint and the WAL keeps every commit.
 */
function closeRecorded(
  db: DatabaseSync,
  file: string,
  keepsRecord: boolean,
  log: StoreLog | undefined,
): void {
  if (!keepsRecord) {
    db.close()
    return
  }
  const before = identityOf(file)
  try {
    if (before) writeOwner(file, { ...before, checkpointing: true })
  } catch (error) {
    log?.warn({ db: file, err: error }, 'closed without a checkpoint: no owner record')
    return
  }
  db.close()
  const after = identityOf(file)
  const walLeft = (statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0) > 0
  try {
    if (after) writeOwner(file, { ...after, checkpointing: walLeft })
  } catch (error) {
    log?.warn({ db: file, err: error }, 'the owner record after closing cannot be written')
  }
}

/** Whether the error is the disk (or the folder's filesystem) having no space left. */
export function isDiskFull(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { errcode, code, cause } = error as { errcode?: unknown; code?: unknown; cause?: unknown }
  // SQLITE_FULL, also as an extended result code.
  if (typeof errcode === 'number' && (errcode & 0xff) === 13) return true
  return code === 'ENOSPC' || isDiskFull(cause)
}

/** Bytes an unprivileged process may still write in the folder holding `file`. */
export function freeBytesBeside(file: string): number {
  const stat = statfsSync(path.dirname(file))
  return stat.bavail * stat.bsize
}

/** Rescue copies of a connection whose file was replaced, merged in at the next start. */
export const RESCUE_INFIX = '.rescue-'
/** A WAL left beside a main file it does not belong to, set aside unread. */
export const SET_ASIDE_INFIX = '-wal.set-aside-'

/** Files beside `file` made by the guard (rescue copies, set-aside WALs), oldest first. */
export function guardFiles(file: string, infix: string): string[] {
  const dir = path.dirname(file)
  const prefix = path.basename(file) + infix
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((name) => name.startsWith(prefix) && !/-(wal|shm|journal)$/.test(name))
    .sort()
    .map((name) => path.join(dir, name))
}

/**
 * Deletes the rescue copies that could not be merged and the set-aside WALs modified before
 * `cutoff` (epoch ms): they may hold leads, so they fall under the retention period too.
 */
export function removeGuardFilesBefore(file: string, cutoff: number): string[] {
  const old = [...guardFiles(file, RESCUE_INFIX), ...guardFiles(file, SET_ASIDE_INFIX)].filter(
    (name) => (statSync(name, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < cutoff,
  )
  for (const name of old) rmSync(name, { force: true })
  return old
}

/**
 * Before SQLite opens the file: a WAL beside it that was written for another main file (the file
 * was deleted, moved or copied over while the service was down after a crash) would be replayed
 * into this one and corrupt it. Such a WAL is moved aside, never applied. A WAL with no recorded
 * owner (a file from before this rule) is trusted, as SQLite would, and so is one whose owner
 * record says the service's own checkpoint was writing this file (same device and inode).
 */
function setAsideForeignWal(file: string, log: StoreLog | undefined): void {
  const wal = `${file}-wal`
  if ((statSync(wal, { throwIfNoEntry: false })?.size ?? 0) === 0) return
  const owner = readOwner(file)
  const main = identityOf(file)
  if (main !== undefined && (owner === undefined || sameIdentity(owner, main))) return
  // The service's own checkpoint of this very file was cut short: the WAL is its own.
  if (main && owner?.checkpointing && owner.dev === main.dev && owner.ino === main.ino) return
  const aside = `${file}${SET_ASIDE_INFIX}${Date.now()}`
  renameSync(wal, aside)
  rmSync(`${file}-shm`, { force: true })
  log?.error(
    { db: file, setAside: aside },
    'the WAL beside the database belongs to another file (deleted, moved or copied over): ' +
      'set aside unread, not applied',
  )
}

/**
 * A reader of a WAL database needs to create the `-shm` file, which a user who may only read the
 * folder cannot. With no `-wal` file no writer has it open and the main file is the whole
 * database, so it is opened as immutable (no locks, no `-shm`).
 */
function openReadOnly(file: string): DatabaseSync {
  const db = new DatabaseSync(file, { readOnly: true })
  try {
    db.prepare('PRAGMA user_version').get()
    return db
  } catch (error) {
    db.close()
    if (existsSync(`${file}-wal`)) throw error
    const url = pathToFileURL(file)
    url.searchParams.set('immutable', '1')
    return new DatabaseSync(url, { readOnly: true })
  }
}

/** The connection's file changed under it; every call fails until the service restarts. */
export class StoreFencedError extends Error {
  constructor() {
    super('the database file was deleted, replaced or changed by another program')
    this.name = 'StoreFencedError'
  }
}

export interface Connection {
  readonly db: DatabaseSync
  /** A statement, prepared on first use (a read-only connection never prepares a write). */
  sql(text: string): StatementSync
  readonly busyTimeoutMs: number
  /** Throws StoreFencedError once the file is not the one opened (and fences it the first time). */
  guard(): void
  /**
   * The owner's: writes the WAL into the main file and records the file's new identity. Never
   * throws: one that fails (a full disk) is logged, and the WAL keeps every commit.
   */
  checkpoint(): void
  /** Whether the guard has fenced this connection. */
  readonly fenced: boolean
  /**
   * Closes; a fenced connection is left open (a close would checkpoint into the new file), and so
   * is one whose checkpoint on close could not be recorded first.
   */
  close(): void
}

export interface GuardHooks {
  /** Called once, when the file is found replaced, after the rescue copy was attempted. */
  onFenced?: (rescue: string | undefined) => void
}

export function connect(file: string, options: ConnectOptions, hooks: GuardHooks = {}): Connection {
  const { readOnly, log } = options
  const owner = options.owner && !readOnly
  if (!readOnly) {
    mkdirSync(path.dirname(file), { recursive: true })
    setAsideForeignWal(file, log)
  }
  const db = readOnly ? openReadOnly(file) : new DatabaseSync(file)
  // A tool's connection keeps a record only where the service keeps one (not in its copies).
  const keepsRecord = !readOnly && (owner || existsSync(ownerFile(file)))
  const busyTimeoutMs = Math.trunc(options.busyTimeoutMs)
  try {
    db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`)
    if (!readOnly) {
      db.exec('PRAGMA journal_mode = WAL')
      // FULL: the WAL is fsynced at every commit, so an acknowledged lead survives power loss.
      db.exec('PRAGMA synchronous = FULL')
      // A deleted lead (retention, a person's request) is overwritten, not left in free pages.
      db.exec('PRAGMA secure_delete = ON')
      // Only the service's own checkpoints write the main file (the guard's rule above).
      db.exec('PRAGMA wal_autocheckpoint = 0')
      migrate(db)
    }
  } catch (error) {
    // Not opened (a full disk, a newer schema): nothing of it stays open for a retry to pile on.
    closeRecorded(db, file, keepsRecord, log)
    throw error
  }
  db.function('phone_key', (value) => (typeof value === 'string' ? phoneKey(value) : null))
  const cache = new Map<string, StatementSync>()
  const sql = (text: string) => {
    let statement = cache.get(text)
    if (!statement) {
      statement = db.prepare(text)
      cache.set(text, statement)
    }
    return statement
  }

  let known: FileIdentity | undefined
  let walIno: number | undefined
  let fenced = false

  /** Takes the main file's and the WAL's identity as they are now (the guard compares with it). */
  function observe(): void {
    known = identityOf(file)
    walIno = statSync(`${file}-wal`, { throwIfNoEntry: false })?.ino
  }

  function record(checkpointing: boolean): void {
    observe()
    if (known) writeOwner(file, { ...known, checkpointing })
  }

  /**
   * Records that a checkpoint is about to write the main file, runs it, and records the file as
   * it is after it whatever happened: a failed checkpoint is still the service's own write, and
   * the WAL still holds every commit. Never throws: a checkpoint that fails is tried again later.
   */
  function checkpoint(): void {
    try {
      // Not recorded, not done: the main file stays as the owner record describes it.
      if (known) writeOwner(file, { ...known, checkpointing: true })
    } catch (error) {
      log?.warn({ db: file, err: error }, 'checkpoint put off: the owner record cannot be written')
      return
    }
    let done = true
    try {
      db.exec('PRAGMA wal_checkpoint(PASSIVE)')
    } catch (error) {
      done = false
      log?.warn({ db: file, err: error }, 'checkpoint failed; the WAL keeps every commit')
    }
    try {
      record(!done)
    } catch (error) {
      // `known` is already the file's new identity, so the guard does not fence; the owner record
      // still says a checkpoint was writing this file, so the next start trusts the WAL.
      log?.warn({ db: file, err: error }, 'the owner record after a checkpoint cannot be written')
    }
  }

  /** Everything the connection still sees (even of an unlinked file), in a file of its own. */
  function rescueCopy(): string | undefined {
    const rescue = `${file}${RESCUE_INFIX}${Date.now()}-${process.pid}`
    try {
      db.prepare('VACUUM INTO ?').run(rescue)
      return rescue
    } catch (error) {
      rmSync(rescue, { force: true })
      log?.error({ db: file, err: error }, 'the rescue copy failed: the WAL is left for recovery')
      return undefined
    }
  }

  function fence(): void {
    fenced = true
    const rescue = rescueCopy()
    // The rescue copy holds everything this connection saw: its WAL and shared memory go, so the
    // next start can never replay them into whatever file is at the path now.
    if (rescue && walIno !== undefined) {
      if (statSync(`${file}-wal`, { throwIfNoEntry: false })?.ino === walIno) {
        rmSync(`${file}-wal`, { force: true })
        rmSync(`${file}-shm`, { force: true })
      }
    }
    log?.error(
      { db: file, rescue },
      'database file was deleted, replaced or changed by another program: no longer taking ' +
        'leads; the service exits and its next start merges the rescue copy',
    )
    hooks.onFenced?.(rescue)
  }

  if (owner) {
    observe()
    checkpoint()
  }

  return {
    db,
    sql,
    busyTimeoutMs,
    guard() {
      if (!owner) return
      if (!fenced && !sameIdentity(identityOf(file), known)) fence()
      if (fenced) throw new StoreFencedError()
    },
    checkpoint() {
      if (owner && !fenced) checkpoint()
    },
    get fenced() {
      return fenced
    },
    close() {
      if (!fenced) closeRecorded(db, file, keepsRecord, log)
    },
  }
}
