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
        `SELECT t.lead_id, t.at, t.state, t.created_at, l.desk_status, l.desk_status_at,
           l.telegram_message_id
         FROM trials AS t JOIN leads AS l ON l.id = t.lead_id
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
  }
}
