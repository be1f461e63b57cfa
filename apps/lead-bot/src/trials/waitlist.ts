// The waitlist tells the school (docs/decisions/0103-a-trial-she-holds.md, "The waitlist"): when a
// group's open places rise (a cancel, a «Отказ», a hold that ran out, the owner's new numbers) and
// parents wait, the chat gets one message listing them in order, by lead number and how long each
// has waited, never a name or a phone. It replies to the first one's lead message, where the desk's
// buttons are.
import { groupTimeText, type GroupEntry } from '@it-lab/shared'
import { pluralRu } from '@it-lab/shared/plural'
import { courseTitle } from '../lead-words.ts'
import type { LeadStore } from '../store/lead-store.ts'
import type { SeatTrial, WaitlistNotice } from '../store/seat-store.ts'
import { escapeHtml } from '../telegram-message.ts'
import { momentText } from './offers.ts'
import type { Seats } from './seats.ts'

const DAY_MS = 86_400_000

export type WaitlistStore = Pick<
  LeadStore,
  | 'seatBaseline'
  | 'seeSeats'
  | 'nextWaitlistNotice'
  | 'claimWaitlistNotice'
  | 'releaseWaitlistNotice'
  | 'dropWaitlistNotice'
>

/** «3 дня», «1 день», «меньше дня»: how long a family has waited. */
export function waitedText(since: string, now: number): string {
  const days = Math.floor((now - Date.parse(since)) / DAY_MS)
  return days < 1 ? 'меньше дня' : `${days} ${pluralRu(days, ['день', 'дня', 'дней'])}`
}

/**
 * «В группе «Python, Сб 10:00–11:30» освободилось место. Ждут: №12 (3 дня), №15 (1 день)», and
 * whom the bot offered it to: «Предложено в Telegram: №11 — до пт 27 ноября, 12:00».
 */
export function waitlistText(
  group: Pick<GroupEntry, 'course' | 'days' | 'start' | 'end'>,
  freed: number,
  waiting: readonly Pick<SeatTrial, 'leadId' | 'createdAt'>[],
  now: number,
  offered: readonly Pick<SeatTrial, 'leadId' | 'offer'>[] = [],
): string {
  const name = escapeHtml(`${courseTitle(group.course)}, ${groupTimeText(group)}`)
  const seats =
    freed === 1
      ? 'освободилось место'
      : `освободилось ${freed} ${pluralRu(freed, ['место', 'места', 'мест'])}`
  const list = waiting.map((trial) => `№${trial.leadId} (${waitedText(trial.createdAt, now)})`)
  const offers = offered.map(
    (trial) => `№${trial.leadId} — до ${momentText(trial.offer?.until ?? now)}`,
  )
  return [
    `В группе «${name}» ${seats}.`,
    ...(offers.length === 0 ? [] : [`Предложено в Telegram: ${offers.join(', ')}.`]),
    ...(list.length === 0 ? [] : [`Ждут: ${list.join(', ')}`]),
  ].join(' ')
}

/** A notice to send: its text, or none when no seat is open or nobody waits any more (dropped). */
export interface WaitlistMessage {
  notice: WaitlistNotice
  text: string | undefined
  /** The first waiting family's lead message. */
  replyTo: number | undefined
}

export interface Waitlist {
  /** Looks at every group's open places; a rise where parents wait stores one notice. */
  watch(now: number): void
  /** The oldest notice not sent yet, with its text as things stand now. */
  next(now: number): WaitlistMessage | undefined
  claim(id: number, now: number): boolean
  release(id: number): void
  drop(id: number): void
}

export function createWaitlist(store: WaitlistStore, seats: Seats<GroupEntry>): Waitlist {
  return {
    watch(now) {
      for (const group of seats.groups) {
        const counted = seats.of(group.id, now)
        if (!counted) continue
        // A seat the bot holds for the parent it offered it to counts as freed: the chat hears of
        // it whether the offer came before this look or after.
        const freed = counted.open + counted.offered.length
        // Written only when it moved: the outbox looks at every pass.
        if (freed !== store.seatBaseline(group.id)?.seenFree) {
          const waiting = counted.waiting.length + counted.offered.length
          store.seeSeats(group.id, freed, waiting > 0, now)
        }
      }
    },
    next(now) {
      const notice = store.nextWaitlistNotice()
      if (!notice) return undefined
      const group = seats.groups.find((known) => known.id === notice.group)
      const counted = group && seats.of(group.id, now)
      // A seat the bot holds for a parent it offered it to is still news for the chat.
      const { waiting, offered } = counted ?? { waiting: [], offered: [] }
      const open = (counted?.open ?? 0) + offered.length
      if (!group || open === 0 || waiting.length + offered.length === 0) {
        return { notice, text: undefined, replyTo: undefined }
      }
      const freed = Math.min(notice.freed, open)
      return {
        notice,
        text: waitlistText(group, freed, waiting, now, offered),
        replyTo: (offered[0] ?? waiting[0])?.messageId ?? undefined,
      }
    },
    claim: (id, now) => store.claimWaitlistNotice(id, now),
    release: (id) => store.releaseWaitlistNotice(id),
    drop: (id) => store.dropWaitlistNotice(id),
  }
}
