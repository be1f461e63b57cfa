import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { SQLOutputValue, StatementSync } from 'node:sqlite'
import { pathToFileURL } from 'node:url'
import { maskPhoneDigits } from '@it-lab/shared'

/** `failed`: Telegram refused it for good (4xx); kept for `npm run leads -- --resend-failed`. */
export type LeadStatus = 'pending' | 'sent' | 'failed'

/** The owner's status of a lead, set with a button in the chat (docs/behaviour.md, "Lead desk"). */
export const DESK_STATUSES = ['called', 'enrolled', 'no_answer', 'refused'] as const
export type DeskStatus = (typeof DESK_STATUSES)[number]

export interface NewLead {
  name: string
  phone: string
  form: string
  consentVersion: string
  /** The course whose page the form was on, the quiz's suggestion, the page path. */
  course?: number | null
  quiz?: number | null
  page?: string | null
  /** What the service did not know of the lead's metadata, one note a line (shown in the chat). */
  metaWarning?: string | null
}

/** One status press: what was set, when (ISO 8601 UTC) and by whom (the presser's name). */
export interface StatusChange {
  status: DeskStatus
  at: string
  by: string
}

export interface LeadRow extends NewLead {
  id: number
  course: number | null
  quiz: number | null
  page: string | null
  metaWarning: string | null
  /** ISO 8601 UTC. */
  receivedAt: string
  status: LeadStatus
  /** Sends started, counted before each one goes out. */
  attempts: number
  /** Epoch milliseconds; the outbox sends a pending lead once this has passed. */
  nextAttemptAt: number
  /** Why the last attempt failed; null after a success or while an attempt's outcome is unknown. */
  lastError: string | null
  sentAt: string | null
  telegramMessageId: number | null
  /** The latest status press, if any. */
  desk: StatusChange | null
  /** The status press (history id) the latest status came from, and the one the message shows. */
  deskStatusId: number | null
  deskShownId: number | null
  remindedAt: string | null
}

/** A lead of a digest's week: its form, course, latest status and first status time (ISO). */
export interface DigestRow {
  receivedAt: string
  form: string
  course: number | null
  status: DeskStatus | null
  firstStatusAt: string | null
}

/** A button press read from Telegram, to be applied with the offset that confirms it. */
export interface StatusPress {
  leadId: number
  status: DeskStatus
  by: string
  now: number
}

/** A lead and the time it was received (epoch ms). */
export interface LeadToInsert {
  lead: NewLead
  now: number
}

export interface DeliveryStats {
  pending: number
  failed: number
  /** Epoch ms of the oldest pending lead, if any. */
  oldestPendingAt: number | undefined
}

/** The batch's BEGIN IMMEDIATE failed (write lock not obtained, I/O): no row was tried. */
export class TransactionNotStartedError extends Error {
  constructor(cause: unknown) {
    super('the write transaction could not be started', { cause })
    this.name = 'TransactionNotStartedError'
  }
}

export interface LeadStore {
  readonly path: string
  /** Commits the lead (autocommit, WAL, synchronous=FULL: durable when this returns). */
  insert(lead: NewLead, now: number): LeadRow
  /**
   * Commits all the leads in one transaction (one fsync), or none: on any error it is rolled
   * back and the error rethrown. Rows come back in the order given; durable when this returns.
   */
  insertMany(leads: readonly LeadToInsert[]): LeadRow[]
  /** The oldest pending lead, due or not: delivery is strictly in order of arrival. */
  head(): LeadRow | undefined
  /** Counts an attempt before it is made, and forgets the last error (outcome unknown). */
  recordAttempt(id: number): void
  markSent(id: number, telegramMessageId: number | null, now: number): void
  /** A transient failure: stays pending, due again at `nextAttemptAt`. */
  markRetry(id: number, error: string, nextAttemptAt: number): void
  /** A permanent failure: dead-lettered until `resendFailed`. */
  markFailed(id: number, error: string): void
  /** Puts every failed lead back in the queue, due now. Returns how many. */
  resendFailed(now: number): number
  /**
   * Stores the next getUpdates offset and, in the same transaction, the press it confirms (a
   * restart neither loses nor repeats a press). Returns the lead, or undefined if it is gone.
   */
  applyUpdate(offset: number, press?: StatusPress): LeadRow | undefined
  /** The getUpdates offset to ask for next (0 before the first update). */
  updatesOffset(): number
  /** Every status set on the lead, oldest first. */
  statusHistory(leadId: number): StatusChange[]
  /** A delivered lead whose message does not show its latest status yet. */
  nextEdit(): LeadRow | undefined
  /** The message now shows the status of press `statusId` (a history id). */
  markShown(id: number, statusId: number): void
  /** The oldest delivered lead with no status, delivered before `cutoff` and not reminded. */
  dueReminder(cutoff: number): LeadRow | undefined
  markReminded(id: number, now: number): void
  /** A value the bot keeps between runs (the last digest's week). */
  getState(key: string): string | undefined
  setState(key: string, value: string): void
  /** Leads received in [from, to) (epoch ms), for the weekly digest. */
  digestRows(from: number, to: number): DigestRow[]
  /** Makes every pending lead due now, so a restart retries at once. Returns how many. */
  makePendingDue(now: number): number
  stats(): DeliveryStats
  countPending(): number
  count(): number
  list(options: { limit: number }): LeadRow[]
  /** Deletes every lead received before `cutoff` (epoch ms), whatever its status. */
  deleteReceivedBefore(cutoff: number): number
  /** Deletes every lead whose phone has the same digits as `phone`. */
  deleteByPhone(phone: string): number
  /** Throws unless a write can be committed right now. */
  checkWritable(now: number): void
  /** The durability settings in force on this connection, for logs and tests. */
  settings(): { journalMode: string; synchronous: string; busyTimeoutMs: number }
  close(): void
}

export interface StoreLog {
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export interface StoreOptions {
  /**
   * How long a statement waits for a lock held by another connection (ms). The wait blocks the
   * event loop, so it is short: a locked database answers 503 at once rather than freezing.
   */
  busyTimeoutMs?: number
  /** Listing and export only: no migration, no write, works for a user who can only read. */
  readOnly?: boolean
  log?: StoreLog
}

export const DEFAULT_BUSY_TIMEOUT_MS = 250

// Each entry moves the schema one version up; PRAGMA user_version records how far we are.
const MIGRATIONS = [
  `CREATE TABLE leads (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     received_at TEXT NOT NULL,
     name TEXT NOT NULL,
     phone TEXT NOT NULL,
     form TEXT NOT NULL,
     client_ip TEXT,
     user_agent TEXT,
     consent_version TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     last_error TEXT,
     sent_at TEXT,
     telegram_message_id INTEGER
   ) STRICT;
   CREATE INDEX leads_pending ON leads (next_attempt_at, id) WHERE status = 'pending';
   CREATE TABLE health (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at TEXT NOT NULL) STRICT;`,
  // v2: no IP address or User-Agent any more (rate limiting keeps the IP in memory only), and a
  // `failed` status for dead letters. SQLite cannot change a CHECK in place: the table is rebuilt,
  // keeping every lead, its id and the id sequence (so a deleted lead's number is never reused).
  `CREATE TABLE leads_v2 (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     received_at TEXT NOT NULL,
     name TEXT NOT NULL,
     phone TEXT NOT NULL,
     form TEXT NOT NULL,
     consent_version TEXT NOT NULL,
     status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     last_error TEXT,
     sent_at TEXT,
     telegram_message_id INTEGER
   ) STRICT;
   INSERT INTO leads_v2 (id, received_at, name, phone, form, consent_version, status, attempts,
       next_attempt_at, last_error, sent_at, telegram_message_id)
     SELECT id, received_at, name, phone, form, consent_version, status, attempts,
       next_attempt_at, last_error, sent_at, telegram_message_id FROM leads;
   DELETE FROM sqlite_sequence WHERE name = 'leads_v2';
   INSERT INTO sqlite_sequence (name, seq)
     SELECT 'leads_v2', seq FROM sqlite_sequence WHERE name = 'leads';
   DROP TABLE leads;
   ALTER TABLE leads_v2 RENAME TO leads;
   CREATE INDEX leads_pending ON leads (id) WHERE status = 'pending';
   CREATE INDEX leads_received ON leads (received_at);`,
  // v3: the lead desk. Context sent with the lead, the latest status on the row (history in its
  // own table, deleted with the lead), and bot state such as the getUpdates offset. Leads
  // delivered before count as reminded, so an upgrade does not remind the chat of old leads.
  `ALTER TABLE leads ADD COLUMN course INTEGER;
   ALTER TABLE leads ADD COLUMN quiz INTEGER;
   ALTER TABLE leads ADD COLUMN page TEXT;
   ALTER TABLE leads ADD COLUMN desk_status TEXT;
   ALTER TABLE leads ADD COLUMN desk_status_at TEXT;
   ALTER TABLE leads ADD COLUMN desk_status_by TEXT;
   ALTER TABLE leads ADD COLUMN desk_status_id INTEGER;
   ALTER TABLE leads ADD COLUMN desk_shown_id INTEGER;
   ALTER TABLE leads ADD COLUMN reminded_at TEXT;
   UPDATE leads SET reminded_at = sent_at WHERE status = 'sent';
   CREATE TABLE lead_status_history (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     lead_id INTEGER NOT NULL,
     status TEXT NOT NULL,
     at TEXT NOT NULL,
     by TEXT NOT NULL
   ) STRICT;
   CREATE INDEX lead_status_history_lead ON lead_status_history (lead_id, id);
   CREATE TRIGGER lead_deleted AFTER DELETE ON leads BEGIN
     DELETE FROM lead_status_history WHERE lead_id = old.id;
   END;
   CREATE TABLE bot_state (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;`,
  // v4: a lead is never refused for metadata this service does not know (a newer site); the
  // note of what it did not know goes to the chat with the lead.
  `ALTER TABLE leads ADD COLUMN meta_warning TEXT;`,
]

export const SCHEMA_VERSION = MIGRATIONS.length

const COLUMNS = `received_at, name, phone, form, consent_version, status, attempts, next_attempt_at,
  last_error, sent_at, telegram_message_id, course, quiz, page, desk_status, desk_status_at,
  desk_status_by, desk_status_id, desk_shown_id, reminded_at, meta_warning`

function str(value: SQLOutputValue | undefined): string {
  if (typeof value !== 'string') throw new TypeError(`expected text, got ${typeof value}`)
  return value
}

function strOrNull(value: SQLOutputValue | undefined): string | null {
  return value === null || value === undefined ? null : str(value)
}

function num(value: SQLOutputValue | undefined): number {
  if (typeof value !== 'number' && typeof value !== 'bigint') {
    throw new TypeError(`expected a number, got ${typeof value}`)
  }
  return Number(value)
}

function deliveryStatus(value: SQLOutputValue | undefined): LeadStatus {
  const text = str(value)
  return text === 'sent' || text === 'failed' ? text : 'pending'
}

function numOrNull(value: SQLOutputValue | undefined): number | null {
  return value === null || value === undefined ? null : num(value)
}

function deskStatus(value: SQLOutputValue | undefined): DeskStatus | null {
  const text = strOrNull(value)
  return DESK_STATUSES.find((known) => known === text) ?? null
}

function toLead(row: Record<string, SQLOutputValue>): LeadRow {
  const status = deskStatus(row.desk_status)
  return {
    id: num(row.id),
    receivedAt: str(row.received_at),
    name: str(row.name),
    phone: str(row.phone),
    form: str(row.form),
    consentVersion: str(row.consent_version),
    status: deliveryStatus(row.status),
    attempts: num(row.attempts),
    nextAttemptAt: num(row.next_attempt_at),
    lastError: strOrNull(row.last_error),
    sentAt: strOrNull(row.sent_at),
    telegramMessageId: numOrNull(row.telegram_message_id),
    course: numOrNull(row.course),
    quiz: numOrNull(row.quiz),
    page: strOrNull(row.page),
    metaWarning: strOrNull(row.meta_warning),
    desk:
      status === null ? null : { status, at: str(row.desk_status_at), by: str(row.desk_status_by) },
    deskStatusId: numOrNull(row.desk_status_id),
    deskShownId: numOrNull(row.desk_shown_id),
    remindedAt: strOrNull(row.reminded_at),
  }
}

function migrate(db: DatabaseSync): void {
  // The version is read inside the write transaction, so two processes cannot both migrate.
  db.exec('BEGIN IMMEDIATE')
  try {
    const version = num(db.prepare('PRAGMA user_version').get()?.user_version)
    for (let next = version; next < MIGRATIONS.length; next += 1) {
      db.exec(MIGRATIONS[next] ?? '')
    }
    if (version < MIGRATIONS.length) db.exec(`PRAGMA user_version = ${MIGRATIONS.length}`)
    db.exec('COMMIT')
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK')
    throw error
  }
}

/** Phone digits as the mask shows them, so `+7(912)…` and `+7 (912) …` are one phone. */
function phoneKey(phone: string): string {
  return maskPhoneDigits(phone).replace(/\D/g, '')
}

const iso = (ms: number) => new Date(ms).toISOString()

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

/** One open connection and its statements; replaced whole when the file is. */
function connect(file: string, options: StoreOptions) {
  const readOnly = options.readOnly ?? false
  if (!readOnly) mkdirSync(path.dirname(file), { recursive: true })
  const db = readOnly ? openReadOnly(file) : new DatabaseSync(file)
  const busyTimeoutMs = Math.trunc(options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS)
  db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`)
  if (!readOnly) {
    db.exec('PRAGMA journal_mode = WAL')
    // FULL: the WAL is fsynced at every commit, so an acknowledged lead survives power loss too.
    db.exec('PRAGMA synchronous = FULL')
    // A deleted lead (retention, a person's request) is overwritten, not left in free pages.
    db.exec('PRAGMA secure_delete = ON')
    migrate(db)
  }
  db.function('phone_key', (value) => (typeof value === 'string' ? phoneKey(value) : null))
  // Statements are prepared on first use: a read-only connection never prepares a write.
  const cache = new Map<string, StatementSync>()
  const sql = (text: string) => {
    let statement = cache.get(text)
    if (!statement) {
      statement = db.prepare(text)
      cache.set(text, statement)
    }
    return statement
  }
  const { dev, ino } = statSync(file)
  return { db, sql, dev, ino, busyTimeoutMs }
}

type Connection = ReturnType<typeof connect>

/**
 * Copies into `target` every lead of the file `source` that `target` lacks (same time, name and
 * phone), keeping its id where that id is free. Used after the file was deleted or replaced.
 */
function mergeFrom(target: Connection, source: string): number {
  const { db } = target
  db.prepare('ATTACH DATABASE ? AS rescued').run(source)
  try {
    db.exec('BEGIN IMMEDIATE')
    let merged = 0
    try {
      const rows = db.prepare('SELECT id, received_at, name, phone FROM rescued.leads ORDER BY id')
      const exists = db.prepare(
        'SELECT 1 FROM main.leads WHERE received_at = ? AND name = ? AND phone = ?',
      )
      const idTaken = db.prepare('SELECT 1 FROM main.leads WHERE id = ?')
      const copy = db.prepare(
        `INSERT INTO main.leads (id, ${COLUMNS}) SELECT ?, ${COLUMNS} FROM rescued.leads WHERE id = ?`,
      )
      for (const row of rows.iterate()) {
        const id = num(row.id)
        if (exists.get(str(row.received_at), str(row.name), str(row.phone))) continue
        copy.run(idTaken.get(id) ? null : id, id)
        merged += 1
      }
      db.exec('COMMIT')
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK')
      throw error
    }
    return merged
  } finally {
    db.exec('DETACH DATABASE rescued')
  }
}

export function openLeadStore(file: string, options: StoreOptions = {}): LeadStore {
  let conn = connect(file, options)
  const log = options.log

  /** True while the file at `file` is still the one this connection has open. */
  function sameFile(): boolean {
    const now = statSync(file, { throwIfNoEntry: false })
    return now !== undefined && now.dev === conn.dev && now.ino === conn.ino
  }

  /** Writes everything this connection still sees (even an unlinked file) to a new file. */
  function rescueCopy(): string {
    const rescue = `${file}.rescue-${Date.now()}-${process.pid}`
    conn.db.prepare('VACUUM INTO ?').run(rescue)
    return rescue
  }

  /**
   * The file was deleted or replaced under us (an `rm`, a restore): writes would go to a file
   * nobody will open again. Reopen the path and carry over every lead it lacks, so nothing
   * acknowledged is lost; if that fails, throw (503) and try again on the next call.
   */
  function ensureSameFile(): void {
    if (options.readOnly || sameFile()) return
    const next = connect(file, options)
    let rescue: string | undefined
    let merged: number
    try {
      rescue = rescueCopy()
      merged = mergeFrom(next, rescue)
    } catch (error) {
      // The old handle still holds every lead; close() saves a copy if it comes to that.
      next.db.close()
      if (rescue) rmSync(rescue, { force: true })
      throw error
    }
    conn.db.close()
    conn = next
    rmSync(rescue, { force: true })
    log?.error({ db: file, merged }, 'database file was deleted or replaced: reopened and merged')
  }

  function guarded<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
    return (...args) => {
      ensureSameFile()
      return fn(...args)
    }
  }

  function insertLead(lead: NewLead, now: number): LeadRow {
    const row = conn
      .sql(
        `INSERT INTO leads (received_at, name, phone, form, consent_version, next_attempt_at,
           course, quiz, page, meta_warning)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
      )
      .get(
        iso(now),
        lead.name,
        lead.phone,
        lead.form,
        lead.consentVersion,
        now,
        lead.course ?? null,
        lead.quiz ?? null,
        lead.page ?? null,
        lead.metaWarning ?? null,
      )
    if (!row) throw new Error('INSERT returned no row')
    return toLead(row)
  }

  return {
    path: file,
    insert: guarded(insertLead),
    insertMany: guarded((leads) => {
      const { db } = conn
      try {
        db.exec('BEGIN IMMEDIATE')
      } catch (error) {
        throw new TransactionNotStartedError(error)
      }
      try {
        const rows = leads.map(({ lead, now }) => insertLead(lead, now))
        db.exec('COMMIT')
        return rows
      } catch (error) {
        // Some errors (I/O, disk full) already rolled the transaction back; ROLLBACK would throw.
        if (db.isTransaction) db.exec('ROLLBACK')
        throw error
      }
    }),
    head: guarded(() => {
      const row = conn.sql(`SELECT * FROM leads WHERE status = 'pending' ORDER BY id LIMIT 1`).get()
      return row ? toLead(row) : undefined
    }),
    recordAttempt: guarded((id) => {
      conn.sql('UPDATE leads SET attempts = attempts + 1, last_error = NULL WHERE id = ?').run(id)
    }),
    markSent: guarded((id, telegramMessageId, now) => {
      conn
        .sql(
          `UPDATE leads SET status = 'sent', sent_at = ?, telegram_message_id = ?, last_error = NULL
           WHERE id = ?`,
        )
        .run(iso(now), telegramMessageId, id)
    }),
    markRetry: guarded((id, error, nextAttemptAt) => {
      conn
        .sql('UPDATE leads SET last_error = ?, next_attempt_at = ? WHERE id = ?')
        .run(error.slice(0, 1000), nextAttemptAt, id)
    }),
    markFailed: guarded((id, error) => {
      conn
        .sql(`UPDATE leads SET status = 'failed', last_error = ? WHERE id = ?`)
        .run(error.slice(0, 1000), id)
    }),
    resendFailed: guarded((now) => {
      const sql = `UPDATE leads SET status = 'pending', next_attempt_at = ? WHERE status = 'failed'`
      return num(conn.sql(sql).run(now).changes)
    }),
    applyUpdate: guarded((offset, press) => {
      const { db } = conn
      db.exec('BEGIN IMMEDIATE')
      try {
        let lead: LeadRow | undefined
        if (press) {
          const at = iso(press.now)
          const exists = conn.sql('SELECT 1 FROM leads WHERE id = ?').get(press.leadId)
          if (exists) {
            const change = conn
              .sql('INSERT INTO lead_status_history (lead_id, status, at, by) VALUES (?, ?, ?, ?)')
              .run(press.leadId, press.status, at, press.by)
            const row = conn
              .sql(
                `UPDATE leads SET desk_status = ?, desk_status_at = ?, desk_status_by = ?,
                   desk_status_id = ? WHERE id = ? RETURNING *`,
              )
              .get(press.status, at, press.by, change.lastInsertRowid, press.leadId)
            if (row) lead = toLead(row)
          }
        }
        conn
          .sql(
            `INSERT INTO bot_state (key, value) VALUES ('updates_offset', ?)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
          )
          .run(String(offset))
        db.exec('COMMIT')
        return lead
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK')
        throw error
      }
    }),
    updatesOffset: guarded(() =>
      Number(
        conn.sql(`SELECT value FROM bot_state WHERE key = 'updates_offset'`).get()?.value ?? 0,
      ),
    ),
    statusHistory: guarded((leadId) =>
      conn
        .sql('SELECT status, at, by FROM lead_status_history WHERE lead_id = ? ORDER BY id')
        .all(leadId)
        .flatMap((row) => {
          const status = deskStatus(row.status)
          return status === null ? [] : [{ status, at: str(row.at), by: str(row.by) }]
        }),
    ),
    nextEdit: guarded(() => {
      const row = conn
        .sql(
          `SELECT * FROM leads WHERE status = 'sent' AND telegram_message_id IS NOT NULL
             AND desk_status_id IS NOT NULL AND desk_status_id IS NOT desk_shown_id
           ORDER BY desk_status_id LIMIT 1`,
        )
        .get()
      return row ? toLead(row) : undefined
    }),
    markShown: guarded((id, statusId) => {
      conn.sql('UPDATE leads SET desk_shown_id = ? WHERE id = ?').run(statusId, id)
    }),
    dueReminder: guarded((cutoff) => {
      const row = conn
        .sql(
          `SELECT * FROM leads WHERE status = 'sent' AND telegram_message_id IS NOT NULL
             AND desk_status IS NULL AND reminded_at IS NULL AND sent_at <= ?
           ORDER BY id LIMIT 1`,
        )
        .get(iso(cutoff))
      return row ? toLead(row) : undefined
    }),
    markReminded: guarded((id, now) => {
      conn.sql('UPDATE leads SET reminded_at = ? WHERE id = ?').run(iso(now), id)
    }),
    getState: guarded((key) => {
      const value = conn.sql('SELECT value FROM bot_state WHERE key = ?').get(key)?.value
      return value === undefined ? undefined : str(value)
    }),
    setState: guarded((key, value) => {
      conn
        .sql(
          `INSERT INTO bot_state (key, value) VALUES (?, ?)
           ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        )
        .run(key, value)
    }),
    digestRows: guarded((from, to) =>
      conn
        .sql(
          `SELECT received_at, form, course, desk_status,
             (SELECT MIN(at) FROM lead_status_history WHERE lead_id = leads.id) AS first_status_at
           FROM leads WHERE received_at >= ? AND received_at < ? ORDER BY id`,
        )
        .all(iso(from), iso(to))
        .map((row) => ({
          receivedAt: str(row.received_at),
          form: str(row.form),
          course: numOrNull(row.course),
          status: deskStatus(row.desk_status),
          firstStatusAt: strOrNull(row.first_status_at),
        })),
    ),
    makePendingDue: guarded((now) => {
      const sql = `UPDATE leads SET next_attempt_at = ? WHERE status = 'pending' AND next_attempt_at > ?`
      return num(conn.sql(sql).run(now, now).changes)
    }),
    stats: guarded(() => {
      const row = conn
        .sql(
          `SELECT COUNT(*) FILTER (WHERE status = 'pending') AS pending,
                  COUNT(*) FILTER (WHERE status = 'failed') AS failed,
                  MIN(received_at) FILTER (WHERE status = 'pending') AS oldest
           FROM leads`,
        )
        .get()
      const oldest = strOrNull(row?.oldest)
      return {
        pending: num(row?.pending),
        failed: num(row?.failed),
        oldestPendingAt: oldest === null ? undefined : Date.parse(oldest),
      }
    }),
    countPending: guarded(() =>
      num(conn.sql(`SELECT COUNT(*) AS n FROM leads WHERE status = 'pending'`).get()?.n),
    ),
    count: guarded(() => num(conn.sql('SELECT COUNT(*) AS n FROM leads').get()?.n)),
    list: guarded(({ limit }) =>
      conn.sql('SELECT * FROM leads ORDER BY id DESC LIMIT ?').all(limit).map(toLead),
    ),
    deleteReceivedBefore: guarded((cutoff) =>
      num(conn.sql('DELETE FROM leads WHERE received_at < ?').run(iso(cutoff)).changes),
    ),
    deleteByPhone: guarded((phone) =>
      num(conn.sql('DELETE FROM leads WHERE phone_key(phone) = ?').run(phoneKey(phone)).changes),
    ),
    checkWritable: guarded((now) => {
      // A real committed write: it proves the file, the WAL and the lock are all usable.
      conn
        .sql(
          `INSERT INTO health (id, checked_at) VALUES (1, ?)
           ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at`,
        )
        .run(iso(now))
    }),
    settings() {
      const journalMode = str(conn.db.prepare('PRAGMA journal_mode').get()?.journal_mode)
      const level = num(conn.db.prepare('PRAGMA synchronous').get()?.synchronous)
      return {
        journalMode,
        synchronous: ['off', 'normal', 'full', 'extra'][level] ?? String(level),
        busyTimeoutMs: conn.busyTimeoutMs,
      }
    },
    close() {
      // Leads written to a file that was since deleted would vanish with this handle: keep a copy.
      if (!options.readOnly && !sameFile()) {
        try {
          const rescue = rescueCopy()
          log?.error({ db: file, rescue }, 'database file was replaced; a copy was saved')
        } catch (error) {
          log?.error({ db: file, err: error }, 'database file was replaced; no copy could be saved')
        }
      }
      conn.db.close()
    },
  }
}
