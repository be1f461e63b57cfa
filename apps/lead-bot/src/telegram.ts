// The Bot API client: one call at a time, each failure classified (docs/decisions/0012, 0013).
import type { TelegramConfig } from './config.ts'

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
  /** Another chat than the leads' one: a parent's own chat with the bot (docs/decisions/0103). */
  chatId?: number
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
  /** Replaces a message's text and its buttons (none when not given); the leads' chat by default. */
  edit(
    messageId: number,
    text: string,
    replyMarkup?: InlineKeyboard,
    chatId?: number,
  ): Promise<CallResult>
  /** Tells Telegram the press was seen (stops the button's spinner); not limited per chat. */
  answerCallback(callbackQueryId: string, text?: string): Promise<CallResult>
  /** Long poll for button presses and messages: waits up to `timeoutS` seconds for one. */
  getUpdates(offset: number, timeoutS: number, signal?: AbortSignal): Promise<CallResult>
  /** The bot itself: its `username` makes the reminders' link (docs/decisions/0103). */
  getMe(): Promise<CallResult>
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
          chat_id: options.chatId ?? config.chatId,
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
    edit: (messageId, text, replyMarkup, chatId) =>
      call('editMessageText', {
        chat_id: chatId ?? config.chatId,
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
      // Messages too: a parent's /start and /stop in her chat with the bot (docs/decisions/0103).
      call(
        'getUpdates',
        { offset, timeout: timeoutS, allowed_updates: ['callback_query', 'message'] },
        timeoutS * 1000 + config.timeoutMs,
        signal,
      ),
    getMe: () => call('getMe', {}),
  }
}
