// Seats that follow the desk (docs/decisions/0103-a-trial-she-holds.md): a group's free places are
// the owner's typed number as the baseline when the service first saw it, less the families the
// desk enrolled since, less the trials holding a seat now; what is left goes first to the parents
// waiting. Never below 0, never above the group's size.
import type { GroupEntry } from '@it-lab/shared'
import type { TrialBooking } from '@it-lab/shared/content'
import { isTrialAt, trialMoment } from '@it-lab/shared/trial-dates'
import type { LeadStore } from '../store/lead-store.ts'
import type { SeatBaseline, SeatTrial } from '../store/seat-store.ts'
import { iso } from '../store/rows.ts'

const DAY_MS = 86_400_000

/** What the count needs of a group: its id and the owner's numbers. */
export type SeatGroup = Pick<GroupEntry, 'id' | 'seats' | 'size'>

export type SeatsStore = Pick<LeadStore, 'seatBaseline' | 'setSeatBaseline' | 'seatTrials'>

/** When a booked trial stops holding its seat: `holdDays` after its lesson, or after booking without one. */
export function holdEndsAt(trial: Pick<SeatTrial, 'at' | 'createdAt'>, holdDays: number): number {
  const from =
    trial.at !== null && isTrialAt(trial.at)
      ? trialMoment(trial.at).getTime()
      : Date.parse(trial.createdAt)
  return from + holdDays * DAY_MS
}

/** The bot's offer of a seat to a waiting parent, not answered and within its 24 hours. */
export function isOffered(trial: Pick<SeatTrial, 'state' | 'offer'>, now: number): boolean {
  return (
    trial.state === 'waiting' &&
    trial.offer !== null &&
    !trial.offer.answered &&
    now < trial.offer.until
  )
}

/**
 * A booked trial the desk has not settled either way, within its hold; or a waiting one the bot
 * offered a seat to, while the offer stands.
 */
export function holdsSeat(trial: SeatTrial, holdDays: number, now: number): boolean {
  if (trial.deskStatus === 'enrolled' || trial.deskStatus === 'refused') return false
  if (isOffered(trial, now)) return true
  return trial.state === 'booked' && now < holdEndsAt(trial, holdDays)
}

/**
 * A family on the waiting list: its trial waits for a seat, no offer holds one for it, and the
 * desk has not settled it.
 */
export function waitsForSeat(trial: SeatTrial, now: number): boolean {
  return (
    trial.state === 'waiting' &&
    !isOffered(trial, now) &&
    trial.deskStatus !== 'enrolled' &&
    trial.deskStatus !== 'refused'
  )
}

/** Enrolled by the desk since the count's baseline (one enrolled before is in the owner's number). */
function enrolledSince(trials: readonly SeatTrial[], since: string): number {
  return trials.filter(
    (trial) =>
      trial.deskStatus === 'enrolled' && trial.deskStatusAt !== null && trial.deskStatusAt >= since,
  ).length
}

export interface GroupSeats {
  /** Places no family holds or took, before the waiting parents: 0 to the size. */
  open: number
  /** The waiting parents, first come first. */
  waiting: SeatTrial[]
  /** The waiting parents the bot offered a seat to, while the offer stands (it holds the seat). */
  offered: SeatTrial[]
  /** What the site shows: the open places the waiting parents leave. */
  free: number
}

/** A group's seats at `now` from its baseline and trials. */
export function countSeats(
  group: SeatGroup,
  baseline: Pick<SeatBaseline, 'free' | 'since'>,
  trials: readonly SeatTrial[],
  holdDays: number,
  now: number,
): GroupSeats {
  const held = trials.filter((trial) => holdsSeat(trial, holdDays, now)).length
  const left = baseline.free - enrolledSince(trials, baseline.since) - held
  const open = Math.max(0, Math.min(left, group.size ?? Infinity))
  const waiting = trials.filter((trial) => waitsForSeat(trial, now))
  const offered = trials.filter(
    (trial) =>
      isOffered(trial, now) && trial.deskStatus !== 'enrolled' && trial.deskStatus !== 'refused',
  )
  return { open, waiting, offered, free: Math.max(0, open - waiting.length) }
}

/**
 * The baseline after the owner's save, or undefined when her numbers are the ones it has. New free
 * places start the count again from them; a new size alone keeps the count, moved by the places
 * added or taken away (the owner raising the size frees seats).
 */
export function nextBaseline(
  group: SeatGroup,
  stored: SeatBaseline | undefined,
  trials: readonly SeatTrial[],
  now: number,
): Omit<SeatBaseline, 'seenFree'> | undefined {
  const typed = { typedSeats: group.seats, typedSize: group.size ?? null }
  if (stored === undefined || stored.typedSeats !== group.seats) {
    return { ...typed, free: group.seats, since: iso(now) }
  }
  if (stored.typedSize === typed.typedSize) return undefined
  if (stored.typedSize === null || typed.typedSize === null) {
    return { ...typed, free: stored.free, since: stored.since }
  }
  const added = typed.typedSize - stored.typedSize
  return {
    ...typed,
    free: stored.free - enrolledSince(trials, stored.since) + added,
    since: iso(now),
  }
}

export interface Seats<G extends SeatGroup = SeatGroup> {
  /** A group's seats now; undefined for a group this service does not know. */
  of(id: string, now: number): GroupSeats | undefined
  /** Whether a trial booked now must wait: the group is known and shows no free place. */
  isFull(id: string, now: number): boolean
  /** Every group's free places and size, as the site is told (no one's personal data). */
  all(now: number): Record<string, { free: number; size?: number }>
  readonly groups: readonly G[]
}

/**
 * The seats of `groups`, counted from the store. The owner's numbers are taken as the baseline at
 * once (the service restarts with every publish); if the database refuses that write, the count
 * starts from her typed number at this start.
 */
export function createSeats<G extends SeatGroup>(
  store: SeatsStore,
  groups: readonly G[],
  booking: Pick<TrialBooking, 'holdDays'>,
  startedAt: number,
): Seats<G> {
  const fallbacks = new Map<string, Pick<SeatBaseline, 'free' | 'since'>>()
  for (const group of groups) {
    try {
      const next = nextBaseline(
        group,
        store.seatBaseline(group.id),
        store.seatTrials(group.id),
        startedAt,
      )
      if (next) store.setSeatBaseline(group.id, next)
    } catch {
      fallbacks.set(group.id, { free: group.seats, since: iso(startedAt) })
    }
  }
  const of = (id: string, now: number): GroupSeats | undefined => {
    const group = groups.find((known) => known.id === id)
    if (!group) return undefined
    const baseline = fallbacks.get(id) ??
      store.seatBaseline(id) ?? { free: group.seats, since: iso(startedAt) }
    return countSeats(group, baseline, store.seatTrials(id), booking.holdDays, now)
  }
  return {
    of,
    isFull: (id, now) => of(id, now)?.free === 0,
    all(now) {
      const all: Record<string, { free: number; size?: number }> = {}
      for (const group of groups) {
        const free = of(group.id, now)?.free ?? group.seats
        all[group.id] = group.size === undefined ? { free } : { free, size: group.size }
      }
      return all
    },
    groups,
  }
}
