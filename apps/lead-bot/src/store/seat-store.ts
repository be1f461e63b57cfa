// The seats of the groups as the desk moves them (docs/decisions/0103-a-trial-she-holds.md, "Seats
// that follow the desk"): the count each group starts from, its trials with their leads' desk
// status, and the chat's notices that a seat freed where parents wait. The counting itself is the
// trials room's (trials/seats.ts); nothing here holds a name or a phone.
import type { Connection } from './connection.ts'
import { deskStatus, iso, num, numOrNull, str, strOrNull } from './rows.ts'
import type { TrialState } from './rows.ts'
import type { DeskStatus } from '../desk-statuses.ts'

/** What a group's count starts from: the owner's typed numbers, and the free places since when. */
export interface SeatBaseline {
  typedSeats: number
  typedSize: number | null
  /** Free places at `since`, the trials' holds not taken off (they are counted live). */
  free: number
  /** ISO 8601 UTC. */
  since: string
  /** The free places (holds taken off, waiting parents not) the outbox last saw; null: never. */
  seenFree: number | null
}

/** A group's trial as the count needs it: its lesson, its state, its lead's desk status. */
export interface SeatTrial {
  leadId: number
  at: string | null
  state: TrialState
  /** ISO 8601 UTC. */
  createdAt: string
  deskStatus: DeskStatus | null
  deskStatusAt: string | null
  /** The lead's message in the chat, where its desk buttons are. */
  messageId: number | null
  /** Her chat with the bot, once she asked for reminders. */
  telegramChatId: number | null
  /** The bot offered her a freed seat: held for her until (epoch ms) unless she answered. */
  offer: { until: number; answered: boolean } | null
}

export interface WaitlistNotice {
  id: number
  group: string
  /** How many seats freed since the count was last seen. */
  freed: number
  createdAt: string
}

export function seatStore(conn: Connection) {
  const { db, sql } = conn

  return {
    seatBaseline(group: string): SeatBaseline | undefined {
      const row = sql('SELECT * FROM group_seats WHERE group_id = ?').get(group)
      if (!row) return undefined
      return {
        typedSeats: num(row.typed_seats),
        typedSize: numOrNull(row.typed_size),
        free: num(row.free),
        since: str(row.since),
        seenFree: numOrNull(row.seen_free),
      }
    },
    /** The owner's new numbers: the count starts again from `free` now (or keeps `since`). */
    setSeatBaseline(
      group: string,
      set: { typedSeats: number; typedSize: number | null; free: number; since: string },
    ): void {
      sql(
        `INSERT INTO group_seats (group_id, typed_seats, typed_size, free, since)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (group_id) DO UPDATE SET typed_seats = excluded.typed_seats,
           typed_size = excluded.typed_size, free = excluded.free, since = excluded.since`,
      ).run(group, set.typedSeats, set.typedSize, set.free, set.since)
    },
    /**
     * Every trial of the group that may hold, take or wait for a seat: not cancelled, or its
     * family enrolled (the desk's word stands whatever the trial became), oldest first.
     */
    seatTrials(group: string): SeatTrial[] {
      return sql(
        `SELECT t.lead_id, t.at, t.state, t.created_at, t.telegram_chat_id, l.desk_status,
           l.desk_status_at, l.telegram_message_id, o.until_ms, o.answer
         FROM trials AS t JOIN leads AS l ON l.id = t.lead_id
           LEFT JOIN waitlist_offers AS o ON o.lead_id = t.lead_id
         WHERE t.group_id = ? AND (t.state != 'cancelled' OR l.desk_status = 'enrolled')
         ORDER BY t.lead_id`,
      )
        .all(group)
        .map((row) => {
          const state = str(row.state)
          return {
            leadId: num(row.lead_id),
            at: strOrNull(row.at),
            state: state === 'waiting' || state === 'cancelled' ? state : 'booked',
            createdAt: str(row.created_at),
            deskStatus: deskStatus(row.desk_status),
            deskStatusAt: strOrNull(row.desk_status_at),
            messageId: numOrNull(row.telegram_message_id),
            telegramChatId: numOrNull(row.telegram_chat_id),
            offer:
              row.until_ms === null
                ? null
                : { until: num(row.until_ms), answered: row.answer !== null },
          }
        })
    },
    /**
     * The outbox saw the group's free places: kept, and when they rose with parents waiting, a
     * notice for the chat stored in the same transaction (so a restart neither loses nor repeats it).
     */
    seeSeats(group: string, free: number, notify: boolean, now: number): void {
      db.exec('BEGIN IMMEDIATE')
      try {
        const seen = sql('SELECT seen_free FROM group_seats WHERE group_id = ?').get(group)
        const before = numOrNull(seen?.seen_free)
        if (notify && before !== null && free > before) {
          sql('INSERT INTO waitlist_notices (group_id, freed, created_at) VALUES (?, ?, ?)').run(
            group,
            free - before,
            iso(now),
          )
        }
        sql('UPDATE group_seats SET seen_free = ? WHERE group_id = ?').run(free, group)
        db.exec('COMMIT')
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK')
        throw error
      }
    },
    /** The oldest notice not claimed yet. */
    nextWaitlistNotice(): WaitlistNotice | undefined {
      const row = sql(
        'SELECT * FROM waitlist_notices WHERE claimed_at IS NULL ORDER BY id LIMIT 1',
      ).get()
      if (!row) return undefined
      return {
        id: num(row.id),
        group: str(row.group_id),
        freed: num(row.freed),
        createdAt: str(row.created_at),
      }
    },
    /** Claims a notice before it is sent (at most once). False if it was claimed already. */
    claimWaitlistNotice(id: number, now: number): boolean {
      const text = 'UPDATE waitlist_notices SET claimed_at = ? WHERE id = ? AND claimed_at IS NULL'
      return Number(sql(text).run(iso(now), id).changes) === 1
    },
    /** The chat has it (or refused it for good): the row goes. */
    dropWaitlistNotice(id: number): void {
      sql('DELETE FROM waitlist_notices WHERE id = ?').run(id)
    },
    /** A notice Telegram surely did not get: it may be sent again. */
    releaseWaitlistNotice(id: number): void {
      sql('UPDATE waitlist_notices SET claimed_at = NULL WHERE id = ?').run(id)
    },
    /**
     * Claims the bot's offer of a seat to her before it is sent, durably (at most once: a restart
     * never sends it again), while her trial still waits linked to that chat; the seat is held for
     * her from now until `until`. False: she was offered one already, or the offer is moot.
     */
    claimWaitlistOffer(
      offer: { leadId: number; group: string; chatId: number; until: number },
      now: number,
    ): boolean {
      const { leadId, group, chatId, until } = offer
      return (
        Number(
          sql(
            `INSERT INTO waitlist_offers (lead_id, group_id, chat_id, offered_at, until_ms)
             SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM trials WHERE lead_id = ?
               AND group_id = ? AND state = 'waiting' AND telegram_chat_id = ?)
             ON CONFLICT DO NOTHING`,
          ).run(leadId, group, chatId, iso(now), until, leadId, group, chatId).changes,
        ) === 1
      )
    },
    /** An offer Telegram surely did not get: as if never made, so it may go again. */
    releaseWaitlistOffer(leadId: number): void {
      sql('DELETE FROM waitlist_offers WHERE lead_id = ? AND answer IS NULL').run(leadId)
    },
    /** An offer Telegram refused for good: it holds no seat, and the next parent is asked. */
    failWaitlistOffer(leadId: number, now: number): void {
      sql(
        `UPDATE waitlist_offers SET answer = 'failed', answered_at = ?
         WHERE lead_id = ? AND answer IS NULL`,
      ).run(iso(now), leadId)
    },
  }
}
