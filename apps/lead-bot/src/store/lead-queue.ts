// The leads and their way to the chat: storing, the outbox's queue, listing and deletion.
import { randomUUID } from 'node:crypto'
import type { Connection } from './connection.ts'
import { SOURCE_COLUMNS, iso, num, phoneKey, sourceValues, strOrNull, toLead } from './rows.ts'
import type { DeliveryStats, LeadRow, LeadToInsert, NewLead } from './rows.ts'

/** The batch's BEGIN IMMEDIATE failed (write lock not obtained, I/O): no row was tried. */
export class TransactionNotStartedError extends Error {
  constructor(cause: unknown) {
    super('the write transaction could not be started', { cause })
    this.name = 'TransactionNotStartedError'
  }
}

/** What a retention pass did: deleted the delivered, kept the never delivered (0043). */
export interface RetentionResult {
  deleted: number
  keptUndelivered: number
}

/** Received from `from` (inclusive) to `to` (exclusive), epoch ms; a missing end is open. */
export interface ReceivedRange {
  from?: number
  to?: number
}

const RECEIVED_IN = 'received_at >= $from AND ($to IS NULL OR received_at < $to)'

// received_at is ISO 8601 UTC text, so it compares as the times do (and uses its index).
const bounds = ({ from, to }: ReceivedRange) => ({
  from: iso(from ?? 0),
  to: to === undefined ? null : iso(to),
})

const INSERT_LEAD = `INSERT INTO leads (uid, received_at, name, phone, form, consent_version,
    next_attempt_at, course, quiz, page, meta_warning, chosen_group, child_age, promo_code,
    promo_given_on, trial_at, ${SOURCE_COLUMNS.join(', ')})
  VALUES (${new Array(16 + SOURCE_COLUMNS.length).fill('?').join(', ')}) RETURNING *`

export function leadQueue(conn: Connection) {
  const { db, sql } = conn
  // The head as the outbox read it. A restore beside the service may renumber that lead while its
  // send is in flight (merge.ts): the attempt's outcome goes to it by its uid, never to the
  // restored lead that took its number (docs/decisions/0082).
  let headRead: { id: number; uid: string } | undefined
  const uidOf = (id: number): string | null =>
    headRead?.id === id
      ? headRead.uid
      : strOrNull(sql('SELECT uid FROM leads WHERE id = ?').get(id)?.uid)

  function insert({ lead, now }: LeadToInsert): LeadRow {
    const row = sql(INSERT_LEAD).get(
      randomUUID(),
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
      lead.group ?? null,
      lead.childAge ?? null,
      lead.promoCode ?? null,
      // A day without its code says nothing.
      lead.promoCode == null ? null : (lead.promoDate ?? null),
      lead.trialAt ?? null,
      ...sourceValues(lead.source),
    )
    if (!row) throw new Error('INSERT returned no row')
    const stored = toLead(row)
    // Her trial with its lead, in the same transaction: a stored lead's link always works.
    if (lead.trial) {
      sql(
        `INSERT INTO trials (lead_id, token_hash, group_id, at, state, created_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ).run(
        stored.id,
        lead.trial.tokenHash,
        lead.trial.group,
        lead.trial.at,
        lead.trial.state,
        iso(now),
      )
    }
    // Queued for every channel on now, in the same transaction (docs/decisions/0077).
    sql(
      `INSERT INTO lead_deliveries (lead_id, channel, next_attempt_at)
       SELECT ?, name, ? FROM delivery_channels WHERE active = 1`,
    ).run(stored.id, now)
    return stored
  }

  /**
   * Commits all the leads in one transaction (one fsync), or none: on any error it is rolled back
   * and the error rethrown. Rows come back in the order given; durable when this returns.
   */
  function insertMany(leads: readonly LeadToInsert[]): LeadRow[] {
    try {
      db.exec('BEGIN IMMEDIATE')
    } catch (error) {
      throw new TransactionNotStartedError(error)
    }
    try {
      const rows = leads.map(insert)
      db.exec('COMMIT')
      return rows
    } catch (error) {
      // Some errors (I/O, disk full) already rolled the transaction back; ROLLBACK would throw.
      if (db.isTransaction) db.exec('ROLLBACK')
      throw error
    }
  }

  return {
    /**
     * Commits the lead; durable when this returns. Always in an explicit transaction: on its own,
     * an INSERT … RETURNING commits only when the statement is reset, and node:sqlite's get()
     * does not report that commit failing (a full disk), so the row came back but was not stored.
     */
    insert(lead: NewLead, now: number): LeadRow {
      const [row] = insertMany([{ lead, now }])
      if (!row) throw new Error('INSERT returned no row')
      return row
    },
    insertMany,
    /** The oldest pending lead, due or not: delivery is strictly in order of arrival. */
    head(): LeadRow | undefined {
      const row = sql(`SELECT * FROM leads WHERE status = 'pending' ORDER BY id LIMIT 1`).get()
      const lead = row ? toLead(row) : undefined
      headRead = lead && { id: lead.id, uid: lead.uid }
      return lead
    },
    /**
     * Counts an attempt before it goes out. An attempt still marked in flight was cut by a crash
     * after it went out: the lead may be in the chat already.
     */
    recordAttempt(id: number): void {
      sql(
        `UPDATE leads SET attempts = attempts + 1, last_error = NULL,
           may_repeat = may_repeat OR in_flight, in_flight = 1 WHERE uid = ?`,
      ).run(uidOf(id))
    },
    markSent(id: number, telegramMessageId: number | null, now: number): void {
      sql(
        `UPDATE leads SET status = 'sent', sent_at = ?, telegram_message_id = ?, last_error = NULL,
           in_flight = 0 WHERE uid = ?`,
      ).run(iso(now), telegramMessageId, uidOf(id))
    },
    /**
     * A failure that may pass: stays pending, due again at `nextAttemptAt`. `uncertain`: no answer
     * came, so the attempt may have reached the chat.
     */
    markRetry(id: number, error: string, nextAttemptAt: number, uncertain = false): void {
      sql(
        `UPDATE leads SET last_error = ?, next_attempt_at = ?, in_flight = 0,
           may_repeat = may_repeat OR ? WHERE uid = ?`,
      ).run(error.slice(0, 1000), nextAttemptAt, uncertain ? 1 : 0, uidOf(id))
    },
    /** A permanent failure: dead-lettered until `resendFailed`. */
    markFailed(id: number, error: string): void {
      sql(`UPDATE leads SET status = 'failed', last_error = ?, in_flight = 0 WHERE uid = ?`).run(
        error.slice(0, 1000),
        uidOf(id),
      )
    },
    /** Puts every failed lead back in the queue, due now. Returns how many. */
    resendFailed(now: number): number {
      const text = `UPDATE leads SET status = 'pending', next_attempt_at = ? WHERE status = 'failed'`
      return num(sql(text).run(now).changes)
    },
    /**
     * SQLite's data_version: it changes when another connection commits (the CLI beside the
     * service: `--resend-failed`, `--restore`), never for this connection's own writes.
     */
    dataVersion: (): number => num(sql('PRAGMA data_version').get()?.data_version),
    /** Makes every pending lead due now, so a restart retries at once. Returns how many. */
    makePendingDue(now: number): number {
      const text = `UPDATE leads SET next_attempt_at = ? WHERE status = 'pending' AND next_attempt_at > ?`
      return num(sql(text).run(now, now).changes)
    },
    stats(): DeliveryStats {
      const row = sql(
        `SELECT COUNT(*) FILTER (WHERE status = 'pending') AS pending,
                COUNT(*) FILTER (WHERE status = 'failed') AS failed,
                MIN(received_at) FILTER (WHERE status = 'pending') AS oldest
         FROM leads`,
      ).get()
      const oldest = strOrNull(row?.oldest)
      return {
        pending: num(row?.pending),
        failed: num(row?.failed),
        oldestPendingAt: oldest === null ? undefined : Date.parse(oldest),
      }
    },
    countPending: (): number =>
      num(sql(`SELECT COUNT(*) AS n FROM leads WHERE status = 'pending'`).get()?.n),
    /** How many leads were received in `range` (all of them without one). */
    count: (range: ReceivedRange = {}): number =>
      num(sql(`SELECT COUNT(*) AS n FROM leads WHERE ${RECEIVED_IN}`).get(bounds(range))?.n),
    /**
     * Leads received in `range`, newest first, at most `limit` (all without one), each with her
     * trial as it stands (the CSV and the report show it).
     */
    list: ({ limit, ...range }: ReceivedRange & { limit?: number }): LeadRow[] =>
      sql(
        `SELECT leads.*, trials.at AS trial_lesson, trials.state AS trial_state
         FROM leads LEFT JOIN trials ON trials.lead_id = leads.id
         WHERE ${RECEIVED_IN} ORDER BY id DESC LIMIT $limit`,
      )
        .all({ ...bounds(range), limit: limit ?? -1 })
        .map(toLead),
    /**
     * Deletes every delivered lead received before `cutoff` (epoch ms): delivered to Telegram and
     * to every other channel on (0077). A lead not yet delivered everywhere is kept and counted:
     * deleting it would lose a family nobody has heard of (0043).
     */
    deleteReceivedBefore(cutoff: number): RetentionResult {
      const at = iso(cutoff)
      const deleted = num(
        sql(
          `DELETE FROM leads WHERE received_at < ? AND status = 'sent' AND NOT EXISTS (
             SELECT 1 FROM lead_deliveries AS d JOIN delivery_channels AS c ON c.name = d.channel
             WHERE d.lead_id = leads.id AND c.active = 1 AND d.status <> 'sent')`,
        ).run(at).changes,
      )
      const kept = num(sql('SELECT COUNT(*) AS n FROM leads WHERE received_at < ?').get(at)?.n)
      return { deleted, keptUndelivered: kept }
    },
    /** Deletes every lead whose phone has the same digits as `phone`; returns their rows. */
    deleteByPhone(phone: string): LeadRow[] {
      return sql('DELETE FROM leads WHERE phone_key(phone) = ? RETURNING *')
        .all(phoneKey(phone))
        .map(toLead)
    },
    /** Throws unless a write can be committed right now. */
    checkWritable(now: number): void {
      // A real committed write: it proves the file, the WAL and the lock are all usable.
      sql(
        `INSERT INTO health (id, checked_at) VALUES (1, ?)
         ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at`,
      ).run(iso(now))
    },
  }
}
