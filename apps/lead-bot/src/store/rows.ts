// The rows of the lead database as the rest of the service sees them, and their conversions.
import type { SQLOutputValue } from 'node:sqlite'
import { maskPhoneDigits } from '@it-lab/shared'
import { TOUCH_KEYS, type LeadSource, type Touch, type TouchKey } from '@it-lab/shared/lead-source'
import { DESK_STATUSES } from '../desk-statuses.ts'
import type { DeskStatus } from '../desk-statuses.ts'

/** `failed`: Telegram refused it for good (4xx); kept for `npm run leads -- --resend-failed`. */
export type LeadStatus = 'pending' | 'sent' | 'failed'

export interface NewLead {
  name: string
  phone: string
  form: string
  consentVersion: string
  /** The course whose page the form was on, the quiz's suggestion, the page path. */
  course?: number | null
  quiz?: number | null
  page?: string | null
  /** The group chosen on a course page: its id, `other` («другое время») or unknown text. */
  group?: string | null
  /** What the service did not know of the lead's metadata, one note a line (shown in the chat). */
  metaWarning?: string | null
  /** Where the family came from: this visit's and the first visit's source, the ClientID. */
  source?: LeadSource | null
  /** The child's age in whole years (5–17), when a trial form gave it. */
  childAge?: number | null
  /** The quiz's promo code the parent was given, and the school day it was given (YYYY-MM-DD). */
  promoCode?: string | null
  promoDate?: string | null
  /** The lesson chosen for the trial, as sent ('YYYY-MM-DDTHH:MM', school time). */
  trialAt?: string | null
  /** The trial she holds, stored with the lead (docs/decisions/0103-a-trial-she-holds.md). */
  trial?: NewTrial | null
}

/** What a parent holds: her page's token (by its hash), the group, the lesson, her place. */
export interface NewTrial {
  tokenHash: string
  group: string
  /** Null: «другое время», the school calls to agree one. */
  at: string | null
  state: TrialState
}

/** Booked into a seat, waiting for one (a full group), or cancelled by her. */
export type TrialState = 'booked' | 'waiting' | 'cancelled'

/** One status press: what was set, when (ISO 8601 UTC) and by whom (the presser's name). */
export interface StatusChange {
  status: DeskStatus
  at: string
  by: string
}

export interface LeadRow extends NewLead {
  id: number
  /** The lead's identity in every copy of the database (backups, merges, the deletion ledger). */
  uid: string
  course: number | null
  quiz: number | null
  page: string | null
  group: string | null
  metaWarning: string | null
  childAge: number | null
  promoCode: string | null
  promoDate: string | null
  trialAt: string | null
  /** Empty when the lead came with no source (docs/decisions/0078). */
  source: LeadSource
  /** ISO 8601 UTC. */
  receivedAt: string
  status: LeadStatus
  /** Sends started, counted before each one goes out. */
  attempts: number
  /** Epoch milliseconds; the outbox sends a pending lead once this has passed. */
  nextAttemptAt: number
  /** Why the last attempt failed; null after a success or while an attempt's outcome is unknown. */
  lastError: string | null
  /** An attempt has started and its outcome is not recorded yet (in flight, or cut by a crash). */
  inFlight: boolean
  /** An earlier attempt may have reached the chat (no answer came): the next says so. */
  mayRepeat: boolean
  sentAt: string | null
  telegramMessageId: number | null
  /** The latest status press, if any. */
  desk: StatusChange | null
  /** The status press (history id) the latest status came from, and the one the message shows. */
  deskStatusId: number | null
  deskShownId: number | null
  remindedAt: string | null
  /** Her trial as it stands, where the query read it (the list: the CSV and the report). */
  heldTrial?: HeldTrial | null
}

/** A trial as it stands: its lesson (null: «другое время») and her place. */
export interface HeldTrial {
  at: string | null
  state: TrialState
}

/** A lead of a digest's week: its form, course, latest status and first status time (ISO). */
export interface DigestRow {
  receivedAt: string
  form: string
  course: number | null
  status: DeskStatus | null
  firstStatusAt: string | null
}

/** A button press read from Telegram, to be applied with the offset that confirms it. */
export interface StatusPress {
  leadId: number
  /** The chat message the button was pressed under: it must be the one showing lead `leadId`. */
  messageId: number
  status: DeskStatus
  by: string
  now: number
}

/** A lead and the time it was received (epoch ms). */
export interface LeadToInsert {
  lead: NewLead
  now: number
}

export interface DeliveryStats {
  pending: number
  failed: number
  /** Epoch ms of the oldest pending lead, if any. */
  oldestPendingAt: number | undefined
}

export function str(value: SQLOutputValue | undefined): string {
  if (typeof value !== 'string') throw new TypeError(`expected text, got ${typeof value}`)
  return value
}

export function strOrNull(value: SQLOutputValue | undefined): string | null {
  return value === null || value === undefined ? null : str(value)
}

export function num(value: SQLOutputValue | undefined): number {
  if (typeof value !== 'number' && typeof value !== 'bigint') {
    throw new TypeError(`expected a number, got ${typeof value}`)
  }
  return Number(value)
}

function deliveryStatus(value: SQLOutputValue | undefined): LeadStatus {
  const text = str(value)
  return text === 'sent' || text === 'failed' ? text : 'pending'
}

export function numOrNull(value: SQLOutputValue | undefined): number | null {
  return value === null || value === undefined ? null : num(value)
}

export function deskStatus(value: SQLOutputValue | undefined): DeskStatus | null {
  const text = strOrNull(value)
  return DESK_STATUSES.find((known) => known === text) ?? null
}

/** The column of each part of a visit's source; the first visit's are `first_` and the same. */
const TOUCH_COLUMNS: Record<TouchKey, string> = {
  utm_source: 'utm_source',
  utm_medium: 'utm_medium',
  utm_campaign: 'utm_campaign',
  utm_content: 'utm_content',
  utm_term: 'utm_term',
  yclid: 'yclid',
  gclid: 'gclid',
  referrer: 'referrer',
  landing: 'landing_page',
}

/** The source's columns, in the order `sourceValues` gives their values. */
export const SOURCE_COLUMNS = [
  ...TOUCH_KEYS.map((key) => TOUCH_COLUMNS[key]),
  ...TOUCH_KEYS.map((key) => `first_${TOUCH_COLUMNS[key]}`),
  'metrika_client_id',
]

/** A lead's source as the values of SOURCE_COLUMNS. */
export function sourceValues(source: LeadSource | null | undefined): (string | null)[] {
  return [
    ...TOUCH_KEYS.map((key) => source?.visit?.[key] ?? null),
    ...TOUCH_KEYS.map((key) => source?.first?.[key] ?? null),
    source?.client_id ?? null,
  ]
}

function toTouch(row: Record<string, SQLOutputValue>, prefix: string): Touch | undefined {
  const touch: Touch = {}
  for (const key of TOUCH_KEYS) {
    const value = strOrNull(row[prefix + TOUCH_COLUMNS[key]])
    if (value !== null) touch[key] = value
  }
  return Object.keys(touch).length === 0 ? undefined : touch
}

function toSource(row: Record<string, SQLOutputValue>): LeadSource {
  const visit = toTouch(row, '')
  const first = toTouch(row, 'first_')
  const clientId = strOrNull(row.metrika_client_id)
  return {
    ...(visit === undefined ? {} : { visit }),
    ...(first === undefined ? {} : { first }),
    ...(clientId === null ? {} : { client_id: clientId }),
  }
}

export function toLead(row: Record<string, SQLOutputValue>): LeadRow {
  const status = deskStatus(row.desk_status)
  return {
    id: num(row.id),
    uid: str(row.uid),
    receivedAt: str(row.received_at),
    name: str(row.name),
    phone: str(row.phone),
    form: str(row.form),
    consentVersion: str(row.consent_version),
    status: deliveryStatus(row.status),
    attempts: num(row.attempts),
    nextAttemptAt: num(row.next_attempt_at),
    lastError: strOrNull(row.last_error),
    inFlight: num(row.in_flight) === 1,
    mayRepeat: num(row.may_repeat) === 1,
    sentAt: strOrNull(row.sent_at),
    telegramMessageId: numOrNull(row.telegram_message_id),
    course: numOrNull(row.course),
    quiz: numOrNull(row.quiz),
    page: strOrNull(row.page),
    group: strOrNull(row.chosen_group),
    metaWarning: strOrNull(row.meta_warning),
    childAge: numOrNull(row.child_age),
    promoCode: strOrNull(row.promo_code),
    promoDate: strOrNull(row.promo_given_on),
    trialAt: strOrNull(row.trial_at),
    source: toSource(row),
    desk:
      status === null ? null : { status, at: str(row.desk_status_at), by: str(row.desk_status_by) },
    deskStatusId: numOrNull(row.desk_status_id),
    deskShownId: numOrNull(row.desk_shown_id),
    remindedAt: strOrNull(row.reminded_at),
    ...('trial_state' in row ? { heldTrial: heldTrialOf(row) } : {}),
  }
}

function heldTrialOf(row: Record<string, SQLOutputValue>): HeldTrial | null {
  const state = strOrNull(row.trial_state)
  if (state === null) return null
  return {
    at: strOrNull(row.trial_lesson),
    state: state === 'waiting' || state === 'cancelled' ? state : 'booked',
  }
}

/** Phone digits as the mask shows them, so `+7(912)…` and `+7 (912) …` are one phone. */
export function phoneKey(phone: string): string {
  return maskPhoneDigits(phone).replace(/\D/g, '')
}

export const iso = (ms: number) => new Date(ms).toISOString()
