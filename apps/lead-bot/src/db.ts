import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { SQLOutputValue } from 'node:sqlite'

export type LeadStatus = 'pending' | 'sent'

export interface NewLead {
  name: string
  phone: string
  form: string
  consentVersion: string
  clientIp: string | null
  userAgent: string | null
}

export interface LeadRow extends NewLead {
  id: number
  /** ISO 8601 UTC. */
  receivedAt: string
  status: LeadStatus
  attempts: number
  /** Epoch milliseconds; the outbox sends a pending lead once this has passed. */
  nextAttemptAt: number
  lastError: string | null
  sentAt: string | null
  telegramMessageId: number | null
}

/** A lead and the time it was received (epoch ms). */
export interface LeadToInsert {
  lead: NewLead
  now: number
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
  nextDue(now: number): LeadRow | undefined
  /** Earliest next_attempt_at among pending leads, to schedule the outbox timer. */
  nextDueAt(): number | undefined
  markSent(id: number, telegramMessageId: number | null, now: number): void
  markFailed(id: number, error: string, nextAttemptAt: number): void
  /** Makes every pending lead due now, so a restart retries at once. Returns how many. */
  makePendingDue(now: number): number
  countPending(): number
  count(): number
  list(options: { limit: number }): LeadRow[]
  /** Throws unless a write can be committed right now. */
  checkWritable(now: number): void
  /** The durability settings in force on this connection, for logs and tests. */
  settings(): { journalMode: string; synchronous: string }
  close(): void
}

export interface StoreOptions {
  /** How long a statement waits for a lock held by another connection (ms). */
  busyTimeoutMs?: number
}

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
]

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

function toLead(row: Record<string, SQLOutputValue>): LeadRow {
  return {
    id: num(row.id),
    receivedAt: str(row.received_at),
    name: str(row.name),
    phone: str(row.phone),
    form: str(row.form),
    clientIp: strOrNull(row.client_ip),
    userAgent: strOrNull(row.user_agent),
    consentVersion: str(row.consent_version),
    status: str(row.status) === 'sent' ? 'sent' : 'pending',
    attempts: num(row.attempts),
    nextAttemptAt: num(row.next_attempt_at),
    lastError: strOrNull(row.last_error),
    sentAt: strOrNull(row.sent_at),
    telegramMessageId: row.telegram_message_id === null ? null : num(row.telegram_message_id),
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
    db.exec('ROLLBACK')
    throw error
  }
}

export function openLeadStore(file: string, options: StoreOptions = {}): LeadStore {
  mkdirSync(path.dirname(file), { recursive: true })
  const db = new DatabaseSync(file)
  db.exec(`PRAGMA busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`)
  db.exec('PRAGMA journal_mode = WAL')
  // FULL: the WAL is fsynced at every commit, so an acknowledged lead survives power loss too.
  db.exec('PRAGMA synchronous = FULL')
  migrate(db)

  const insert = db.prepare(
    `INSERT INTO leads (received_at, name, phone, form, client_ip, user_agent, consent_version,
       next_attempt_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
  )
  const nextDue = db.prepare(
    `SELECT * FROM leads WHERE status = 'pending' AND next_attempt_at <= ?
     ORDER BY next_attempt_at, id LIMIT 1`,
  )
  const nextDueAt = db.prepare(
    `SELECT MIN(next_attempt_at) AS at FROM leads WHERE status = 'pending'`,
  )
  const markSent = db.prepare(
    `UPDATE leads SET status = 'sent', attempts = attempts + 1, sent_at = ?,
       telegram_message_id = ?, last_error = NULL
     WHERE id = ?`,
  )
  const markFailed = db.prepare(
    `UPDATE leads SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE id = ?`,
  )
  const makeDue = db.prepare(
    `UPDATE leads SET next_attempt_at = ? WHERE status = 'pending' AND next_attempt_at > ?`,
  )
  const countPending = db.prepare(`SELECT COUNT(*) AS n FROM leads WHERE status = 'pending'`)
  const count = db.prepare('SELECT COUNT(*) AS n FROM leads')
  const list = db.prepare('SELECT * FROM leads ORDER BY id DESC LIMIT ?')
  const touchHealth = db.prepare(
    `INSERT INTO health (id, checked_at) VALUES (1, ?)
     ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at`,
  )

  const iso = (ms: number) => new Date(ms).toISOString()

  function insertLead(lead: NewLead, now: number): LeadRow {
    const row = insert.get(
      iso(now),
      lead.name,
      lead.phone,
      lead.form,
      lead.clientIp,
      lead.userAgent,
      lead.consentVersion,
      now,
    )
    if (!row) throw new Error('INSERT returned no row')
    return toLead(row)
  }

  return {
    path: file,
    insert: insertLead,
    insertMany(leads) {
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
    },
    nextDue(now) {
      const row = nextDue.get(now)
      return row ? toLead(row) : undefined
    },
    nextDueAt() {
      const at = nextDueAt.get()?.at
      return at === null || at === undefined ? undefined : num(at)
    },
    markSent(id, telegramMessageId, now) {
      markSent.run(iso(now), telegramMessageId, id)
    },
    markFailed(id, error, nextAttemptAt) {
      markFailed.run(error.slice(0, 1000), nextAttemptAt, id)
    },
    makePendingDue(now) {
      return num(makeDue.run(now, now).changes)
    },
    countPending() {
      return num(countPending.get()?.n)
    },
    count() {
      return num(count.get()?.n)
    },
    list({ limit }) {
      return list.all(limit).map(toLead)
    },
    checkWritable(now) {
      // A real committed write: it proves the file, the WAL and the lock are all usable.
      touchHealth.run(iso(now))
    },
    settings() {
      const journalMode = str(db.prepare('PRAGMA journal_mode').get()?.journal_mode)
      const level = num(db.prepare('PRAGMA synchronous').get()?.synchronous)
      return {
        journalMode,
        synchronous: ['off', 'normal', 'full', 'extra'][level] ?? String(level),
      }
    },
    close() {
      db.close()
    },
  }
}
