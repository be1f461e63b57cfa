import type { TelegramConfig } from './config.ts'

/** Telegram's limit for one message's text. */
export const TELEGRAM_TEXT_LIMIT = 4096

const FORM_LABELS: Record<string, string> = {
  feedback: 'Форма обратной связи',
  trial_lesson_popup: 'Окно «Бесплатный пробный урок»',
  unknown: 'не указана',
}

/** `minimal` keeps personal data out of Telegram: the owner reads the lead on the server. */
export const NOTIFY_MODES = ['full', 'minimal'] as const
export type NotifyMode = (typeof NOTIFY_MODES)[number]

/** Put above a lead whose earlier attempt may have reached the chat (timeout, crash). */
export const REPEAT_NOTE = '<i>Повторная отправка: эта заявка могла прийти раньше.</i>'

const timeFormat = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Astrakhan',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

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
}

export interface MessageOptions {
  notify?: NotifyMode
  /** The previous attempt's outcome is unknown: say the lead may be a repeat. */
  repeat?: boolean
}

/** The chat message for one lead: readable Russian, user text escaped, within the limit. */
export function formatLeadMessage(lead: LeadMessage, options: MessageOptions = {}): string {
  const note = options.repeat ? `${REPEAT_NOTE}\n` : ''
  if (options.notify === 'minimal') return `${note}Новая заявка №${lead.id}`
  const time = `${timeFormat.format(new Date(lead.receivedAt))} (Астрахань)`
  const build = (name: string) =>
    note +
    [
      '<b>Новая заявка с сайта</b>',
      '',
      `<b>Имя:</b> ${name}`,
      `<b>Телефон:</b> ${escapeWithin(lead.phone, 64)}`,
      `<b>Форма:</b> ${escapeWithin(FORM_LABELS[lead.form] ?? lead.form, 64)}`,
      `<b>Время:</b> ${time}`,
      `<b>Заявка №</b>${lead.id}`,
    ].join('\n')
  // The HTML source is never shorter than the text Telegram counts, so fitting it is enough.
  return build(escapeWithin(lead.name, TELEGRAM_TEXT_LIMIT - build('').length))
}

/**
 * - `permanent`: Telegram refused the message for good (a 4xx other than 429: chat not found,
 *   bot blocked, bad token); retrying cannot help until a setting is fixed.
 * - `transient`: it was not delivered and may be later (5xx, 429, connection refused).
 * - `uncertain`: no answer after the request went out (timeout, reset): it may have arrived.
 */
export type FailureKind = 'permanent' | 'transient' | 'uncertain'

export type SendResult =
  | { ok: true; messageId: number | null }
  | { ok: false; kind: FailureKind; error: string; retryAfterMs?: number }

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

export interface TelegramClient {
  send(text: string): Promise<SendResult>
}

interface BotApiReply {
  ok?: unknown
  description?: unknown
  result?: { message_id?: unknown }
  parameters?: { retry_after?: unknown }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ''
  return `${error.name}: ${error.message}${cause}`
}

export function createTelegramClient(config: TelegramConfig, fetchImpl = fetch): TelegramClient {
  // The URL holds the token: it must never reach a log or an error text.
  const url = `${config.apiUrl}/bot${config.token}/sendMessage`
  return {
    async send(text) {
      let response: Response
      let reply: BotApiReply = {}
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            chat_id: config.chatId,
            text,
            parse_mode: 'HTML',
            link_preview_options: { is_disabled: true },
          }),
          signal: AbortSignal.timeout(config.timeoutMs),
        })
        const body: unknown = await response.json().catch(() => ({}))
        if (typeof body === 'object' && body !== null) reply = body
      } catch (error) {
        const message = describe(error).replaceAll(config.token, '<token>')
        return { ok: false, kind: failureOf(error), error: message }
      }
      if (response.ok && reply.ok === true) {
        const id = reply.result?.message_id
        return { ok: true, messageId: typeof id === 'number' ? id : null }
      }
      const description = typeof reply.description === 'string' ? ` ${reply.description}` : ''
      const error = `HTTP ${response.status}${description}`.replaceAll(config.token, '<token>')
      const retryAfter = reply.parameters?.retry_after
      if (response.status === 429) {
        const retryAfterMs =
          typeof retryAfter === 'number' && retryAfter >= 0 ? retryAfter * 1000 : undefined
        return {
          ok: false,
          kind: 'transient',
          error,
          ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        }
      }
      const kind = response.status >= 400 && response.status < 500 ? 'permanent' : 'transient'
      return { ok: false, kind, error }
    },
  }
}
