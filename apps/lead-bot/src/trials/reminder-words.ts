// What the school's bot says to a parent who asked for reminders (docs/decisions/0103-a-trial-she-holds.md):
// what it will send and how to stop, the reminders, and the buttons to move or cancel. Never her
// name or phone, never an advertisement: the course, the group, the lesson and the address only.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { groupEntry, groupTimeText, type GroupEntry } from '@it-lab/shared'
import { contentDir } from '@it-lab/shared/content'
import { pluralRu } from '@it-lab/shared/plural'
import { parseSchoolFacts } from '@it-lab/shared/school-facts-schema'
import { schoolDay, trialAtText, trialMoment, type TrialAt } from '@it-lab/shared/trial-dates'
import { courseTitle } from '../lead-words.ts'
import { escapeHtml } from '../telegram-message.ts'
import type { InlineKeyboard } from '../telegram.ts'
import type { TrialState } from '../store/rows.ts'
import type { ReminderKind } from '../store/trial-store.ts'
import { isTrialToken } from './booking.ts'

/** How the reminders are timed, as content/trial-offer.json's booking says. */
export interface ReminderTimes {
  remindEvening: string
  remindHoursBefore: number
}

/** What a reminder names besides the lesson: the school's street address, when its facts have one. */
export interface LessonPlace {
  groupOf: (id: string) => GroupEntry | undefined
  /** «г. Астрахань, ул. …»; undefined: the address is left out. */
  address: string | undefined
}

export const DEFAULT_PLACE: LessonPlace = { groupOf: groupEntry, address: undefined }

/** «г. Астрахань, ул. …» from the school's facts (content/school.json); undefined while they are broken. */
export function readSchoolAddress(dir = contentDir()): string | undefined {
  try {
    const file: unknown = JSON.parse(readFileSync(path.join(dir, 'school.json'), 'utf8'))
    const { facts } = parseSchoolFacts(file)
    return `г. ${facts.city}, ${facts.address.street}`
  } catch {
    return undefined
  }
}

/** «3 часа», «1 час», «5 часов». */
export function hoursText(hours: number): string {
  return `${hours} ${pluralRu(hours, ['час', 'часа', 'часов'])}`
}

/** «накануне в 19:00 и за 3 часа до начала»: what the bot will send, in one phrase. */
export function scheduleText(times: ReminderTimes): string {
  return `накануне в ${times.remindEvening} и за ${hoursText(times.remindHoursBefore)} до начала`
}

/** The lesson as a reminder names it: the group, when, and where (an online group: no address). */
export function lessonLines(
  trial: { group: string; at: string | null; course: number | null },
  place: LessonPlace,
): string[] {
  const group = place.groupOf(trial.group)
  const course = group?.course ?? trial.course
  const what = [
    ...(course === null ? [] : [courseTitle(course)]),
    ...(group ? [`группа ${groupTimeText(group)}`] : []),
  ].join(', ')
  const where =
    group?.format === 'Онлайн'
      ? 'онлайн'
      : [place.address, group?.place].filter((part) => part !== undefined && part !== '').join(', ')
  return [
    ...(what === '' ? [] : [`<b>Пробный урок:</b> ${escapeHtml(what)}`]),
    `<b>Когда:</b> ${trial.at === null ? 'дату уточнит школа' : trialAtText(trial.at as TrialAt)}`,
    ...(where === '' ? [] : [`<b>Где:</b> ${escapeHtml(where)}`]),
  ]
}

export const STOP_HINT = 'Чтобы отказаться от напоминаний, отправьте /stop.'

/** The bot's first answer to her link: what it will send and how to stop, then a button to agree. */
export function offerText(
  trial: { group: string; at: string | null; course: number | null; state: TrialState },
  times: ReminderTimes,
  place: LessonPlace,
): string {
  return [
    trial.state === 'waiting'
      ? 'Здравствуйте! Вы в листе ожидания на пробный урок:'
      : 'Здравствуйте! Вы записаны на пробный урок:',
    '',
    ...lessonLines(trial, place),
    '',
    `Я напомню об этом уроке ${scheduleText(times)}, и в напоминании можно будет перенести урок или отказаться от него. Больше ничего присылать не буду.`,
    STOP_HINT,
  ].join('\n')
}

export const CONFIRM_BUTTON = 'Да, напоминать'

export function confirmedText(times: ReminderTimes): string {
  return `Готово: напомню ${scheduleText(times)}. ${STOP_HINT}`
}

/** Her link opens nothing: the same words whatever the reason (no oracle for a guessed token). */
export const LINK_INVALID_TEXT =
  'Эта ссылка не действует. Если вы записаны на пробный урок, откройте ссылку «Напомнить в Telegram» на странице своей записи.'

/** Any other word in a private chat: what the bot is, in two lines. */
export const ABOUT_TEXT = `Этот бот напоминает о пробном уроке тем, кто попросил об этом на странице своей записи. ${STOP_HINT}`

export const STOPPED_TEXT =
  'Готово: напоминаний больше не будет. Ваша запись на пробный урок осталась как была.'
export const NOTHING_TO_STOP_TEXT = 'Напоминания в этом чате не включены: присылать нечего.'

/** «Завтра» or «Сегодня»: the lesson's day as seen at `now`, school time. */
function dayWord(at: string, now: number): string {
  const today = schoolDay(new Date(now))
  return at.slice(0, 10) === today ? 'Сегодня' : 'Завтра'
}

/** A reminder: which lesson, and the two buttons. */
export function reminderText(
  trial: { group: string; at: string; course: number | null },
  kind: ReminderKind,
  now: number,
  place: LessonPlace,
): string {
  const time = trial.at.slice(11)
  const head =
    kind === 'evening'
      ? `Напоминаю: ${dayWord(trial.at, now).toLowerCase()} в ${time} пробный урок.`
      : `Напоминаю: ${dayWord(trial.at, now).toLowerCase()} в ${time} пробный урок, ждём вас.`
  return [
    head,
    '',
    ...lessonLines(trial, place),
    '',
    'Если планы изменились, нажмите кнопку ниже.',
  ].join('\n')
}

// The buttons' data (at most 64 bytes): `t:` then an action. A press is trusted only from the chat
// the trial is linked to (parent-chat.ts); the link's own button carries her token.
const compact = (at: string) => at.replace(/\D/g, '')
const OTHER = 'o'

function atOf(value: string | undefined): string | null | undefined {
  if (value === OTHER) return null
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value ?? '')
  return match ? `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}` : undefined
}

export type ParentPress =
  | { action: 'link'; token: string }
  | { action: 'ask-move' | 'ask-cancel' | 'cancel' | 'keep'; leadId: number; from: string }
  | { action: 'move'; leadId: number; from: string; to: string | null }
  | { action: 'take'; leadId: number }
  | { action: 'decline'; leadId: number }

export const pressData = {
  link: (token: string) => `t:y:${token}`,
  askMove: (leadId: number, from: string) => `t:m:${leadId}:${compact(from)}`,
  move: (leadId: number, from: string, to: string | null) =>
    `t:M:${leadId}:${compact(from)}:${to === null ? OTHER : compact(to)}`,
  askCancel: (leadId: number, from: string) => `t:x:${leadId}:${compact(from)}`,
  cancel: (leadId: number, from: string) => `t:X:${leadId}:${compact(from)}`,
  keep: (leadId: number, from: string) => `t:k:${leadId}:${compact(from)}`,
  take: (leadId: number) => `t:o:${leadId}`,
  decline: (leadId: number) => `t:n:${leadId}`,
}

const ACTIONS = { m: 'ask-move', x: 'ask-cancel', X: 'cancel', k: 'keep' } as const

/** A button's data as the bot wrote it; anything else (forged, another bot's) is undefined. */
export function parsePress(data: unknown): ParentPress | undefined {
  if (typeof data !== 'string' || data.length > 64) return undefined
  const [prefix, code, first, second, third, ...rest] = data.split(':')
  if (prefix !== 't' || rest.length > 0) return undefined
  if (code === 'y') {
    return first !== undefined && isTrialToken(first) && second === undefined
      ? { action: 'link', token: first }
      : undefined
  }
  const leadId = Number(first)
  if (!/^[1-9]\d{0,15}$/.test(first ?? '')) return undefined
  if (code === 'o' || code === 'n') {
    if (second !== undefined) return undefined
    return code === 'o' ? { action: 'take', leadId } : { action: 'decline', leadId }
  }
  const from = atOf(second)
  if (typeof from !== 'string') return undefined
  if (code === 'M') {
    const to = atOf(third)
    return to === undefined ? undefined : { action: 'move', leadId, from, to }
  }
  if (third !== undefined || code === undefined || !(code in ACTIONS)) return undefined
  return { action: ACTIONS[code as keyof typeof ACTIONS], leadId, from }
}

export function offerKeyboard(token: string): InlineKeyboard {
  return { inline_keyboard: [[{ text: CONFIRM_BUTTON, callback_data: pressData.link(token) }]] }
}

export function reminderKeyboard(leadId: number, at: string): InlineKeyboard {
  return {
    inline_keyboard: [
      [
        { text: 'Перенести', callback_data: pressData.askMove(leadId, at) },
        { text: 'Не смогу', callback_data: pressData.askCancel(leadId, at) },
      ],
    ],
  }
}

/** The group's next lessons to move to, one a row, then «другое время» and «оставить как есть». */
export function moveKeyboard(
  leadId: number,
  from: string,
  dates: readonly string[],
): InlineKeyboard {
  return {
    inline_keyboard: [
      ...dates.map((to) => [
        { text: trialAtText(to as TrialAt), callback_data: pressData.move(leadId, from, to) },
      ]),
      [
        {
          text: 'Другое время — пусть школа позвонит',
          callback_data: pressData.move(leadId, from, null),
        },
      ],
      [{ text: 'Оставить как есть', callback_data: pressData.keep(leadId, from) }],
    ],
  }
}

export function cancelKeyboard(leadId: number, from: string): InlineKeyboard {
  return {
    inline_keyboard: [
      [
        { text: 'Да, отменить', callback_data: pressData.cancel(leadId, from) },
        { text: 'Нет, приду', callback_data: pressData.keep(leadId, from) },
      ],
    ],
  }
}

export function moveQuestionText(from: string): string {
  return `На какой урок перенести пробное вместо ${trialAtText(from as TrialAt)}?`
}

export function cancelQuestionText(from: string): string {
  return `Отменить пробный урок ${trialAtText(from as TrialAt)}? Школа увидит отмену, и место освободится для другого ребёнка.`
}

export function movedText(to: string | null, times: ReminderTimes): string {
  return to === null
    ? 'Готово: школа позвонит, чтобы договориться о другом времени. Когда у урока будет дата, напомню о нём.'
    : `Готово: пробный урок перенесён на ${trialAtText(to as TrialAt)}. Напомню ${scheduleText(times)}.`
}

export const CANCELLED_TEXT =
  'Пробный урок отменён, школа увидит это. Напоминаний о нём больше не будет. Спасибо, что предупредили!'
export const KEPT_TEXT = 'Хорошо, оставляем как есть.'
export const STALE_TEXT =
  'Запись уже изменилась с тех пор: ничего не меняю. Актуальная запись — на странице вашей записи на пробный урок.'
export const DATE_GONE_TEXT = 'Этот урок уже недоступен: выберите другой.'

/** The moment a lesson begins (epoch ms). */
export const lessonStart = (at: string): number => trialMoment(at as TrialAt).getTime()
