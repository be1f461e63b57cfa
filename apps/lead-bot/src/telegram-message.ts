// The chat message for a lead, in Telegram's HTML (docs/decisions/0013 for the repeat note).
import { GROUP_MAX_LENGTH } from '@it-lab/shared'
import type { LeadSource } from '@it-lab/shared/lead-source'
import { schoolTime } from '@it-lab/shared/school-time'
import { isTrialAt, trialAtText } from '@it-lab/shared/trial-dates'
import type { NotifyMode } from './config.ts'
import { STATUS_LABELS } from './desk-statuses.ts'
// The owner's words for a lead, as the channels' payload (channels/lead-payload.ts) imports them
// too: one wording for the chat, the e-mail and the CRMs (a list of names kept the same on purpose).
import {
  childAgeText,
  courseTitle,
  formLabel,
  groupText,
  promoText,
  trialText,
} from './lead-words.ts'
import { sourceText } from './source-text.ts'
import type { StatusChange, TrialState } from './store/rows.ts'
import type { TrialChange } from './store/trial-store.ts'

/** Telegram's limit for one message's text. */
export const TELEGRAM_TEXT_LIMIT = 4096

/** Put above a lead whose earlier attempt may have reached the chat (timeout, crash). */
export const REPEAT_NOTE = '<i>Повторная отправка: эта заявка могла прийти раньше.</i>'

/** Escapes text for Telegram's HTML parse mode (it knows only these named entities). */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

/** Escapes `text` and cuts it to `budget` characters of HTML, never inside an entity or a surrogate pair. */
export function escapeWithin(text: string, budget: number): string {
  const full = escapeHtml(text)
  if (full.length <= budget) return full
  let out = ''
  for (const char of text) {
    const escaped = escapeHtml(char)
    if (out.length + escaped.length + 1 > budget) break
    out += escaped
  }
  return `${out}…`
}

export interface LeadMessage {
  id: number
  receivedAt: string
  name: string
  phone: string
  form: string
  course?: number | null
  quiz?: number | null
  page?: string | null
  group?: string | null
  /** The lesson chosen for the trial ('YYYY-MM-DDTHH:MM'), as sent. */
  trialAt?: string | null
  childAge?: number | null
  promoCode?: string | null
  promoDate?: string | null
  metaWarning?: string | null
  source?: LeadSource
  desk?: StatusChange | null
  /** The trial she holds, as it stands, with her own changes (docs/decisions/0103-a-trial-she-holds.md). */
  trial?: TrialNote | null
}

/** A trial as the chat shows it: its lesson, its state and what the parent changed, oldest first. */
export interface TrialNote {
  at: string | null
  state: TrialState
  changes: readonly { change: TrialChange; at: string }[]
}

export interface MessageOptions {
  notify?: NotifyMode
  /** The previous attempt's outcome is unknown: say the lead may be a repeat. */
  repeat?: boolean
}

/**
 * «Курс», «Тест подсказал», «Промокод из теста», «Группа», «Пробное», «Страница», «Источник»: where the lead
 * came from, and a warning for what this service did not know of it (a newer site); no personal
 * data.
 */
function contextLines(lead: LeadMessage): string[] {
  const source = sourceText(lead.source)
  return [
    ...(lead.course == null ? [] : [`<b>Курс:</b> ${escapeHtml(courseTitle(lead.course))}`]),
    ...(lead.quiz == null ? [] : [`<b>Тест подсказал:</b> ${escapeHtml(courseTitle(lead.quiz))}`]),
    ...(lead.promoCode == null
      ? []
      : [
          `<b>Промокод из теста:</b> ${escapeWithin(promoText(lead.promoCode, lead.promoDate), 64)}`,
        ]),
    ...(lead.group == null
      ? []
      : [`<b>Группа:</b> ${escapeWithin(groupText(lead.group), GROUP_MAX_LENGTH + 80)}`]),
    // Her trial as it stands, with her changes; a lesson sent without a trial (a group this
    // service does not know) as it was sent.
    ...(lead.trial
      ? trialLines(lead.trial)
      : lead.trialAt == null
        ? []
        : [`<b>Пробное:</b> ${escapeWithin(trialText(lead.trialAt), 64)}`]),
    ...(lead.page == null ? [] : [`<b>Страница:</b> ${escapeWithin(lead.page, 128)}`]),
    ...(source === null ? [] : [`<b>Источник:</b> ${escapeWithin(source, 240)}`]),
    ...(lead.metaWarning == null
      ? []
      : lead.metaWarning.split('\n').map((note) => `⚠️ ${escapeWithin(note, 160)}`)),
  ]
}

function lessonText(at: string | null): string {
  return at !== null && isTrialAt(at) ? trialAtText(at) : 'дата не выбрана — договоритесь'
}

/**
 * «Пробное: сб 5 декабря, 10:00», and the parent's latest change on her page: «Перенесено родителем
 * на …», «Отменено родителем» or «Место взято родителем в Telegram» (the bot's offer), with when.
 */
function trialLines(trial: TrialNote | null | undefined): string[] {
  if (!trial) return []
  const lines = [`<b>Пробное:</b> ${escapeHtml(lessonText(trial.at))}`]
  const last = trial.changes.at(-1)
  if (trial.state === 'cancelled') {
    lines.push(`❌ <b>Отменено родителем</b>${last ? ` — ${schoolTime(last.at)}` : ''}`)
  } else if (last?.change === 'moved') {
    const to =
      trial.at === null ? 'другое время: позвоните, чтобы договориться' : lessonText(trial.at)
    lines.push(`🔁 <b>Перенесено родителем</b> на ${escapeHtml(to)} — ${schoolTime(last.at)}`)
  } else if (last?.change === 'booked' && trial.state === 'booked') {
    lines.push(`✅ <b>Место взято родителем в Telegram</b> — ${schoolTime(last.at)}`)
  }
  return lines
}

/** «Статус: Позвонили — Анна, 12.10.2025, 14:05» under a lead whose status was set. */
function statusLines(lead: LeadMessage): string[] {
  if (!lead.desk) return []
  const { status, at, by } = lead.desk
  return [
    '',
    `<b>Статус:</b> ${STATUS_LABELS[status]} — ${escapeWithin(by, 64)}, ${schoolTime(at)}`,
  ]
}

/** The chat message for one lead: readable Russian, user text escaped, within the limit. */
export function formatLeadMessage(lead: LeadMessage, options: MessageOptions = {}): string {
  const note = options.repeat ? `${REPEAT_NOTE}\n` : ''
  if (options.notify === 'minimal') {
    return (
      note + [`Новая заявка №${lead.id}`, ...contextLines(lead), ...statusLines(lead)].join('\n')
    )
  }
  const time = `${schoolTime(lead.receivedAt)} (Астрахань)`
  const build = (name: string) =>
    note +
    [
      '<b>Новая заявка с сайта</b>',
      '',
      `<b>Имя:</b> ${name}`,
      `<b>Телефон:</b> ${escapeWithin(lead.phone, 64)}`,
      // The child's age is the family's: with the name and phone, never in the minimal message.
      ...(lead.childAge == null ? [] : [`<b>Возраст ребёнка:</b> ${childAgeText(lead.childAge)}`]),
      `<b>Форма:</b> ${escapeWithin(formLabel(lead.form), 64)}`,
      ...contextLines(lead),
      `<b>Время:</b> ${time}`,
      `<b>Заявка №</b>${lead.id}`,
      ...statusLines(lead),
    ].join('\n')
  // The HTML source is never shorter than the text Telegram counts, so fitting it is enough.
  return build(escapeWithin(lead.name, TELEGRAM_TEXT_LIMIT - build('').length))
}

/** What a deleted lead's message says instead of its name, phone and context. */
export function redactedText(leadId: number): string {
  return `Заявка №${leadId} удалена: срок хранения истёк или человек попросил удалить данные.`
}
