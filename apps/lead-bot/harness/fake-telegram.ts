import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/** What the fake answers to the next sendMessage call. */
export type Behaviour =
  | { kind: 'ok' }
  | { kind: 'error'; status: number; description?: string }
  | { kind: 'retry_after'; seconds: number }
  /** Drops the connection without an answer, like a network failure. */
  | { kind: 'reset' }
  /** Never answers, like a stalled network. */
  | { kind: 'hang' }
  /** Delivers the message but answers only after `ms`: a client timing out sooner resends it. */
  | { kind: 'slow_ok'; ms: number }

/**
 * Telegram's flood limits: about one message a second in a chat, 20 a minute in a group
 * (a negative chat id); beyond that, 429 with `retry_after`. `scale` shrinks every period
 * (0.01: 10 ms per message, 20 per 600 ms) so a test of hundreds of messages takes seconds;
 * `retry_after` is then in scaled seconds, fractional.
 */
export interface RateLimits {
  scale: number
}

/** Real Telegram's limits, before scaling. */
export const CHAT_INTERVAL_MS = 1_000
export const GROUP_LIMIT = 20
export const GROUP_WINDOW_MS = 60_000

export interface ReceivedMessage {
  messageId: number
  chatId: unknown
  text: string
  parseMode: unknown
  /** The inline keyboard sent with it, if any. */
  replyMarkup: unknown
  /** The message it replies to (reply_parameters.message_id or reply_to_message_id). */
  replyToMessageId: number | undefined
  at: number
}

/** An editMessageText / editMessageReplyMarkup call. */
export interface ReceivedEdit {
  method: 'editMessageText' | 'editMessageReplyMarkup'
  chatId: unknown
  messageId: unknown
  text: string | undefined
  replyMarkup: unknown
}

/** A button press to inject as a `callback_query` update. */
export interface Press {
  chatId: number | string
  messageId: number
  data: string
  from?: { id?: number; first_name?: string; username?: string }
}

/** A chat as getUpdates shows it. */
export interface FakeChat {
  id: number
  type: 'private' | 'group' | 'supergroup' | 'channel'
  title?: string
  first_name?: string
  last_name?: string
  username?: string
}

/** The update types a bot gets when it never asked for others (Telegram's default: all but a few). */
const DEFAULT_UPDATE_TYPES = [
  'message',
  'edited_message',
  'channel_post',
  'my_chat_member',
  'callback_query',
]

/** The bot getMe describes. */
export const FAKE_BOT = { id: 4242, is_bot: true, first_name: 'IT Lab', username: 'itlab_test_bot' }

export interface FakeTelegram {
  /** Base URL to use as TELEGRAM_API_URL. */
  readonly url: string
  readonly token: string
  /** Every sendMessage call, answered or not. */
  readonly requests: { at: number; behaviour: Behaviour['kind'] | 'flood' }[]
  /** Messages that were answered with ok, i.e. delivered; edits change their `text`. */
  readonly messages: ReceivedMessage[]
  readonly edits: ReceivedEdit[]
  /** answerCallbackQuery calls: the callback query id and the text shown to the presser. */
  readonly answers: { callbackQueryId: unknown; text: unknown }[]
  /** The `offset` of every getUpdates call, in order. */
  readonly pollOffsets: number[]
  /** Queues a button press as an update; a waiting long poll gets it at once. Returns its id. */
  press(press: Press): number
  /**
   * Someone writes `text` in `chat`: a `message` update, kept only if the last getUpdates call's
   * `allowed_updates` let it in, as Telegram does. Returns its id, or null if it was not kept.
   */
  chatMessage(chat: FakeChat, text: string): number | null
  /** Serves update `updateId` again, although it was confirmed (as Telegram may after a loss). */
  redeliver(updateId: number): void
  /** Answers for the next getUpdates calls (e.g. errors), before updates are served again. */
  queueUpdatesError(...behaviours: Behaviour[]): void
  /** An error every editMessageText call gets (`null`: edits work, the default). */
  setEditError(behaviour: Behaviour | null): void
  /** Default answer for every call not covered by `queue`. */
  setBehaviour(behaviour: Behaviour): void
  /** Answers for the next calls, in order, before the default applies again. */
  queue(...behaviours: Behaviour[]): void
  /** Enforces Telegram's flood limits on every `ok` answer (`null`: off, the default). */
  setRateLimits(limits: RateLimits | null): void
  /** Stops listening (connections are refused) until `up()`. */
  down(): Promise<void>
  /** Listens again on the same port. */
  up(): Promise<void>
  close(): Promise<void>
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}

/** A Bot API stand-in on 127.0.0.1 whose answers tests script. */
export async function startFakeTelegram(token = 'test-token'): Promise<FakeTelegram> {
  let behaviour: Behaviour = { kind: 'ok' }
  const queued: Behaviour[] = []
  const requests: FakeTelegram['requests'] = []
  const messages: ReceivedMessage[] = []
  const edits: ReceivedEdit[] = []
  const answers: FakeTelegram['answers'] = []
  const pollOffsets: number[] = []
  // Updates not yet confirmed by an offset above their id, and long polls waiting for one.
  let updates: ({ update_id: number } & Record<string, unknown>)[] = []
  // Telegram keeps the last `allowed_updates` a getUpdates call gave until another one changes it.
  let allowedUpdates = DEFAULT_UPDATE_TYPES
  const sentUpdates: typeof updates = []
  let nextUpdateId = 100
  let nextCallbackId = 1
  const waiting = new Set<() => void>()
  const updatesErrors: Behaviour[] = []
  let editError: Behaviour | null = null
  const sockets = new Set<Socket>()
  let nextMessageId = 1
  let limits: RateLimits | null = null

  /** How long this chat must still wait (ms), or 0 if a message may go now. */
  function floodWait(chatId: unknown, now: number): number {
    if (!limits) return 0
    const sent = messages.filter((message) => message.chatId === chatId).map((m) => m.at)
    const last = sent.at(-1)
    let wait = last === undefined ? 0 : last + CHAT_INTERVAL_MS * limits.scale - now
    if (String(chatId).startsWith('-')) {
      const window = GROUP_WINDOW_MS * limits.scale
      const recent = sent.filter((at) => at > now - window)
      if (recent.length >= GROUP_LIMIT) {
        wait = Math.max(wait, (recent.at(-GROUP_LIMIT) ?? now) + window - now)
      }
    }
    return Math.max(0, wait)
  }

  function deliver(body: string): { messageId: number; text: string } {
    const payload = JSON.parse(body) as Record<string, unknown>
    const text = typeof payload.text === 'string' ? payload.text : ''
    const reply = payload.reply_parameters as { message_id?: unknown } | undefined
    const replyTo = reply?.message_id ?? payload.reply_to_message_id
    const messageId = nextMessageId++
    messages.push({
      messageId,
      chatId: payload.chat_id,
      text,
      parseMode: payload.parse_mode,
      replyMarkup: payload.reply_markup,
      replyToMessageId: typeof replyTo === 'number' ? replyTo : undefined,
      at: Date.now(),
    })
    return { messageId, text }
  }

  function answerError(response: ServerResponse, current: Behaviour, request: IncomingMessage) {
    if (current.kind === 'reset') request.socket.destroy()
    else if (current.kind === 'retry_after') {
      json(response, 429, {
        ok: false,
        error_code: 429,
        description: `Too Many Requests: retry after ${current.seconds}`,
        parameters: { retry_after: current.seconds },
      })
    } else if (current.kind === 'error') {
      json(response, current.status, {
        ok: false,
        error_code: current.status,
        description: current.description ?? 'Internal Server Error',
      })
    }
  }

  /** Long poll: answers with the updates at or above `offset`, waiting up to `timeout` s. */
  async function getUpdates(payload: Record<string, unknown>, response: ServerResponse) {
    const offset = typeof payload.offset === 'number' ? payload.offset : 0
    pollOffsets.push(offset)
    if (Array.isArray(payload.allowed_updates)) {
      const types = payload.allowed_updates.filter((type) => typeof type === 'string')
      allowedUpdates = types.length === 0 ? DEFAULT_UPDATE_TYPES : types
    }
    // An offset confirms every update below it: Telegram forgets them.
    updates = updates.filter((update) => update.update_id >= offset)
    if (updates.length === 0) {
      const timeoutS = typeof payload.timeout === 'number' ? payload.timeout : 0
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer)
          waiting.delete(done)
          resolve()
        }
        const timer = setTimeout(done, timeoutS * 1000)
        waiting.add(done)
        response.once('close', done)
      })
    }
    if (!response.destroyed) json(response, 200, { ok: true, result: updates })
  }

  /** The Bot API methods other than sendMessage. */
  async function otherMethod(
    method: string,
    payload: Record<string, unknown>,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<boolean> {
    if (method === 'getUpdates') {
      const error = updatesErrors.shift()
      if (error) answerError(response, error, request)
      else await getUpdates(payload, response)
      return true
    }
    if (method === 'getMe') {
      json(response, 200, { ok: true, result: FAKE_BOT })
      return true
    }
    if (method === 'answerCallbackQuery') {
      answers.push({ callbackQueryId: payload.callback_query_id, text: payload.text })
      json(response, 200, { ok: true, result: true })
      return true
    }
    if (method === 'editMessageText' || method === 'editMessageReplyMarkup') {
      if (editError) {
        answerError(response, editError, request)
        return true
      }
      const message = messages.find(
        (sent) => sent.messageId === payload.message_id && sent.chatId === payload.chat_id,
      )
      if (!message) {
        json(response, 400, {
          ok: false,
          error_code: 400,
          description: 'Bad Request: message to edit not found',
        })
        return true
      }
      const text = typeof payload.text === 'string' ? payload.text : undefined
      edits.push({
        method,
        chatId: payload.chat_id,
        messageId: payload.message_id,
        text,
        replyMarkup: payload.reply_markup,
      })
      if (text !== undefined) message.text = text
      if (payload.reply_markup !== undefined) message.replyMarkup = payload.reply_markup
      json(response, 200, { ok: true, result: { message_id: message.messageId, text } })
      return true
    }
    return false
  }

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request)
      const prefix = `/bot${token}/`
      if (request.url?.startsWith('/bot') && !request.url.startsWith(prefix)) {
        json(response, 401, { ok: false, error_code: 401, description: 'Unauthorized' })
        return
      }
      const method = request.url?.startsWith(prefix) ? request.url.slice(prefix.length) : ''
      if (request.method === 'POST' && method !== 'sendMessage') {
        const payload = (body === '' ? {} : JSON.parse(body)) as Record<string, unknown>
        if (await otherMethod(method, payload, request, response)) return
      }
      if (request.method !== 'POST' || method !== 'sendMessage') {
        json(response, 404, { ok: false, error_code: 404, description: 'Not Found' })
        return
      }
      const current = queued.shift() ?? behaviour
      const now = Date.now()
      if (current.kind === 'ok' || current.kind === 'slow_ok') {
        const wait = floodWait((JSON.parse(body) as Record<string, unknown>).chat_id, now)
        if (wait > 0 && limits) {
          requests.push({ at: now, behaviour: 'flood' })
          // Telegram rounds up to whole seconds; here, whole scaled seconds.
          const retryAfter = Math.ceil(wait / (1000 * limits.scale)) * limits.scale
          json(response, 429, {
            ok: false,
            error_code: 429,
            description: `Too Many Requests: retry after ${retryAfter}`,
            parameters: { retry_after: retryAfter },
          })
          return
        }
      }
      requests.push({ at: now, behaviour: current.kind })
      switch (current.kind) {
        case 'reset':
          request.socket.destroy()
          return
        case 'hang':
          return
        case 'error':
          json(response, current.status, {
            ok: false,
            error_code: current.status,
            description: current.description ?? 'Internal Server Error',
          })
          return
        case 'retry_after':
          json(response, 429, {
            ok: false,
            error_code: 429,
            description: `Too Many Requests: retry after ${current.seconds}`,
            parameters: { retry_after: current.seconds },
          })
          return
        case 'slow_ok': {
          const { messageId, text } = deliver(body)
          setTimeout(() => {
            if (!response.destroyed) {
              json(response, 200, { ok: true, result: { message_id: messageId, text } })
            }
          }, current.ms)
          return
        }
        case 'ok': {
          const { messageId, text } = deliver(body)
          json(response, 200, { ok: true, result: { message_id: messageId, text } })
        }
      }
    })()
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      server.close(() => resolve())
    })

  await listen(0)
  const port = (server.address() as AddressInfo).port

  /** Stores an update if its type is allowed, and wakes a waiting long poll. */
  function receive(type: string, body: object): number | null {
    if (!allowedUpdates.includes(type)) return null
    const update = { update_id: nextUpdateId++, [type]: body }
    sentUpdates.push(update)
    updates.push(update)
    for (const wake of [...waiting]) wake()
    return update.update_id
  }

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    requests,
    messages,
    edits,
    answers,
    pollOffsets,
    press({ chatId, messageId, data, from = { id: 7, first_name: 'Анна' } }) {
      const updateId = receive('callback_query', {
        id: `cb${nextCallbackId++}`,
        from: { is_bot: false, ...from },
        message: { message_id: messageId, chat: { id: chatId } },
        chat_instance: '1',
        data,
      })
      if (updateId === null) throw new Error('callback_query is not among the allowed updates')
      return updateId
    },
    chatMessage(chat, text) {
      return receive('message', {
        message_id: nextMessageId++,
        from: { id: 7, is_bot: false, first_name: 'Анна' },
        chat,
        date: Math.floor(Date.now() / 1000),
        text,
      })
    },
    redeliver(updateId) {
      const update = sentUpdates.find((sent) => sent.update_id === updateId)
      if (!update) throw new Error(`no update ${updateId}`)
      updates.push(update)
      for (const wake of [...waiting]) wake()
    },
    queueUpdatesError(...next) {
      updatesErrors.push(...next)
    },
    setEditError(next) {
      editError = next
    },
    setBehaviour(next) {
      behaviour = next
    },
    queue(...next) {
      queued.push(...next)
    },
    setRateLimits(next) {
      limits = next
    },
    down: stop,
    up: () => listen(port),
    async close() {
      for (const wake of [...waiting]) wake()
      if (server.listening) await stop()
    },
  }
}
