// What every channel besides Telegram sends of a lead, made in one place (docs/decisions/0077):
// a channel formats this, never the stored row, so a field added here (the lead's source,
// docs/decisions/0078) reaches the e-mail, the webhook and the CRMs together.
import { hasOrigin } from '@it-lab/shared/lead-source'
import { schoolTime } from '@it-lab/shared/school-time'
import {
  childAgeText,
  courseTitle,
  formLabel,
  groupText,
  promoText,
  trialText,
} from '../lead-words.ts'
import { sourceText } from '../source-text.ts'
import type { LeadRow } from '../store/rows.ts'

/** A course as channels name it: its catalogue id and its title. */
export interface PayloadCourse {
  id: number
  title: string
}

/**
 * Where the family came from: the visit the lead was sent in, else the first visit the browser
 * kept (UTM tags, the ad click ids, the referring host, the landing page). Metrika's ClientID is
 * not here: it goes to Metrika only (docs/decisions/0078).
 */
export interface LeadSource {
  /** As the chat shows it: «yandex / cpc / zima-2027», «yandex.ru (переход)». */
  text: string
  /** Whether this is the first visit's source, not the one the lead was sent in. */
  firstVisit: boolean
  utmSource: string | null
  utmMedium: string | null
  utmCampaign: string | null
  utmContent: string | null
  utmTerm: string | null
  yclid: string | null
  gclid: string | null
  referrer: string | null
  landingPage: string | null
}

export interface LeadPayload {
  id: number
  /** The lead's identity in every copy of the database. */
  uid: string
  /** ISO 8601 UTC. */
  receivedAt: string
  /** «26.11.2026, 09:05» in the school's time zone. */
  receivedAtLocal: string
  name: string
  phone: string
  form: string
  formLabel: string
  course: PayloadCourse | null
  /** The course the site's quiz suggested. */
  quiz: PayloadCourse | null
  page: string | null
  /**
   * The group the parent chose on a course page, as the chat shows it («Python, Сб 10:00–11:30»,
   * «другое время», or the text sent when no group had that id); null from a form without groups.
   */
  group: string | null
  /**
   * The lesson the parent chose for her trial: as stored ('2026-12-05T10:00', school time) and as
   * the chat says it («сб 5 декабря, 10:00»); null when she chose none.
   */
  trial: { at: string; text: string } | null
  /** The child's age in whole years (5–17), when a trial form gave it. */
  childAge: number | null
  /** The quiz's promo code the parent was given and the school day it was given (YYYY-MM-DD). */
  promo: { code: string; givenOn: string | null } | null
  source: LeadSource | null
}

const course = (id: number | null): PayloadCourse | null =>
  id === null ? null : { id, title: courseTitle(id) }

function payloadSource(lead: LeadRow): LeadSource | null {
  const text = sourceText(lead.source)
  const { visit, first } = lead.source
  const firstVisit = !hasOrigin(visit)
  const touch = firstVisit ? first : visit
  if (text === null || touch === undefined) return null
  return {
    text,
    firstVisit,
    utmSource: touch.utm_source ?? null,
    utmMedium: touch.utm_medium ?? null,
    utmCampaign: touch.utm_campaign ?? null,
    utmContent: touch.utm_content ?? null,
    utmTerm: touch.utm_term ?? null,
    yclid: touch.yclid ?? null,
    gclid: touch.gclid ?? null,
    referrer: touch.referrer ?? null,
    landingPage: touch.landing ?? null,
  }
}

export function leadPayload(lead: LeadRow): LeadPayload {
  return {
    id: lead.id,
    uid: lead.uid,
    receivedAt: lead.receivedAt,
    receivedAtLocal: schoolTime(lead.receivedAt),
    name: lead.name,
    phone: lead.phone,
    form: lead.form,
    formLabel: formLabel(lead.form),
    course: course(lead.course),
    quiz: course(lead.quiz),
    page: lead.page,
    group: lead.group === null ? null : groupText(lead.group),
    trial: lead.trialAt === null ? null : { at: lead.trialAt, text: trialText(lead.trialAt) },
    childAge: lead.childAge,
    promo: lead.promoCode === null ? null : { code: lead.promoCode, givenOn: lead.promoDate },
    source: payloadSource(lead),
  }
}

/**
 * «Возраст ребёнка: 9 лет», «Курс: Python», «Группа: …», «Пробное: …», «Страница: …», «Источник: …»: what the
 * lead says besides the name and phone, as lines.
 */
export function contextLines(lead: LeadPayload): string[] {
  return [
    ...(lead.childAge === null ? [] : [`Возраст ребёнка: ${childAgeText(lead.childAge)}`]),
    `Форма: ${lead.formLabel}`,
    ...(lead.course ? [`Курс: ${lead.course.title}`] : []),
    ...(lead.quiz ? [`Тест подсказал: ${lead.quiz.title}`] : []),
    ...(lead.promo ? [`Промокод из теста: ${promoText(lead.promo.code, lead.promo.givenOn)}`] : []),
    ...(lead.group === null ? [] : [`Группа: ${lead.group}`]),
    ...(lead.trial === null ? [] : [`Пробное: ${lead.trial.text}`]),
    ...(lead.page === null ? [] : [`Страница: ${lead.page}`]),
    ...(lead.source === null ? [] : [`Источник: ${lead.source.text}`]),
  ]
}

/** What the lead is about in a few words: its course, else the form's name. */
export function leadTopic(lead: LeadPayload): string {
  return lead.course?.title ?? lead.quiz?.title ?? lead.formLabel
}
