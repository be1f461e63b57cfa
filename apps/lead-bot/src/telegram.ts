import {
  OTHER_TIME,
  courseEntry,
  groupEntry,
  groupTimeText,
  GROUP_MAX_LENGTH,
  HIDDEN_COURSES,
} from '@it-lab/shared'
import type { LeadSource } from '@it-lab/shared/lead-source'
import type { NotifyMode, TelegramConfig } from './config.ts'
import { STATUS_LABELS } from './desk-statuses.ts'
import { sourceText } from './source-text.ts'
import type { StatusChange } from './store/rows.ts'
import { SCHOOL_TIME_ZONE, schoolTime } from '@it-lab/shared/school-time'

/** Telegram's limit for one message's text. */
export const TELEGRAM_TEXT_LIMIT = 4096

const FORM_LABELS: Record<string, string> = {
  feedback: 'Форма обратной связи',
  trial_lesson_popup: 'Окно «Бесплатный пробный урок»',
  unknown: 'не указана',
}

/** Put above a lead whose earlier attempt may have reached the chat (timeout, crash). */
export const REPEAT_NOTE = '<i>Повторная отправка: эта заявка могла прийти раньше.</i>'

// The school's time zone: message times, working hours and the digest's week.
export { SCHOOL_TIME_ZONE, schoolTime }

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
  childAge?: number | null
  promoCode?: string | null
  promoDate?: string | null
  metaWarning?: string | null
  source?: LeadSource
  desk?: StatusChange | null
}

export interface MessageOptions {
  notify?: NotifyMode
  /** The previous attempt's outcome is unknown: say the lead may be a repeat. */
  repeat?: boolean
}

/**
 * «Курс», «Тест подсказал», «Промокод из теста», «Группа», «Страница», «Источник»: where the lead
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
    ...(lead.page == null ? [] : [`<b>Страница:</b> ${escapeWithin(lead.page, 128)}`]),
    ...(source === null ? [] : [`<b>Источник:</b> ${escapeWithin(source, 240)}`]),
    ...(lead.metaWarning == null
      ? []
      : lead.metaWarning.split('\n').map((note) => `⚠️ ${escapeWithin(note, 160)}`)),
  ]
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

/** The form's label in the chat and the digest. */
export function formLabel(form: string): string {
  return FORM_LABELS[form] ?? form
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
      `<b>Форма:</b> ${escapeWithin(FORM_LABELS[lead.form] ?? lead.form, 64)}`,
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

/**
 * - `permanent`: Telegram refused the message for good (a 4xx other than 429: chat not found,
 *   bot blocked, bad token); retrying cannot help until a setting is fixed.
 * - `transient`: it was not delivered and may be later (5xx, 429, connection refused).
 * - `uncertain`: no answer after the request went out (timeout, reset): it may have arrived.
 */
export type FailureKind = 'permanent' | 'transient' | 'uncertain'

export type SendResult = { ok: true; messageId: number | null } | Extract<CallResult, { ok: false }>

/** Network errors that mean the request never reached Telegram. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
])

function failureOf(error: unknown): FailureKind {
  const cause = error instanceof Error ? error.cause : undefined
  const code =
    typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : ''
  return NOT_SENT_CODES.has(code) ? 'transient' : 'uncertain'
}

export interface InlineKeyboard {
  inline_keyboard: { text: string; callback_data: string }[][]
}

export interface SendOptions {
  replyMarkup?: InlineKeyboard
  /** Sent as a reply to this message (kept even if that message is gone). */
  replyTo?: number
}

/** A call's outcome: `result` is the Bot API's `result` field, unchecked. */
export type CallResult =
  | { ok: true; result: unknown }
  | {
      ok: false
      kind: FailureKind
      error: string
      /** The HTTP status, when Telegram answered (401: a bad token). */
      status?: number
      retryAfterMs?: number
    }

export interface TelegramClient {
  send(text: string, options?: SendOptions): Promise<SendResult>
  /** Replaces a lead message's text and keeps its buttons. */
  edit(messageId: number, text: string, replyMarkup?: InlineKeyboard): Promise<CallResult>
  /** Tells Telegram the press was seen (stops the button's spinner); not limited per chat. */
  answerCallback(callbackQueryId: string, text?: string): Promise<CallResult>
  /** Long poll for button presses: waits up to `timeoutS` seconds for one. */
  getUpdates(offset: number, timeoutS: number, signal?: AbortSignal): Promise<CallResult>
}

interface BotApiReply {
  ok?: unknown
  description?: unknown
  result?: unknown
  parameters?: { retry_after?: unknown }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ''
  return `${error.name}: ${error.message}${cause}`
}

/** How to reach the Bot API: its base URL, the bot's token and the default call timeout. */
export type BotApiConfig = Pick<TelegramConfig, 'apiUrl' | 'token' | 'timeoutMs'>

/** Calls one Bot API method; a failure is classified and its text never holds the token. */
export type BotApiCall = (
  method: string,
  params: object,
  timeoutMs?: number,
  signal?: AbortSignal,
) => Promise<CallResult>

export function createBotApi(config: BotApiConfig, fetchImpl = fetch): BotApiCall {
  // The URL holds the token: it must never reach a log or an error text.
  const base = `${config.apiUrl}/bot${config.token}/`
  const hide = (text: string) => text.replaceAll(config.token, '<token>')

  return async (method, params, timeoutMs = config.timeoutMs, signal) => {
    let response: Response
    let reply: BotApiReply = {}
    try {
      const timeout = AbortSignal.timeout(timeoutMs)
      response = await fetchImpl(base + method, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      })
      const body: unknown = await response.json().catch(() => ({}))
      if (typeof body === 'object' && body !== null) reply = body
    } catch (error) {
      return { ok: false, kind: failureOf(error), error: hide(describe(error)) }
    }
    if (response.ok && reply.ok === true) return { ok: true, result: reply.result }
    const description = typeof reply.description === 'string' ? ` ${reply.description}` : ''
    const error = hide(`HTTP ${response.status}${description}`)
    const status = response.status
    const retryAfter = reply.parameters?.retry_after
    if (status === 429) {
      const retryAfterMs =
        typeof retryAfter === 'number' && retryAfter >= 0 ? retryAfter * 1000 : undefined
      return {
        ok: false,
        kind: 'transient',
        error,
        status,
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      }
    }
    const kind = status >= 400 && status < 500 ? 'permanent' : 'transient'
    return { ok: false, kind, error, status }
  }
}

export function createTelegramClient(
  config: Omit<TelegramConfig, 'pollTimeoutS'>,
  fetchImpl = fetch,
): TelegramClient {
  const call = createBotApi(config, fetchImpl)

  return {
    async send(text, options = {}) {
      const result = await call(
        'sendMessage',
        {
          chat_id: config.chatId,
          text,
          parse_mode: 'HTML',
          link_preview_options: { is_disabled: true },
          ...(options.replyMarkup ? { reply_markup: options.replyMarkup } : {}),
          ...(options.replyTo === undefined
            ? {}
            : {
                reply_parameters: {
                  message_id: options.replyTo,
                  allow_sending_without_reply: true,
                },
              }),
        },
        // A new message has no idempotency key: waiting longer is what keeps it from arriving twice.
        config.sendTimeoutMs,
      )
      if (!result.ok) return result
      const id =
        typeof result.result === 'object' && result.result !== null && 'message_id' in result.result
          ? result.result.message_id
          : undefined
      return { ok: true, messageId: typeof id === 'number' ? id : null }
    },
    edit: (messageId, text, replyMarkup) =>
      call('editMessageText', {
        chat_id: config.chatId,
        message_id: messageId,
        text,
        parse_mode: 'HTML',
        link_preview_options: { is_disabled: true },
        ...(replyMarkup ? { reply_markup: replyMarkup } : {}),
      }),
    answerCallback: (callbackQueryId, text) =>
      call('answerCallbackQuery', {
        callback_query_id: callbackQueryId,
        ...(text === undefined ? {} : { text }),
      }),
    getUpdates: (offset, timeoutS, signal) =>
      // The HTTP wait outlasts Telegram's long-poll wait, so an idle poll is not a timeout.
      call(
        'getUpdates',
        { offset, timeout: timeoutS, allowed_updates: ['callback_query'] },
        timeoutS * 1000 + config.timeoutMs,
        signal,
      ),
  }
}
