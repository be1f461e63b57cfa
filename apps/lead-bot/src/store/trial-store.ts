// The trials parents hold (docs/decisions/0103-a-trial-she-holds.md): found by her link's hash or
// by the lead, moved or cancelled by her. A change of hers is a line of the lead's status history
// (by `parent`, under a status the desk never sets), so the chat's message of the lead is edited
// by the outbox as after a status press, and a restore carries it like any other.
import type { SQLOutputValue } from 'node:sqlite'
import type { Connection } from './connection.ts'
import { iso, num, numOrNull, str, strOrNull } from './rows.ts'
import type { TrialState } from './rows.ts'

/** Who changed a trial in the status history: the parent herself (on her page, or the bot). */
export const PARENT = 'parent'
/** The history's statuses of a parent's change: never a desk status (statusHistory skips them). */
export const TRIAL_CHANGES = { moved: 'trial-moved', cancelled: 'trial-cancelled' } as const

export interface TrialRow {
  leadId: number
  group: string
  /** The lesson as it stands ('YYYY-MM-DDTHH:MM', school time); null: the school calls. */
  at: string | null
  state: TrialState
  /** ISO 8601 UTC. */
  createdAt: string
  changedAt: string | null
  /** Her chat with the bot, once she asked for reminders. */
  telegramChatId: number | null
  /** Her lead's, for the page and the chat (never her name or phone). */
  course: number | null
  receivedAt: string
}

const TRIAL_SELECT = `SELECT t.*, l.course, l.received_at FROM trials AS t
  JOIN leads AS l ON l.id = t.lead_id`

function toTrial(row: Record<string, SQLOutputValue>): TrialRow {
  const state = str(row.state)
  return {
    leadId: num(row.lead_id),
    group: str(row.group_id),
    at: strOrNull(row.at),
    state: state === 'waiting' || state === 'cancelled' ? state : 'booked',
    createdAt: str(row.created_at),
    changedAt: strOrNull(row.changed_at),
    telegramChatId: numOrNull(row.telegram_chat_id),
    course: numOrNull(row.course),
    receivedAt: str(row.received_at),
  }
}

export function trialStore(conn: Connection) {
  const { db, sql } = conn

  const trialOfLead = (leadId: number): TrialRow | undefined => {
    const row = sql(`${TRIAL_SELECT} WHERE t.lead_id = ?`).get(leadId)
    return row ? toTrial(row) : undefined
  }

  /** Her change, with the history line that makes the chat's message be edited, in one transaction. */
  function change(
    leadId: number,
    set: { at?: string | null; state?: TrialState },
    status: string,
    now: number,
  ): TrialRow | undefined {
    db.exec('BEGIN IMMEDIATE')
    try {
      const at = iso(now)
      const updated = sql(
        `UPDATE trials SET at = CASE WHEN ? THEN ? ELSE at END, state = coalesce(?, state),
           changed_at = ? WHERE lead_id = ? AND state != 'cancelled'`,
      ).run(set.at !== undefined ? 1 : 0, set.at ?? null, set.state ?? null, at, leadId)
      if (Number(updated.changes) === 1) {
        const line = sql(
          'INSERT INTO lead_status_history (lead_id, status, at, by) VALUES (?, ?, ?, ?)',
        ).run(leadId, status, at, PARENT)
        sql('UPDATE leads SET desk_status_id = ? WHERE id = ?').run(line.lastInsertRowid, leadId)
      }
      db.exec('COMMIT')
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK')
      throw error
    }
    return trialOfLead(leadId)
  }

  return {
    /** The trial her link opens: by the SHA-256 of its token. */
    trialByTokenHash(tokenHash: string): TrialRow | undefined {
      const row = sql(`${TRIAL_SELECT} WHERE t.token_hash = ?`).get(tokenHash)
      return row ? toTrial(row) : undefined
    },
    trialOfLead,
    /** She moves it to another lesson of the group (null: «другое время»); a cancelled one stays. */
    moveTrial: (leadId: number, at: string | null, now: number): TrialRow | undefined =>
      change(leadId, { at }, TRIAL_CHANGES.moved, now),
    /** She cancels it: its seat is free again. Cancelling twice changes nothing. */
    cancelTrial: (leadId: number, now: number): TrialRow | undefined =>
      change(leadId, { state: 'cancelled' }, TRIAL_CHANGES.cancelled, now),
    /** Her parent's changes, oldest first, for the chat's message: what and when (ISO). */
    trialChanges(leadId: number): { change: 'moved' | 'cancelled'; at: string }[] {
      return sql(
        `SELECT status, at FROM lead_status_history
         WHERE lead_id = ? AND by = ? AND status IN (?, ?) ORDER BY id`,
      )
        .all(leadId, PARENT, TRIAL_CHANGES.moved, TRIAL_CHANGES.cancelled)
        .map((row) => ({
          change: row.status === TRIAL_CHANGES.cancelled ? 'cancelled' : 'moved',
          at: str(row.at),
        }))
    },
  }
}
