// zod/mini: the same zod, tree-shakable, so the site ships a few kilobytes instead of the full library.
import * as z from 'zod/mini'
import { AGE_RANGE } from './content/schema.ts'
import { normalizePhone } from './phone.ts'
import { isTrialAt } from './trial-dates.ts'

// No compiled validators: the probe for `new Function` trips a strict CSP in the browser
// (and a console error), and two fields gain nothing from compilation.
z.config({ jitless: true })

/**
 * Longest name accepted, counted in what a person sees: user-perceived characters (grapheme
 * clusters), so `Zoë` written with a combining mark or a name with an emoji counts as it looks.
 * The site's input `maxLength` counts UTF-16 units, never fewer than graphemes, so whatever the
 * input lets through passes here (docs/decisions/0014-name-rules.md).
 */
export const NAME_MAX_LENGTH = 32

/** A backstop in UTF-16 units: 32 graphemes may not carry kilobytes of stacked marks. */
const NAME_MAX_UNITS = 4 * NAME_MAX_LENGTH

// Made on first use: building a segmenter loads the engine's break-iterator data, about 40 ms of
// main thread in Chromium, which the site's start-up would otherwise pay on every page.
let graphemes: Intl.Segmenter | undefined

/** User-perceived characters in `text`. */
export function graphemeCount(text: string): number {
  graphemes ??= new Intl.Segmenter('ru', { granularity: 'grapheme' })
  return Array.from(graphemes.segment(text)).length
}

/** Texts shown to people (docs/behaviour.md, "Lead forms"). */
export const LEAD_ERRORS = {
  nameTooLong: 'Имя не должно превышать 32 символа',
  phoneInvalid: 'Введите корректный номер телефона',
  nameRequired: 'Введите имя',
  phoneRequired: 'Введите номер телефона',
  nameInvalid: 'Имя содержит недопустимые символы',
} as const

export const SUBMIT_ERROR = 'Произошла ошибка при отправке. Пожалуйста, попробуйте позже.'

// Control characters, line and paragraph separators, and every direction mark, embedding,
// override or isolate: they could break or disguise the text in the chat and the CSV. Then
// characters no keyboard types into a name and no font agrees on: private use (every plane),
// non-characters, the object replacement character and a lone UTF-16 surrogate, which is no
// character at all (docs/decisions/0014-name-rules.md).
const FORBIDDEN_NAME_CHARS =
  /[\p{Cc}\p{Zl}\p{Zp}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\p{Co}\p{Cs}\p{Noncharacter_Code_Point}\uFFFC]/u
// What draws nothing: spaces, format characters (zero-width space, joiners, soft hyphen …),
// combining marks with no base, the Hangul fillers and the Braille blank, which render as blanks.
const INVISIBLE = /[\p{White_Space}\p{Cf}\p{M}\u115F\u1160\u3164\uFFA0\u2800]/gu

/**
 * The most of a lead's `group` kept: a group's id is its file name, far shorter; a longer value
 * (a stale or foreign client's) is cut, never a reason to refuse the lead
 * (docs/decisions/0075-groups-and-trials.md).
 */
export const GROUP_MAX_LENGTH = 64

/** A group value as stored: one printable line, at most GROUP_MAX_LENGTH characters; empty: none. */
function cleanGroup(value: string): string | undefined {
  const line = [...value.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}]/gu, '').trim()]
  return line.length === 0 ? undefined : line.slice(0, GROUP_MAX_LENGTH).join('').trim()
}

/**
 * The child's age a trial form may send: whole years, the school's ages (5 to 17). Optional, and
 * never a reason to refuse a lead: anything else (a stale or foreign client's) is dropped, so
 * nothing but such a number is ever stored (docs/decisions/0088-what-parents-check.md).
 */
export const CHILD_AGE = AGE_RANGE

/** A child's age as stored: 5 to 17 written as a number or as its digits; anything else: none. */
function cleanChildAge(value: unknown): number | undefined {
  const age =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d{1,2}\s*$/.test(value)
        ? Number(value)
        : NaN
  return Number.isInteger(age) && age >= CHILD_AGE.min && age <= CHILD_AGE.max ? age : undefined
}

/** The most of a quiz promo code kept: a code the owner writes is far shorter. */
export const PROMO_CODE_MAX_LENGTH = 32

/** The quiz's promo code as stored: one printable line of at most 32 characters; else none. */
function cleanPromoCode(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const code = value.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}]/gu, '').trim()
  return code === '' || [...code].length > PROMO_CODE_MAX_LENGTH ? undefined : code
}

/** Whether `value` is a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(value: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!parts) return false
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])]
  // Date.UTC rolls an impossible day or month over (Feb 30 → Mar 2); a real date reads back.
  const date = new Date(Date.UTC(year, month - 1, day))
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  )
}

/** A lenient optional field: its value read by `clean`, never a reason to refuse the lead. */
const lenient = <T>(clean: (value: unknown) => T | undefined) =>
  z.optional(z.pipe(z.unknown(), z.transform(clean)))

function createLeadSchema() {
  return z.strictObject({
    name: z.string({ error: LEAD_ERRORS.nameRequired }).check(
      z.trim(),
      z.minLength(1, LEAD_ERRORS.nameRequired),
      z.refine(
        // A name of at most NAME_MAX_LENGTH UTF-16 units has at most as many graphemes.
        (name) =>
          name.length <= NAME_MAX_LENGTH ||
          (name.length <= NAME_MAX_UNITS && graphemeCount(name) <= NAME_MAX_LENGTH),
        LEAD_ERRORS.nameTooLong,
      ),
      z.refine((name) => !FORBIDDEN_NAME_CHARS.test(name), LEAD_ERRORS.nameInvalid),
      z.refine((name) => name.replace(INVISIBLE, '') !== '', LEAD_ERRORS.nameInvalid),
    ),
    // Any way of writing a Russian number is taken and stored in the one shape.
    phone: z.pipe(
      z.string({ error: LEAD_ERRORS.phoneRequired }).check(
        z.trim(),
        z.minLength(1, LEAD_ERRORS.phoneRequired),
        z.refine((phone) => normalizePhone(phone) !== undefined, LEAD_ERRORS.phoneInvalid),
      ),
      z.transform((phone) => normalizePhone(phone) ?? phone),
    ),
    /** The group the parent chose on a course page (its id), or `other` for «другое время». */
    group: z.optional(
      z.pipe(
        z.string({ error: 'group must be text' }),
        z.transform((group) => cleanGroup(group)),
      ),
    ),
    /** The child's age in whole years (5–17), when a trial form asked it and the parent gave it. */
    childAge: lenient(cleanChildAge),
    /** The quiz's promo code this browser was given, and the school day it was given (YYYY-MM-DD). */
    promoCode: lenient(cleanPromoCode),
    promoDate: lenient((value) =>
      typeof value === 'string' && isCalendarDay(value) ? value : undefined,
    ),
    /** The group's lesson chosen for the trial ('YYYY-MM-DDTHH:MM'); anything else is dropped. */
    trialAt: lenient((value) => (isTrialAt(value) ? value : undefined)),
  })
}

// Built on first use, not on import: zod builds a schema object by object, and the site would
// pay for it on every page's start-up though a form validates only once someone submits.
let schema: ReturnType<typeof createLeadSchema> | undefined

/** The lead's `{ name, phone }` schema, one for the site's forms and the service. */
export function leadSchema(): ReturnType<typeof createLeadSchema> {
  return (schema ??= createLeadSchema())
}

export type Lead = z.infer<ReturnType<typeof createLeadSchema>>
export type LeadField = 'name' | 'phone'
export type LeadFieldErrors = Partial<Record<LeadField, string>>

export type LeadValidation =
  | { success: true; data: Lead }
  | { success: false; fields: LeadFieldErrors; unknownFields: string[] }

/** Validates form values; keeps the first message per field, as a form shows one at a time. */
export function validateLead(input: unknown): LeadValidation {
  const result = leadSchema().safeParse(input)
  if (result.success) return { success: true, data: result.data }
  const fields: LeadFieldErrors = {}
  const unknownFields: string[] = []
  for (const issue of result.error.issues) {
    const key = issue.path[0]
    if (issue.code === 'unrecognized_keys') unknownFields.push(...issue.keys)
    else if ((key === 'name' || key === 'phone') && fields[key] === undefined) {
      fields[key] = issue.message
    }
  }
  return { success: false, fields, unknownFields }
}

/** Which form a lead came from; the service stores it and shows it in the chat message. */
export const LEAD_FORMS = ['feedback', 'trial_lesson_popup'] as const
export type LeadForm = (typeof LEAD_FORMS)[number]

/** Stored when a client sends no form (the bare `{name, phone}` contract). */
export const UNKNOWN_FORM = 'unknown'
/** Stored when a client sends no consent version. */
export const UNSTATED_CONSENT = 'unstated'
const CONSENT_VERSION_SHAPE = /^(?<day>\d{4}-\d{2}-\d{2})\.[0-9a-f]{8}$/

/**
 * Whether `value` is a consent version: the consent document's effective date (a real calendar
 * date, `YYYY-MM-DD`), a dot, and the first 8 lower-case hex digits of the SHA-256 of its text,
 * so it changes whenever the text does (docs/decisions/0017-lead-query-contract.md).
 */
export function isConsentVersion(value: string): boolean {
  const day = CONSENT_VERSION_SHAPE.exec(value)?.groups?.day
  return day !== undefined && isCalendarDay(day)
}

/** Query parameter carrying the hidden honeypot field: people leave it empty, bots fill it. */
export const HONEYPOT_PARAM = 'website'

/**
 * The query parameter of one sending of a lead: a random id the site's script makes once per
 * send and keeps when it tries again after a network failure, so the service stores the lead once
 * (docs/decisions/0081-the-editor-as-a-door.md, "Smaller doors"). Not personal data.
 */
export const REQUEST_ID_PARAM = 'rid'
/** A request id as the service takes it (a UUID, or any such random token). */
export const REQUEST_ID = /^[A-Za-z0-9_-]{16,64}$/

/** What the site knows about where a lead came from; every part optional. */
export type LeadContext = {
  course?: number
  quiz?: number
  page?: string
}

/**
 * Builds the query string the site appends to `/send`; an empty honeypot is still sent, the
 * consent version and each part of the context only when given.
 */
export function leadQueryString(
  form: LeadForm,
  honeypot = '',
  consent?: string,
  context: LeadContext = {},
): string {
  const { course, quiz, page } = context
  return new URLSearchParams({
    form,
    ...(consent === undefined ? {} : { consent }),
    ...(course === undefined ? {} : { course: String(course) }),
    ...(quiz === undefined ? {} : { quiz: String(quiz) }),
    ...(page === undefined ? {} : { page }),
    [HONEYPOT_PARAM]: honeypot,
  }).toString()
}
