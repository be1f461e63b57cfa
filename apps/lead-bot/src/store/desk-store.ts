// The lead desk's state: status presses and their history, message edits, reminders, the weekly
// digest and the Telegram updates already applied (docs/behaviour.md, "Lead desk in Telegram").
import type { Connection } from './connection.ts'
import { deskStatus, iso, num, numOrNull, str, strOrNull, toLead } from './rows.ts'
import type { DigestRow, LeadRow, StatusChange, StatusPress } from './rows.ts'
import type { DeskStatus } from '../desk-statuses.ts'

/** A status set on a lead, with the ids Metrika knows its visit by (docs/decisions/0078). */
export interface ConversionPress {
  leadId: number
  status: DeskStatus
  /** ISO 8601 UTC. */
  at: string
  clientId: string | null
  /** The ad click of the visit the lead was sent in, else of the first visit. */
  yclid: string | null
}

/** A lead a restore gave a new number, as the chat still knows it. */
export interface Renumbering {
  lead: LeadRow
  /** The number the chat knew it by. */
  oldId: number
  /** Its message still shows the old number and buttons: edit it first. */
  edit: boolean
}

/** The state key of the week (its Monday, school date) whose digest was sent or claimed last. */
const DIGEST_WEEK_KEY = 'digest_week'

export interface AppliedUpdate {
  /** False when the update had been applied before (Telegram sent it again): nothing changed. */
  applied: boolean
  /**
   * What the press did: set the status of a lead, or nothing because the lead is gone or the
   * pressed message is not the one showing that lead. Undefined when there was no press.
   */
  press?: { lead: LeadRow } | 'gone' | 'other-message'
}

function readState({ sql }: Connection, key: string): string | undefined {
  const value = sql('SELECT value FROM bot_state WHERE key = ?').get(key)?.value
  return value === undefined ? undefined : str(value)
}

function writeState({ sql }: Connection, key: string, value: string): void {
  sql(
    `INSERT INTO bot_state (key, value) VALUES (?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  ).run(key, value)
}

/**
 * Keeps Telegram update `updateId` as applied and moves the next getUpdates offset past it, in the
 * caller's transaction (with what the update does: a status press, a parent's word to the bot).
 * False when it was applied before: then the caller changes nothing.
 */
export function recordUpdate(conn: Connection, updateId: number, now: number): boolean {
  const fresh =
    Number(
      conn
        .sql('INSERT OR IGNORE INTO applied_updates (update_id, applied_at) VALUES (?, ?)')
        .run(updateId, iso(now)).changes,
    ) === 1
  const offset = Math.max(updateId + 1, Number(readState(conn, 'updates_offset') ?? 0))
  writeState(conn, 'updates_offset', String(offset))
  return fresh
}

export function deskStore(conn: Connection) {
  const { db, sql } = conn
  const getState = (key: string) => readState(conn, key)
  const setState = (key: string, value: string) => writeState(conn, key, value)

  /**
   * The lead a press on message `messageId` naming lead `leadId` is about. Only the lead's own
   * message carries its buttons: data naming another lead (a forged or mixed-up press) must not
   * change that lead. A lead a restore renumbered keeps its old number in its buttons until the
   * outbox edits them: that message's press still finds it (docs/decisions/0082).
   */
  function pressedLead(leadId: number, messageId: number): number | 'gone' | 'other-message' {
    const shown = sql('SELECT telegram_message_id FROM leads WHERE id = ?').get(leadId)
    if (shown?.telegram_message_id === messageId) return leadId
    const moved = sql(
      `SELECT l.id FROM lead_renumberings AS r JOIN leads AS l ON l.id = r.lead_id
       WHERE r.old_id = ? AND l.telegram_message_id = ?`,
    ).get(leadId, messageId)
    if (moved) return num(moved.id)
    return shown ? 'other-message' : 'gone'
  }

  function applyPress(press: StatusPress): NonNullable<AppliedUpdate['press']> {
    const leadId = pressedLead(press.leadId, press.messageId)
    if (typeof leadId !== 'number') return leadId
    const at = iso(press.now)
    const change = sql(
      'INSERT INTO lead_status_history (lead_id, status, at, by) VALUES (?, ?, ?, ?)',
    ).run(leadId, press.status, at, press.by)
    const row = sql(
      `UPDATE leads SET desk_status = ?, desk_status_at = ?, desk_status_by = ?,
         desk_status_id = ? WHERE id = ? RETURNING *`,
    ).get(press.status, at, press.by, change.lastInsertRowid, leadId)
    return row ? { lead: toLead(row) } : 'gone'
  }

  return {
    /**
     * Applies Telegram update `updateId` in one transaction: its press (if any), the id kept as
     * applied, and the next getUpdates offset. An update applied before (Telegram may send one
     * again after a lost offset) changes nothing, so a press is never counted twice.
     */
    applyUpdate(updateId: number, press?: StatusPress, now = Date.now()): AppliedUpdate {
      db.exec('BEGIN IMMEDIATE')
      try {
        const fresh = recordUpdate(conn, updateId, now)
        const applied = fresh && press ? applyPress(press) : undefined
        db.exec('COMMIT')
        return { applied: fresh, ...(applied ? { press: applied } : {}) }
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK')
        throw error
      }
    },
    /** The getUpdates offset to ask for next (0 before the first update). */
    updatesOffset: (): number => Number(getState('updates_offset') ?? 0),
    /** Forgets applied update ids older than `before` (epoch ms); Telegram keeps updates 24 h. */
    forgetUpdatesBefore(before: number): void {
      sql('DELETE FROM applied_updates WHERE applied_at < ?').run(iso(before))
    },
    /** Every status set on the lead, oldest first. */
    statusHistory(leadId: number): StatusChange[] {
      return sql('SELECT status, at, by FROM lead_status_history WHERE lead_id = ? ORDER BY id')
        .all(leadId)
        .flatMap((row) => {
          const status = deskStatus(row.status)
          return status === null ? [] : [{ status, at: str(row.at), by: str(row.by) }]
        })
    },
    /** The chat message of a deleted lead that still shows its name and phone, oldest first. */
    nextRedaction(): { messageId: number; leadId: number } | undefined {
      const row = sql('SELECT message_id, lead_id FROM redactions ORDER BY rowid LIMIT 1').get()
      return row ? { messageId: num(row.message_id), leadId: num(row.lead_id) } : undefined
    },
    /** The message no longer shows the deleted lead (or is gone). */
    markRedacted(messageId: number): void {
      sql('DELETE FROM redactions WHERE message_id = ?').run(messageId)
    },
    /**
     * A delivered lead a restore renumbered (merge.ts) whose chat message still shows its old
     * number (`edit`), or of which the chat was not told yet; the oldest first.
     */
    nextRenumbering(): Renumbering | undefined {
      const row = sql(
        `SELECT l.*, r.old_id AS renumbered_from,
           r.edited = 0 AND l.telegram_message_id IS NOT NULL AS renumbered_edit
         FROM lead_renumberings AS r JOIN leads AS l ON l.id = r.lead_id
         WHERE l.status = 'sent' AND (r.told = 0 OR (r.edited = 0 AND l.telegram_message_id IS NOT NULL))
         ORDER BY r.at, r.lead_id LIMIT 1`,
      ).get()
      if (!row) return undefined
      return {
        lead: toLead(row),
        oldId: num(row.renumbered_from),
        edit: num(row.renumbered_edit) === 1,
      }
    },
    /** The lead's message shows its new number and buttons (or is gone). */
    markRenumberingEdited(id: number, oldId: number): void {
      sql('UPDATE lead_renumberings SET edited = 1 WHERE lead_id = ? AND old_id = ?').run(id, oldId)
    },
    /**
     * Claims the chat's notice of a renumbering before it is sent (at most once, as a reminder
     * is). False if it was claimed already.
     */
    claimRenumberingNotice(id: number, oldId: number): boolean {
      const text =
        'UPDATE lead_renumberings SET told = 1 WHERE lead_id = ? AND old_id = ? AND told = 0'
      return Number(sql(text).run(id, oldId).changes) === 1
    },
    /** A notice Telegram surely did not get: it may be sent again. */
    releaseRenumberingNotice(id: number, oldId: number): void {
      sql('UPDATE lead_renumberings SET told = 0 WHERE lead_id = ? AND old_id = ?').run(id, oldId)
    },
    /** A delivered lead whose message does not show its latest status yet. */
    nextEdit(): LeadRow | undefined {
      const row = sql(
        `SELECT * FROM leads WHERE status = 'sent' AND telegram_message_id IS NOT NULL
           AND desk_status_id IS NOT NULL AND desk_status_id IS NOT desk_shown_id
         ORDER BY desk_status_id LIMIT 1`,
      ).get()
      return row ? toLead(row) : undefined
    },
    /** The message now shows the status of press `statusId` (a history id). */
    markShown(id: number, statusId: number): void {
      sql('UPDATE leads SET desk_shown_id = ? WHERE id = ?').run(statusId, id)
    },
    /** Whether a reminder is due: the oldest delivered lead with no status, before `cutoff`. */
    dueReminder(cutoff: number): LeadRow | undefined {
      const row = sql(
        `SELECT * FROM leads WHERE status = 'sent' AND telegram_message_id IS NOT NULL
           AND desk_status IS NULL AND reminded_at IS NULL AND sent_at <= ?
         ORDER BY id LIMIT 1`,
      ).get(iso(cutoff))
      return row ? toLead(row) : undefined
    },
    /**
     * Claims the reminder of lead `id` before it is sent (at most once: a lock or a crash after
     * this cannot repeat it). False if it was claimed already.
     */
    claimReminder(id: number, now: number): boolean {
      const text = 'UPDATE leads SET reminded_at = ? WHERE id = ? AND reminded_at IS NULL'
      return Number(sql(text).run(iso(now), id).changes) === 1
    },
    /** A reminder Telegram surely did not get: it may be sent again. */
    releaseReminder(id: number): void {
      sql('UPDATE leads SET reminded_at = NULL WHERE id = ?').run(id)
    },
    /** The week of the last digest sent or claimed. */
    /**
     * The time (ISO) of the newest conversion an upload to Metrika carried, by the id the file
     * links visits by: the next upload starts after it (docs/decisions/0078).
     */
    conversionsUploadedThrough: (idType: string): string | undefined =>
      getState(`metrika_uploaded_${idType}`),
    setConversionsUploadedThrough: (idType: string, at: string): void =>
      setState(`metrika_uploaded_${idType}`, at),
    digestWeek: (): string | undefined => getState(DIGEST_WEEK_KEY),
    setDigestWeek: (week: string): void => setState(DIGEST_WEEK_KEY, week),
    /**
     * Claims week `week`'s digest before it is sent (at most once). Returns the week claimed
     * before it (to release on a sure failure), or false if this week was claimed already.
     */
    claimDigest(week: string): { previous: string | undefined } | false {
      const previous = getState(DIGEST_WEEK_KEY)
      if (previous === week) return false
      setState(DIGEST_WEEK_KEY, week)
      return { previous }
    },
    /**
     * Every status each lead was ever given: a family enrolled after its trial counts for both
     * (the reports by source, course and month).
     */
    statusesEver(): Map<number, Set<DeskStatus>> {
      const ever = new Map<number, Set<DeskStatus>>()
      for (const row of sql('SELECT DISTINCT lead_id, status FROM lead_status_history').all()) {
        const status = deskStatus(row.status)
        if (status === null) continue
        const id = num(row.lead_id)
        const statuses = ever.get(id) ?? new Set<DeskStatus>()
        statuses.add(status)
        ever.set(id, statuses)
      }
      return ever
    },
    /** Each lead's first press of each status, set at or after `since` (epoch ms), oldest first. */
    conversionPresses(since: number): ConversionPress[] {
      return sql(
        `SELECT h.lead_id, h.status, MIN(h.at) AS at, l.metrika_client_id,
           COALESCE(l.yclid, l.first_yclid) AS yclid
         FROM lead_status_history AS h JOIN leads AS l ON l.id = h.lead_id
         GROUP BY h.lead_id, h.status HAVING MIN(h.at) >= ? ORDER BY MIN(h.at), h.lead_id`,
      )
        .all(iso(since))
        .flatMap((row) => {
          const status = deskStatus(row.status)
          if (status === null) return []
          return [
            {
              leadId: num(row.lead_id),
              status,
              at: str(row.at),
              clientId: strOrNull(row.metrika_client_id),
              yclid: strOrNull(row.yclid),
            },
          ]
        })
    },
    /** Leads received in [from, to) (epoch ms), for the weekly digest. */
    digestRows(from: number, to: number): DigestRow[] {
      return sql(
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
        }))
    },
  }
}
