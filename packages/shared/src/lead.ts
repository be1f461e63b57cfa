// zod/mini: the same zod, tree-shakable, so the site ships a few kilobytes instead of the full library.
import * as z from 'zod/mini'
import { PHONE_PATTERN } from './phone.ts'

// No compiled validators: the probe for `new Function` trips a strict CSP in the browser
// (and a console error), and two fields gain nothing from compilation.
z.config({ jitless: true })

/**
 * Longest name accepted, in UTF-16 code units like the input's `maxLength`
 * (docs/behaviour.md, "Lead forms").
 */
export const NAME_MAX_LENGTH = 32

/** Texts shown to people (docs/behaviour.md, "Lead forms"). */
export const LEAD_ERRORS = {
  nameTooLong: 'Имя не должно превышать 32 символа',
  phoneInvalid: 'Введите корректный номер телефона',
  nameRequired: 'Введите имя',
  phoneRequired: 'Введите номер телефона',
  nameInvalid: 'Имя содержит недопустимые символы',
} as const

export const SUBMIT_ERROR = 'Произошла ошибка при отправке. Пожалуйста, попробуйте позже.'

// Control characters, plus bidi overrides/isolates that could disguise the text in the chat.
const FORBIDDEN_NAME_CHARS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u

export const leadSchema = z.strictObject({
  name: z.string({ error: LEAD_ERRORS.nameRequired }).check(
    z.trim(),
    z.minLength(1, LEAD_ERRORS.nameRequired),
    z.maxLength(NAME_MAX_LENGTH, LEAD_ERRORS.nameTooLong),
    z.refine((name) => !FORBIDDEN_NAME_CHARS.test(name), LEAD_ERRORS.nameInvalid),
  ),
  phone: z
    .string({ error: LEAD_ERRORS.phoneRequired })
    .check(
      z.trim(),
      z.minLength(1, LEAD_ERRORS.phoneRequired),
      z.regex(PHONE_PATTERN, LEAD_ERRORS.phoneInvalid),
    ),
})

export type Lead = z.infer<typeof leadSchema>
export type LeadField = keyof Lead
export type LeadFieldErrors = Partial<Record<LeadField, string>>

export type LeadValidation =
  | { success: true; data: Lead }
  | { success: false; fields: LeadFieldErrors; unknownFields: string[] }

/** Validates form values; keeps the first message per field, as a form shows one at a time. */
export function validateLead(input: unknown): LeadValidation {
  const result = leadSchema.safeParse(input)
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

/** Version of the consent note shown next to the forms; bump it whenever that text changes. */
export const CONSENT_VERSION = '2025-01'

/** Query parameter carrying the hidden honeypot field: people leave it empty, bots fill it. */
export const HONEYPOT_PARAM = 'website'

/**
 * Query string of `POST /send?form=…&consent=…&website=…`. The body stays `{ name, phone }`
 * exactly, so the metadata travels here. Unknown parameters are dropped, not rejected.
 */
export const leadQuerySchema = z.object({
  form: z.enum(LEAD_FORMS),
  consent: z.string().check(z.trim(), z.minLength(1), z.maxLength(32), z.regex(/^[\w.-]+$/)),
  [HONEYPOT_PARAM]: z.optional(z.string().check(z.maxLength(2048))),
})

export type LeadQuery = z.infer<typeof leadQuerySchema>

/** Builds the query string the site appends to `/send`; an empty honeypot is still sent. */
export function leadQueryString(form: LeadForm, honeypot = '', consent = CONSENT_VERSION): string {
  return new URLSearchParams({ form, consent, [HONEYPOT_PARAM]: honeypot }).toString()
}
