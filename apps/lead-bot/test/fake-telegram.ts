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
  chatId: unknown
  text: string
  parseMode: unknown
  at: number
}

export interface FakeTelegram {
  /** Base URL to use as TELEGRAM_API_URL. */
  readonly url: string
  readonly token: string
  /** Every sendMessage call, answered or not. */
  readonly requests: { at: number; behaviour: Behaviour['kind'] | 'flood' }[]
  /** Messages that were answered with ok, i.e. delivered. */
  readonly messages: ReceivedMessage[]
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
    messages.push({ chatId: payload.chat_id, text, parseMode: payload.parse_mode, at: Date.now() })
    return { messageId: nextMessageId++, text }
  }

  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request)
      if (request.method !== 'POST' || request.url !== `/bot${token}/sendMessage`) {
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

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    requests,
    messages,
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
      if (server.listening) await stop()
    },
  }
}
