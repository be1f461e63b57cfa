// Local stand-ins for the services the lead channels post to (docs/decisions/0077), each on
// 127.0.0.1 and following its vendor's documented contract closely enough to test against:
// a webhook receiver that checks the signature as the README tells receivers to, AlfaCRM's API
// v2 (alfacrm.pro/rest-api) and a Bitrix24 portal's inbound webhook (apidocs.bitrix24.ru).
import { createHmac, timingSafeEqual } from 'node:crypto'
import { EventEmitter, once } from 'node:events'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void

interface Listening {
  url: string
  /** Requests received so far (emits 'request' with each, once its body is read). */
  events: EventEmitter
  close(): Promise<void>
}

async function listen(handler: Handler): Promise<Listening> {
  const events = new EventEmitter()
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      handler(request, body, response)
      events.emit('request', request)
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    events,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function json(response: ServerResponse, status: number, body: unknown, headers = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers })
  response.end(JSON.stringify(body))
}

// --- the signed webhook's receiver --------------------------------------------------------

/** How far a delivery's signed time may be from the receiver's clock, either way. */
export const WEBHOOK_TOLERANCE_S = 5 * 60

/**
 * How long a taken lead's id is kept. A signed time stays acceptable for up to 10 minutes after
 * arrival (5 minutes ahead, then 5 behind), so that much already refuses every replay; a day also
 * drops the repeat a crash of the service can send.
 */
export const WEBHOOK_REMEMBER_MS = 24 * 60 * 60_000

export type WebhookCheck =
  { ok: true; leadId: number } | { ok: false; refused: 'forged' | 'stale' | 'repeat' }

export interface WebhookReceiver {
  /** Checks one delivery's raw bytes and X-ITLab-Signature, before anything in it is trusted. */
  check(rawBody: string, signatureHeader: string | undefined, now?: number): WebhookCheck
  /** Marks a lead as stored: a delivery of its id is a repeat from then on. */
  taken(leadId: number, now?: number): void
}

/** What a receiver does (apps/lead-bot/README.md, "Signed webhook"), with node:crypto. */
export function webhookReceiver(secret: string): WebhookReceiver {
  const taken = new Map<number, number>() // lead.id → when it may be forgotten
  return {
    check(rawBody, signatureHeader, now = Date.now()) {
      const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signatureHeader ?? '')
      if (!match) return { ok: false, refused: 'forged' }
      const [, t = '', v1 = ''] = match
      const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest()
      if (!timingSafeEqual(Buffer.from(v1, 'hex'), expected))
        return { ok: false, refused: 'forged' }
      if (Math.abs(now / 1000 - Number(t)) > WEBHOOK_TOLERANCE_S) {
        return { ok: false, refused: 'stale' }
      }
      const { lead } = JSON.parse(rawBody) as { lead: { id: number } }
      for (const [id, until] of taken) if (until <= now) taken.delete(id)
      if (taken.has(lead.id)) return { ok: false, refused: 'repeat' }
      return { ok: true, leadId: lead.id }
    },
    taken(leadId, now = Date.now()) {
      taken.set(leadId, now + WEBHOOK_REMEMBER_MS)
    },
  }
}

export interface ReceivedHook {
  /** X-ITLab-Delivery: an unsigned copy of the body's lead.id. */
  delivery: string | undefined
  /** The signed send time (t= of X-ITLab-Signature), Unix seconds. */
  timestamp: number | undefined
  /** Whether X-ITLab-Signature is the secret's, over this body and a time within 5 minutes. */
  signed: boolean
  /** Why the receiver did not take it (a repeat is answered 2xx, the others 401); none if taken. */
  refused: 'forged' | 'stale' | 'repeat' | undefined
  /** The bytes and the signature as received, to send them again. */
  raw: string
  signature: string | undefined
  body: unknown
}

export interface FakeWebhook extends Listening {
  received: ReceivedHook[]
  /** Answers each signed request with this status (and headers) from now on; 204 at first. */
  answer(status: number, headers?: Record<string, string>): void
  /** While on, requests are held open unanswered (a hanging receiver); off answers them. */
  hang(on: boolean): void
}

export async function startFakeWebhook(secret: string): Promise<FakeWebhook> {
  const receiver = webhookReceiver(secret)
  const received: ReceivedHook[] = []
  let status = 204
  let headers: Record<string, string> = {}
  let hanging = false
  const held: { response: ServerResponse; check: WebhookCheck }[] = []
  const respond = (response: ServerResponse, check: WebhookCheck) => {
    if (!check.ok && check.refused !== 'repeat') {
      response.writeHead(401)
    } else {
      // A lead counts as stored only when the answer says so; a repeat is not stored again.
      if (check.ok && status >= 200 && status < 300) receiver.taken(check.leadId)
      response.writeHead(status, headers)
    }
    response.end()
  }
  const server = await listen((request, body, response) => {
    const header = (name: string) => {
      const value = request.headers[name]
      return Array.isArray(value) ? value[0] : value
    }
    const signature = header('x-itlab-signature')
    const check = receiver.check(body, signature)
    const refused = check.ok ? undefined : check.refused
    const t = /^t=(\d+),/.exec(signature ?? '')?.[1]
    received.push({
      delivery: header('x-itlab-delivery'),
      timestamp: t === undefined ? undefined : Number(t),
      signed: refused === undefined || refused === 'repeat',
      refused,
      raw: body,
      signature,
      body: JSON.parse(body) as unknown,
    })
    if (hanging) held.push({ response, check })
    else respond(response, check)
  })
  return {
    ...server,
    received,
    answer(next, nextHeaders = {}) {
      status = next
      headers = nextHeaders
    },
    hang(on) {
      hanging = on
      if (!on) for (const { response, check } of held.splice(0)) respond(response, check)
    },
  }
}

// --- AlfaCRM ------------------------------------------------------------------------------

export const ALFACRM_TOKEN_LIFETIME_MS = 15 * 60_000

export interface FakeAlfaCrm extends Listening {
  email: string
  apiKey: string
  branchId: number
  /** Customers created, as AlfaCRM stored them. */
  customers: Record<string, unknown>[]
  /** Logins made (a token each). */
  logins: number
  /** Moves the fake's clock (tokens expire by it). */
  advance(ms: number): void
  /** Revokes every token (as a password change would): the next call answers 401. */
  revokeTokens(): void
  /** Answers the next `count` calls with this HTTP status (a server error). */
  failNext(count: number, status: number): void
}

/**
 * AlfaCRM's API v2 as documented: POST /v2api/auth/login with {email, api_key} answers {token};
 * every other call needs X-ALFACRM-TOKEN, which lives 15 minutes (401 after); customer/create in
 * the user's branch answers {success, errors, model}, a refused one 400 with the fields named.
 */
export async function startFakeAlfaCrm(): Promise<FakeAlfaCrm> {
  const email = 'api@itlab.example'
  const apiKey = 'alfa-api-key-0123456789'
  const branchId = 1
  const customers: Record<string, unknown>[] = []
  const tokens = new Map<string, number>()
  let clock = 0
  let logins = 0
  let failing = { count: 0, status: 500 }
  const unauthorized = (response: ServerResponse) =>
    json(response, 401, {
      name: 'Unauthorized',
      message: 'Your request was made with invalid credentials.',
      code: 0,
      status: 401,
    })
  const server = await listen((request, body, response) => {
    if (failing.count > 0) {
      failing.count -= 1
      json(response, failing.status, { name: 'Server error', status: failing.status })
      return
    }
    const data = JSON.parse(body || '{}') as Record<string, unknown>
    if (request.url === '/v2api/auth/login') {
      if (data.email !== email || data.api_key !== apiKey) return unauthorized(response)
      logins += 1
      const token = `token-${logins}`
      tokens.set(token, clock)
      return json(response, 200, { token })
    }
    const token = request.headers['x-alfacrm-token']
    const issued = typeof token === 'string' ? tokens.get(token) : undefined
    if (issued === undefined || clock - issued >= ALFACRM_TOKEN_LIFETIME_MS) {
      return unauthorized(response)
    }
    if (request.url !== `/v2api/${branchId}/customer/create`) {
      return json(response, 404, { name: 'Not Found', status: 404 })
    }
    const errors: Record<string, string[]> = {}
    if (typeof data.name !== 'string' || data.name.trim() === '') {
      errors.name = ['Необходимо заполнить «Полное имя».']
    }
    if (!Array.isArray(data.phone) || data.phone.some((phone) => typeof phone !== 'string')) {
      errors.phone = ['Значение «Телефон» должно быть массивом.']
    }
    if (data.legal_type !== 1 && data.legal_type !== 2) errors.legal_type = ['Неверное значение.']
    if (data.is_study !== 0 && data.is_study !== 1) errors.is_study = ['Неверное значение.']
    if (!Array.isArray(data.branch_ids) || !data.branch_ids.includes(branchId)) {
      errors.branch_ids = ['Необходимо заполнить «Филиалы».']
    }
    if (Object.keys(errors).length > 0) {
      return json(response, 400, { success: false, errors, model: null })
    }
    const model = { id: customers.length + 1, ...data }
    customers.push(model)
    return json(response, 200, { success: true, errors: [], model })
  })
  return {
    ...server,
    email,
    apiKey,
    branchId,
    customers,
    get logins() {
      return logins
    },
    advance(ms) {
      clock += ms
    },
    revokeTokens() {
      tokens.clear()
    },
    failNext(count, status) {
      failing = { count, status }
    },
  }
}

// --- Bitrix24 -----------------------------------------------------------------------------

export interface FakeBitrix24 extends Listening {
  /** The inbound webhook's URL, /rest/<user>/<code>/. */
  webhookUrl: string
  leads: Record<string, unknown>[]
  /** Calls refused with QUERY_LIMIT_EXCEEDED. */
  limited: number
}

export interface FakeBitrix24Options {
  /** The leaky bucket (apidocs.bitrix24.ru/limits): refused beyond `burst`, drained at `perSecond`. */
  burst?: number
  perSecond?: number
}

/**
 * A portal's inbound webhook: crm.lead.add answers {result: id, time}; a wrong code answers 401
 * {error: INVALID_CREDENTIALS}; beyond the bucket 503 {error: QUERY_LIMIT_EXCEEDED}.
 */
export async function startFakeBitrix24(options: FakeBitrix24Options = {}): Promise<FakeBitrix24> {
  const burst = options.burst ?? 50
  const perSecond = options.perSecond ?? 2
  const code = 'k3y0fth3p0rtal'
  const leads: Record<string, unknown>[] = []
  let level = 0
  let drainedAt = performance.now()
  let limited = 0
  const server = await listen((request, body, response) => {
    const at = performance.now()
    level = Math.max(0, level - ((at - drainedAt) / 1000) * perSecond)
    drainedAt = at
    if (level + 1 > burst) {
      limited += 1
      return json(response, 503, {
        error: 'QUERY_LIMIT_EXCEEDED',
        error_description: 'Too many requests',
      })
    }
    level += 1
    const match = /^\/rest\/(\d+)\/([^/]+)\/([\w.]+?)(?:\.json)?$/.exec(request.url ?? '')
    if (!match || match[2] !== code) {
      return json(response, 401, {
        error: 'INVALID_CREDENTIALS',
        error_description: 'Invalid request credentials',
      })
    }
    if (match[3] !== 'crm.lead.add') {
      return json(response, 404, {
        error: 'ERROR_METHOD_NOT_FOUND',
        error_description: 'Method not found!',
      })
    }
    const { fields } = JSON.parse(body || '{}') as { fields?: Record<string, unknown> }
    if (!fields || typeof fields !== 'object') {
      return json(response, 400, {
        error: '',
        error_description: "Parameter 'fields' must be array.",
      })
    }
    leads.push(fields)
    return json(response, 200, { result: leads.length, time: { start: at / 1000 } })
  })
  return {
    ...server,
    webhookUrl: `${server.url}/rest/1/${code}/`,
    leads,
    get limited() {
      return limited
    },
  }
}
