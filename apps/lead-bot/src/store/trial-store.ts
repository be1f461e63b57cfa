// The trials parents hold (docs/decisions/0103-a-trial-she-holds.md): found by her link's hash or
// by the lead, moved or cancelled by her. A change of hers is a line of the lead's status history
// (by `parent`, under a status the desk never sets), so the chat's message of the lead is edited
// by the outbox as after a status press, and a restore carries it like any other.
import type { SQLOutputValue } from 'node:sqlite'
import type { Connection } from './connection.ts'
import { recordUpdate } from './desk-store.ts'
import { iso, num, numOrNull, str, strOrNull } from './rows.ts'
import type { TrialState } from './rows.ts'

/** Who changed a trial in the status history: the parent herself (on her page, or the bot). */
export const PARENT = 'parent'
/** The history's statuses of a parent's change: never a desk status (statusHistory skips them). */
export const TRIAL_CHANGES = {
  moved: 'trial-moved',
  cancelled: 'trial-cancelled',
  booked: 'trial-booked',
} as const

/** A parent's change as the chat's message shows it. */
export type TrialChange = 'moved' | 'cancelled' | 'booked'

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

/** The bot's two reminders of a lesson: the evening before, and some hours before it begins. */
export type ReminderKind = 'evening' | 'hours'

/** A trial she asked reminders for: booked, dated, her chat known. */
export interface TrialToRemind extends TrialRow {
  at: string
  telegramChatId: number
  /** The reminders of this lesson claimed already (sent, or being sent). */
  claimed: ReminderKind[]
}

/**
 * What a parent's word to the bot does (docs/decisions/0103-a-trial-she-holds.md), applied in one
 * transaction with its Telegram update, so a restart neither loses nor repeats it. A move and a
 * cancel act only while the trial is linked to `chatId` and still at the lesson she saw (`from`).
 */
export type ParentAction =
  | {
      kind: 'link'
      tokenHash: string
      chatId: number
      /** Reminders of the lesson whose time passed already: her confirmation says as much. */
      told: readonly ReminderKind[]
    }
  | { kind: 'stop'; chatId: number }
  | { kind: 'move'; leadId: number; chatId: number; from: string; to: string | null }
  | { kind: 'cancel'; leadId: number; chatId: number; from: string }
  /** Her answer to the bot's offer of a freed seat: only hers, in its 24 hours. */
  | { kind: 'take' | 'decline'; leadId: number; chatId: number }
  | { kind: 'none' }

/** An applied update: how many trials it changed; nothing when it had been applied before. */
export type ParentUpdate = { applied: false } | { applied: true; changed: number }

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

  /**
   * Her change and the history line that has the chat's message edited; with `only`, just while
   * the trial is linked to that chat and at that lesson. In the caller's transaction.
   */
  function changeIn(
    leadId: number,
    set: { at?: string | null; state?: TrialState },
    status: string,
    now: number,
    only?: { chatId: number; at: string | null },
  ): number {
    const at = iso(now)
    const updated = sql(
      `UPDATE trials SET at = CASE WHEN ? THEN ? ELSE at END, state = coalesce(?, state),
         changed_at = ? WHERE lead_id = ? AND state != 'cancelled'
         AND (? IS NULL OR (telegram_chat_id = ? AND at IS ?))`,
    ).run(
      set.at !== undefined ? 1 : 0,
      set.at ?? null,
      set.state ?? null,
      at,
      leadId,
      only?.chatId ?? null,
      only?.chatId ?? null,
      only?.at ?? null,
    )
    const changed = Number(updated.changes)
    if (changed === 1) {
      const line = sql(
        'INSERT INTO lead_status_history (lead_id, status, at, by) VALUES (?, ?, ?, ?)',
      ).run(leadId, status, at, PARENT)
      sql('UPDATE leads SET desk_status_id = ? WHERE id = ?').run(line.lastInsertRowid, leadId)
    }
    return changed
  }

  function inTransaction<T>(run: () => T): T {
    db.exec('BEGIN IMMEDIATE')
    try {
      const result = run()
      db.exec('COMMIT')
      return result
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK')
      throw error
    }
  }

  /** Her change, with the history line that makes the chat's message be edited, in one transaction. */
  function change(
    leadId: number,
    set: { at?: string | null; state?: TrialState },
    status: string,
    now: number,
  ): TrialRow | undefined {
    inTransaction(() => changeIn(leadId, set, status, now))
    return trialOfLead(leadId)
  }

  function link(action: Extract<ParentAction, { kind: 'link' }>, now: number): number {
    const row = sql(
      `UPDATE trials SET telegram_chat_id = ? WHERE token_hash = ? AND state != 'cancelled'
       RETURNING lead_id, at`,
    ).get(action.chatId, action.tokenHash)
    if (!row) return 0
    const at = strOrNull(row.at)
    for (const kind of at === null ? [] : action.told) {
      sql(
        `INSERT OR IGNORE INTO trial_reminders (lead_id, at, kind, due_at, sent_at)
         VALUES (?, ?, ?, ?, ?)`,
      ).run(num(row.lead_id), at, kind, now, iso(now))
    }
    return 1
  }

  /**
   * Her answer to the bot's offer of a seat, while it stands: made to this chat, not answered,
   * within its time, her trial still waiting and linked to this chat. «Беру место» books the
   * trial with a history line, so the chat's message is edited; «Не нужно» keeps her waiting.
   */
  function answerOffer(action: Extract<ParentAction, { kind: 'take' | 'decline' }>, now: number) {
    const { leadId, chatId } = action
    const trial = sql(
      `SELECT t.at FROM waitlist_offers AS o JOIN trials AS t ON t.lead_id = o.lead_id
       WHERE o.lead_id = ? AND o.chat_id = ? AND o.answer IS NULL AND o.until_ms > ?
         AND t.state = 'waiting' AND t.telegram_chat_id = ?`,
    ).get(leadId, chatId, now, chatId)
    if (!trial) return 0
    sql('UPDATE waitlist_offers SET answer = ?, answered_at = ? WHERE lead_id = ?').run(
      action.kind === 'take' ? 'taken' : 'declined',
      iso(now),
      leadId,
    )
    if (action.kind === 'decline') return 1
    return changeIn(leadId, { state: 'booked' }, TRIAL_CHANGES.booked, now, {
      chatId,
      at: strOrNull(trial.at),
    })
  }

  function act(action: ParentAction, now: number): number {
    switch (action.kind) {
      case 'link':
        return link(action, now)
      case 'stop':
        return Number(
          sql('UPDATE trials SET telegram_chat_id = NULL WHERE telegram_chat_id = ?').run(
            action.chatId,
          ).changes,
        )
      case 'move':
        return changeIn(action.leadId, { at: action.to }, TRIAL_CHANGES.moved, now, {
          chatId: action.chatId,
          at: action.from,
        })
      case 'cancel':
        return changeIn(action.leadId, { state: 'cancelled' }, TRIAL_CHANGES.cancelled, now, {
          chatId: action.chatId,
          at: action.from,
        })
      case 'take':
      case 'decline':
        return answerOffer(action, now)
      case 'none':
        return 0
    }
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
    /** Applies a parent's word to the bot with its update, once (see ParentAction). */
    applyParentUpdate(updateId: number, action: ParentAction, now: number): ParentUpdate {
      return inTransaction(() =>
        recordUpdate(conn, updateId, now)
          ? { applied: true, changed: act(action, now) }
          : { applied: false },
      )
    },
    /** The trials linked to her chat with the bot. */
    trialsOfChat: (chatId: number): TrialRow[] =>
      sql(`${TRIAL_SELECT} WHERE t.telegram_chat_id = ? ORDER BY t.lead_id`)
        .all(chatId)
        .map(toTrial),
    /** The trials to remind of, with lessons from `fromAt` ('YYYY-MM-DD…', school time) on. */
    trialsToRemind(fromAt: string): TrialToRemind[] {
      return sql(
        `SELECT t.*, l.course, l.received_at,
           (SELECT group_concat(r.kind) FROM trial_reminders AS r
            WHERE r.lead_id = t.lead_id AND r.at = t.at) AS claimed
         FROM trials AS t JOIN leads AS l ON l.id = t.lead_id
         WHERE t.state = 'booked' AND t.at >= ? AND t.telegram_chat_id IS NOT NULL
         ORDER BY t.at, t.lead_id`,
      )
        .all(fromAt)
        .map((row) => ({
          ...toTrial(row),
          at: str(row.at),
          telegramChatId: num(row.telegram_chat_id),
          claimed: (strOrNull(row.claimed) ?? '')
            .split(',')
            .filter((kind): kind is ReminderKind => kind === 'evening' || kind === 'hours'),
        }))
    },
    /**
     * Claims a reminder before it is sent, durably (at most once: a crash after this cannot repeat
     * it), while the trial is still booked at that lesson and linked to a chat. False: claimed
     * already, or moot. Throws when it cannot be written (a full disk): then it is not sent.
     */
    claimTrialReminder(
      reminder: { leadId: number; at: string; kind: ReminderKind; dueAt: number },
      now: number,
    ): boolean {
      const { leadId, at, kind, dueAt } = reminder
      return (
        Number(
          sql(
            `INSERT INTO trial_reminders (lead_id, at, kind, due_at, sent_at)
             SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM trials WHERE lead_id = ? AND at = ?
               AND state = 'booked' AND telegram_chat_id IS NOT NULL)
             ON CONFLICT DO NOTHING`,
          ).run(leadId, at, kind, dueAt, iso(now), leadId, at).changes,
        ) === 1
      )
    },
    /** A reminder Telegram surely did not get: it may be sent again. */
    releaseTrialReminder(reminder: { leadId: number; at: string; kind: ReminderKind }): void {
      sql('DELETE FROM trial_reminders WHERE lead_id = ? AND at = ? AND kind = ?').run(
        reminder.leadId,
        reminder.at,
        reminder.kind,
      )
    },
    /** Her chat refuses the bot for good (she blocked it, deleted the chat): no more reminders. */
    forgetTrialChat(leadId: number, chatId: number): void {
      sql(
        'UPDATE trials SET telegram_chat_id = NULL WHERE lead_id = ? AND telegram_chat_id = ?',
      ).run(leadId, chatId)
    },
    /** Her parent's changes, oldest first, for the chat's message: what and when (ISO). */
    trialChanges(leadId: number): { change: TrialChange; at: string }[] {
      return sql(
        `SELECT status, at FROM lead_status_history
         WHERE lead_id = ? AND by = ? AND status IN (?, ?, ?) ORDER BY id`,
      )
        .all(leadId, PARENT, TRIAL_CHANGES.moved, TRIAL_CHANGES.cancelled, TRIAL_CHANGES.booked)
        .map((row) => ({
          change:
            row.status === TRIAL_CHANGES.cancelled
              ? 'cancelled'
              : row.status === TRIAL_CHANGES.booked
                ? 'booked'
                : 'moved',
          at: str(row.at),
        }))
    },
  }
}
