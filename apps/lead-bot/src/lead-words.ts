// The owner's words for a lead (course, form, group, trial, age, promo code): one wording for the
// chat, the e-mail, the CRMs, the CSV, the report and the digest.
import { OTHER_TIME, courseEntry, groupEntry, groupTimeText, HIDDEN_COURSES } from '@it-lab/shared'
import { isTrialAt, trialAtText } from '@it-lab/shared/trial-dates'
import type { HeldTrial } from './store/rows.ts'

const FORM_LABELS: Record<string, string> = {
  feedback: 'Форма обратной связи',
  trial_lesson_popup: 'Окно «Бесплатный пробный урок»',
  unknown: 'не указана',
}

/** The form's label in the chat and the digest. */
export function formLabel(form: string): string {
  return FORM_LABELS[form] ?? form
}

/** A course id as the chat shows it: its title (a hidden course's too), or the bare id if it left the catalogue. */
export function courseTitle(id: number): string {
  const title = courseEntry(id)?.title ?? HIDDEN_COURSES.find((course) => course.id === id)?.title
  return title ?? `курс №${id}`
}

/**
 * A lead's chosen group as the chat, the CSV and the report show it: «Python, Сб 10:00–11:30», «другое
 * время», or the text sent when no group of this service has that id (docs/decisions/0075).
 */
export function groupText(group: string): string {
  if (group === OTHER_TIME) return 'другое время'
  const known = groupEntry(group)
  return known ? `${courseTitle(known.course)}, ${groupTimeText(known)}` : group
}

/**
 * «сб 6 декабря, 10:00»: the lesson the parent chose for her trial, beside the group's line
 * (docs/decisions/0103-a-trial-she-holds.md); the value as stored if it is not one.
 */
export function trialText(at: string): string {
  return isTrialAt(at) ? trialAtText(at) : at
}

/**
 * «9 лет»: the child's age as the chat, the e-mail and the CRMs show it. Every age a lead may carry
 * (5 to 17, CHILD_AGE) takes «лет».
 */
export function childAgeText(age: number): string {
  return `${age} лет`
}

/** «12.03.2026» from «2026-03-12». */
export function dayText(day: string): string {
  const [year, month, date] = day.split('-')
  return `${date}.${month}.${year}`
}

/** «ТЕСТ-10, выдан 12.03.2026»: the quiz's promo code and the school day it was given. */
export function promoText(code: string, day: string | null | undefined): string {
  return day == null ? code : `${code}, выдан ${dayText(day)}`
}

/** «сб 5 декабря, 10:00», or «время по телефону» for a trial booked without a date. */
export function trialLessonText(trial: HeldTrial): string {
  return trial.at !== null && isTrialAt(trial.at) ? trialAtText(trial.at) : 'время по телефону'
}

const TRIAL_STATE_LABELS: Record<HeldTrial['state'], string> = {
  booked: 'записан',
  waiting: 'в листе ожидания',
  cancelled: 'отменено родителем',
}

/** Her place on the trial as the CSV and the report say it. */
export function trialStateText(trial: HeldTrial): string {
  return TRIAL_STATE_LABELS[trial.state]
}
