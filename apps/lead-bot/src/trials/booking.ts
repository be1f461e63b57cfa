// A trial booked with a lead (docs/decisions/0103-a-trial-she-holds.md): the lesson the parent chose,
// checked against her group's real lessons, and her page's link. The link is 128 random bits;
// only its SHA-256 is stored, so a copy of the database opens nobody's page.
import { createHash, randomBytes } from 'node:crypto'
import { OTHER_TIME, type GroupEntry } from '@it-lab/shared'
import {
  FIELD_LABELS,
  TRIAL_BOOKING_DEFAULTS,
  contentSchemas,
  readContentFile,
  type TrialBooking,
} from '@it-lab/shared/content'
import {
  isTrialAt,
  nextTrialDates,
  schoolDay,
  trialAtText,
  type TrialAt,
} from '@it-lab/shared/trial-dates'
import type { NewTrial } from '../store/rows.ts'

/** Every lesson within the horizon: a chosen date is checked against all of them, not the first few. */
const ANY_LESSON = 31

/** The booking settings of content/trial-offer.json; their defaults while that file is broken. */
export function readTrialBooking(): TrialBooking {
  const schema = contentSchemas().trialOffer
  const read = readContentFile('trial-offer.json', schema, FIELD_LABELS.trialOffer)
  return read.ok ? read.value.booking : { ...TRIAL_BOOKING_DEFAULTS, closedDays: [] }
}

/** A new link's token (base64url, 22 characters) and the hash that is stored. */
export function newTrialToken(): { token: string; hash: string } {
  const token = randomBytes(16).toString('base64url')
  return { token, hash: hashTrialToken(token) }
}

export function hashTrialToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Whether `token` is shaped like one of ours (anything else is not looked up). */
export function isTrialToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(token)
}

/** A group by its id, as this service knows it (the shared catalogue's `groupEntry`). */
export type GroupOf = (id: string) => GroupEntry | undefined

/** The group's lessons a trial may be booked or moved to now. */
export function bookableDates(group: GroupEntry, booking: TrialBooking, now: number): TrialAt[] {
  return nextTrialDates(group, schoolDay(new Date(now)), booking.closedDays, ANY_LESSON)
}

/** The chat's note on a lead whose group had no free place when it was sent. */
export const WAITLIST_NOTE = 'Мест в группе нет — родитель в листе ожидания'

/**
 * The trial a lead books, without its token: only for a group this service knows. A date that is
 * not one of the group's lessons still to come (a page open since before it passed) books the
 * group without a date, and the chat is told; the lead is never refused for it. A full group
 * (`isFull`, the seats' count) takes it as `waiting`: on the waiting list, holding no seat.
 */
export function trialOf(
  group: string | null,
  trialAt: string | undefined,
  {
    booking,
    groupOf,
    isFull,
  }: { booking: TrialBooking; groupOf: GroupOf; isFull?: (group: string) => boolean },
  now: number,
): { trial: Omit<NewTrial, 'tokenHash'>; warning?: string } | undefined {
  const entry = group === null || group === OTHER_TIME ? undefined : groupOf(group)
  if (group === null || entry === undefined) return undefined
  const state = isFull?.(group) === true ? 'waiting' : 'booked'
  const notes = state === 'waiting' ? [WAITLIST_NOTE] : []
  const booked = (at: string | null, dateNote?: string) => {
    const warning = [...notes, ...(dateNote === undefined ? [] : [dateNote])].join('\n')
    return { trial: { group, at, state }, ...(warning === '' ? {} : { warning }) } as const
  }
  if (trialAt === undefined) return booked(null)
  if (isTrialAt(trialAt) && bookableDates(entry, booking, now).includes(trialAt)) {
    return booked(trialAt)
  }
  return booked(
    null,
    isTrialAt(trialAt)
      ? `Дата пробного (${trialAtText(trialAt)}) уже недоступна — договоритесь о другой`
      : 'Дата пробного не прочитана — договоритесь о дате',
  )
}
