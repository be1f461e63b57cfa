// What every channel besides Telegram sends of a lead, made in one place (docs/decisions/0077):
// a channel formats this, never the stored row, so a field added here (the lead's source, once
// the site captures it) reaches the e-mail, the webhook and the CRMs together.
import { courseTitle, formLabel, groupText, schoolTime } from '../telegram.ts'
import type { LeadRow } from '../store/rows.ts'

/** A course as channels name it: its catalogue id and its title. */
export interface PayloadCourse {
  id: number
  title: string
}

/**
 * Where the family came from (UTM tags, the ad click id, the referring host). The site does not
 * capture it yet, so it is null; the CRMs' own fields for it are mapped from here already.
 */
export interface LeadSource {
  utmSource: string | null
  utmMedium: string | null
  utmCampaign: string | null
  utmContent: string | null
  utmTerm: string | null
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
  source: LeadSource | null
}

const course = (id: number | null): PayloadCourse | null =>
  id === null ? null : { id, title: courseTitle(id) }

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
    source: null,
  }
}

/** «Курс: Python», «Группа: …», «Страница: /courses/python»: the lead's context, as lines. */
export function contextLines(lead: LeadPayload): string[] {
  return [
    `Форма: ${lead.formLabel}`,
    ...(lead.course ? [`Курс: ${lead.course.title}`] : []),
    ...(lead.quiz ? [`Тест подсказал: ${lead.quiz.title}`] : []),
    ...(lead.group === null ? [] : [`Группа: ${lead.group}`]),
    ...(lead.page === null ? [] : [`Страница: ${lead.page}`]),
  ]
}

/** What the lead is about in a few words: its course, else the form's name. */
export function leadTopic(lead: LeadPayload): string {
  return lead.course?.title ?? lead.quiz?.title ?? lead.formLabel
}
