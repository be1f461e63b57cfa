// The service's side of the lead contract: it reads the metadata the site sends with a lead, in
// the query of a JSON post (`leadQueryString`, lead.ts) or as the hidden fields of a form post.
// A module of its own so the site's bundle never carries it.
//
// A lead is never refused for its metadata (docs/behaviour.md, "Lead context"): the site and the
// service may be deployed in any order, so a course, page or form this service does not know is
// kept where its shape is sound, or dropped, and each case leaves a warning for the chat.
import { COURSE_CATALOGUE, HIDDEN_COURSES } from './courses.ts'
import {
  HONEYPOT_PARAM,
  LEAD_FORMS,
  REQUEST_ID,
  REQUEST_ID_PARAM,
  UNKNOWN_FORM,
  UNSTATED_CONSENT,
  isConsentVersion,
  type LeadForm,
} from './lead.ts'
import { prerenderPaths } from './site-paths.ts'

/** A course id as a page would send it: a positive integer without a leading zero. */
const COURSE_ID = /^[1-9][0-9]{0,5}$/
/** A path of the site: what a page of a newer site may be called. */
const SITE_PATH = /^\/[A-Za-z0-9/_.-]{0,127}$/
/** The most of a dropped value a warning repeats. */
const ECHO_MAX = 40

export type LeadMeta = {
  form: LeadForm | typeof UNKNOWN_FORM
  consent: string
  /** The course whose page the form was on, the quiz's suggestion in this visit, the page path. */
  course: number | null
  quiz: number | null
  page: string | null
  /** The honeypot field's value: empty for people. */
  honeypot: string
  /** The site's id of this sending, when it sent a sound one (lead.ts REQUEST_ID_PARAM). */
  requestId: string | null
  /** Russian notes for the chat about metadata this service did not know; empty when all was known. */
  warnings: string[]
  /** The parameters behind the warnings, for the log (never their values). */
  unknownParams: string[]
}

export type LeadMetaResult =
  { success: true; meta: LeadMeta } | { success: false; fields: Record<string, string> }

/** A value shown in a warning: one line, printable, at most ECHO_MAX characters. */
function echo(value: string): string {
  const line = value.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
  return line.length > ECHO_MAX ? `${line.slice(0, ECHO_MAX)}…` : line
}

/** An absent or empty parameter is not given; a repeated one is not a value at all. */
function given(value: unknown): string | undefined | null {
  if (value === undefined || value === '') return undefined
  return typeof value === 'string' ? value : null
}

/**
 * Reads a lead's metadata from `params` (the query of a JSON post, or a form post's fields).
 * Absent form → `unknown`, absent consent → `unstated`, absent context → null. Only a consent
 * version that is not one is refused: the site builds it, so it is never wrong in a real post.
 */
export function readLeadMeta(params: Record<string, unknown>): LeadMetaResult {
  const consent = given(params.consent)
  if (consent === null || (consent !== undefined && !isConsentVersion(consent))) {
    return { success: false, fields: { consent: 'Invalid consent version' } }
  }
  const warnings: string[] = []
  const unknownParams: string[] = []
  const warn = (param: string, warning: string) => {
    unknownParams.push(param)
    warnings.push(warning)
  }

  const courseParam = (param: 'course' | 'quiz'): number | null => {
    const raw = given(params[param])
    if (raw === undefined) return null
    if (raw === null || !COURSE_ID.test(raw)) {
      warn(param, `Неверное значение «${param}» отброшено`)
      return null
    }
    const id = Number(raw)
    // A page or a quiz result from before the owner hid the course: the lead is kept as it is.
    if (HIDDEN_COURSES.some((course) => course.id === id)) {
      warn(param, `Курс №${id} скрыт с сайта`)
    } else if (!COURSE_CATALOGUE.some((course) => course.id === id)) {
      warn(param, `Курса №${id} нет в каталоге сервиса — обновите сервис`)
    }
    return id
  }
  const course = courseParam('course')
  const quiz = courseParam('quiz')

  const pageRaw = given(params.page)
  let page: string | null = null
  if (pageRaw === null || (pageRaw !== undefined && !SITE_PATH.test(pageRaw))) {
    warn('page', 'Неверное значение «page» отброшено')
  } else if (pageRaw !== undefined) {
    page = pageRaw
    if (!prerenderPaths.includes(page)) warn('page', `Страница «${page}» неизвестна сервису`)
  }

  const formRaw = given(params.form)
  const form = LEAD_FORMS.find((known) => known === formRaw) ?? UNKNOWN_FORM
  if (formRaw === null) warn('form', 'Неверное значение «form» отброшено')
  else if (formRaw !== undefined && form === UNKNOWN_FORM) {
    warn('form', `Форма «${echo(formRaw)}» неизвестна сервису`)
  }

  const honeypot = params[HONEYPOT_PARAM]
  const requestId = given(params[REQUEST_ID_PARAM])
  return {
    success: true,
    meta: {
      form,
      consent: consent ?? UNSTATED_CONSENT,
      course,
      quiz,
      page,
      // A repeated honeypot is filled all the same.
      honeypot: typeof honeypot === 'string' ? honeypot : honeypot === undefined ? '' : 'filled',
      // Only a retry's safety: an odd one is ignored, never a reason to refuse or warn.
      requestId: typeof requestId === 'string' && REQUEST_ID.test(requestId) ? requestId : null,
      warnings,
      unknownParams,
    },
  }
}
