// The delivery state of the lead channels besides Telegram (docs/decisions/0077): one row per lead
// and channel in `lead_deliveries`, made when the lead is stored for every channel on then.
import type { Connection } from './connection.ts'
import { iso, num, str, strOrNull, toLead } from './rows.ts'
import type { LeadRow } from './rows.ts'
import { isChannelName } from '../channel-names.ts'
import type { ExtraChannelName } from '../channel-names.ts'

/** A lead as one channel has it: the lead and that channel's attempts on it. */
export interface DueDelivery {
  lead: LeadRow
  /** Attempts made on this channel so far (each counted with its outcome). */
  attempts: number
  nextAttemptAt: number
}

/** What one attempt on one channel came to, recorded with its attempt. */
export type DeliveryOutcome = { leadId: number; channel: ExtraChannelName } & (
  | { kind: 'sent'; at: number; ref?: string }
  | { kind: 'retry'; error: string; nextAttemptAt: number }
  | { kind: 'failed'; error: string }
)

export interface ChannelStats {
  pending: number
  failed: number
  /** Epoch ms when the oldest lead still pending on this channel was received. */
  oldestPendingAt: number | undefined
}

export function channelQueue(conn: Connection) {
  const { db, sql } = conn
  // The uid of each lead a channel's worker read, by channel and id. A restore beside the service
  // may renumber a lead while its delivery is in flight (merge.ts): the outcome goes to it by its
  // uid, never to the restored lead that took its number (docs/decisions/0082).
  const read = new Map<string, string>()
  const readKey = (channel: string, leadId: number) => `${channel}:${leadId}`
  function remember(channel: string, lead: LeadRow): LeadRow {
    read.set(readKey(channel, lead.id), lead.uid)
    return lead
  }
  /** The lead row an outcome of `channel` for `leadId` is about, as its worker read it. */
  function leadOf(channel: string, leadId: number): number | null {
    const uid = read.get(readKey(channel, leadId))
    if (uid === undefined) return leadId
    const row = sql('SELECT id FROM leads WHERE uid = ?').get(uid)
    return row ? num(row.id) : null
  }

  const queue = {
    /**
     * Records which channels are on: new ones from now, the rest off (their rows stay, unsent,
     * and no longer hold back the retention period). Returns the names turned on just now.
     */
    setChannels(names: readonly ExtraChannelName[], now: number): ExtraChannelName[] {
      db.exec('BEGIN IMMEDIATE')
      try {
        const added: ExtraChannelName[] = []
        sql('UPDATE delivery_channels SET active = 0').run()
        for (const name of names) {
          const row = sql(
            `INSERT INTO delivery_channels (name, on_since) VALUES (?, ?)
             ON CONFLICT (name) DO UPDATE SET active = 1 RETURNING on_since`,
          ).get(name, iso(now))
          if (row && str(row.on_since) === iso(now)) added.push(name)
        }
        db.exec('COMMIT')
        return added
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK')
        throw error
      }
    },
    /** Up to `limit` leads due on this channel at `now`, the soonest due first. */
    dueDeliveries(channel: ExtraChannelName, now: number, limit: number): DueDelivery[] {
      return sql(
        `SELECT l.*, d.attempts AS delivery_attempts, d.next_attempt_at AS delivery_next
         FROM lead_deliveries AS d JOIN leads AS l ON l.id = d.lead_id
         WHERE d.channel = ? AND d.status = 'pending' AND d.next_attempt_at <= ?
         ORDER BY d.next_attempt_at, d.lead_id LIMIT ?`,
      )
        .all(channel, now, limit)
        .map((row) => ({
          lead: remember(channel, toLead(row)),
          attempts: num(row.delivery_attempts),
          nextAttemptAt: num(row.delivery_next),
        }))
    },
    /** The lead this channel should send next: the soonest due, the oldest first. */
    nextDelivery(channel: ExtraChannelName): DueDelivery | undefined {
      const row = sql(
        `SELECT l.*, d.attempts AS delivery_attempts, d.next_attempt_at AS delivery_next
         FROM lead_deliveries AS d JOIN leads AS l ON l.id = d.lead_id
         WHERE d.channel = ? AND d.status = 'pending'
         ORDER BY d.next_attempt_at, d.lead_id LIMIT 1`,
      ).get(channel)
      if (!row) return undefined
      return {
        lead: remember(channel, toLead(row)),
        attempts: num(row.delivery_attempts),
        nextAttemptAt: num(row.delivery_next),
      }
    },
    /** Delivered: `ref` is what the receiver calls it (a CRM's id, a message id), if it said. */
    markDelivered(leadId: number, channel: ExtraChannelName, now: number, ref?: string): void {
      sql(
        `UPDATE lead_deliveries SET status = 'sent', attempts = attempts + 1, sent_at = ?,
           last_error = NULL, ref = ? WHERE lead_id = ? AND channel = ?`,
      ).run(iso(now), ref ?? null, leadOf(channel, leadId), channel)
    },
    /** A failure that may pass: stays pending, due again at `nextAttemptAt`. */
    markDeliveryRetry(
      leadId: number,
      channel: ExtraChannelName,
      error: string,
      nextAttemptAt: number,
    ): void {
      sql(
        `UPDATE lead_deliveries SET attempts = attempts + 1, last_error = ?, next_attempt_at = ?
         WHERE lead_id = ? AND channel = ?`,
      ).run(error.slice(0, 1000), nextAttemptAt, leadOf(channel, leadId), channel)
    },
    /** Refused for good, or out of attempts: a dead letter until resent. */
    markDeliveryFailed(leadId: number, channel: ExtraChannelName, error: string): void {
      sql(
        `UPDATE lead_deliveries SET status = 'failed', attempts = attempts + 1, last_error = ?
         WHERE lead_id = ? AND channel = ?`,
      ).run(error.slice(0, 1000), leadOf(channel, leadId), channel)
    },
    /** Puts a channel's dead letters (every channel's without one) back, due now, with fresh attempts. */
    resendFailedDeliveries(now: number, channel?: ExtraChannelName): number {
      return num(
        sql(
          `UPDATE lead_deliveries SET status = 'pending', attempts = 0, next_attempt_at = $now
           WHERE status = 'failed' AND ($channel IS NULL OR channel = $channel)`,
        ).run({ channel: channel ?? null, now }).changes,
      )
    },
    /** Makes every pending delivery due now (a start, a write by the CLI). Returns how many. */
    makeDeliveriesDue(now: number): number {
      return num(
        sql(
          `UPDATE lead_deliveries SET next_attempt_at = ?
           WHERE status = 'pending' AND next_attempt_at > ?`,
        ).run(now, now).changes,
      )
    },
    /** The channels the service last started with (the CLI reports on these). */
    activeChannels(): ExtraChannelName[] {
      return sql('SELECT name FROM delivery_channels WHERE active = 1 ORDER BY rowid')
        .all()
        .map((row) => str(row.name))
        .filter((name): name is ExtraChannelName => isChannelName(name) && name !== 'telegram')
    },
    /** Pending and failed leads of each channel named, and its oldest pending one. */
    channelStats(channels: readonly ExtraChannelName[]): Record<string, ChannelStats> {
      const stats: Record<string, ChannelStats> = {}
      for (const channel of channels) {
        const row = sql(
          `SELECT COUNT(*) FILTER (WHERE d.status = 'pending') AS pending,
                  COUNT(*) FILTER (WHERE d.status = 'failed') AS failed,
                  MIN(l.received_at) FILTER (WHERE d.status = 'pending') AS oldest
           FROM lead_deliveries AS d JOIN leads AS l ON l.id = d.lead_id WHERE d.channel = ?`,
        ).get(channel)
        const oldest = strOrNull(row?.oldest)
        stats[channel] = {
          pending: num(row?.pending),
          failed: num(row?.failed),
          oldestPendingAt: oldest === null ? undefined : Date.parse(oldest),
        }
      }
      return stats
    },
  }

  return {
    ...queue,
    /**
     * Records several outcomes in one transaction (one fsync): a channel's worker writes its
     * attempts in batches, so deliveries never cost the leads arriving a sync each (0077).
     */
    recordDeliveries(outcomes: readonly DeliveryOutcome[]): void {
      if (outcomes.length === 0) return
      db.exec('BEGIN IMMEDIATE')
      try {
        for (const outcome of outcomes) {
          const { leadId, channel } = outcome
          if (outcome.kind === 'sent') queue.markDelivered(leadId, channel, outcome.at, outcome.ref)
          else if (outcome.kind === 'retry') {
            queue.markDeliveryRetry(leadId, channel, outcome.error, outcome.nextAttemptAt)
          } else queue.markDeliveryFailed(leadId, channel, outcome.error)
        }
        db.exec('COMMIT')
        for (const { leadId, channel } of outcomes) read.delete(readKey(channel, leadId))
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK')
        throw error
      }
    },
  }
}
