// AlfaCRM (docs/decisions/0077): each lead becomes a customer marked as a lead (is_study 0) in the
// school's branch, through AlfaCRM's API v2 (alfacrm.pro/rest-api): POST /v2api/auth/login with
// {email, api_key} gives a token that lives 15 minutes, sent as X-ALFACRM-TOKEN.
import type { Channel, DeliveryResult } from './worker.ts'
import { contextLines } from './lead-payload.ts'
import type { LeadPayload } from './lead-payload.ts'
import { networkError, retryLater } from './webhook.ts'
import type { AlfaCrmConfig } from '../config.ts'

/** The token lives 15 minutes; a new one is taken a minute before, so none expires in flight. */
export const TOKEN_REFRESH_MS = 14 * 60_000

/** The customer AlfaCRM is asked to create for a lead. */
export function alfaCrmCustomer(lead: LeadPayload, config: AlfaCrmConfig): Record<string, unknown> {
  return {
    name: lead.name,
    phone: [lead.phone],
    legal_type: 1,
    is_study: 0,
    branch_ids: [config.branchId],
    note: [
      `Заявка №${lead.id} с сайта, ${lead.receivedAtLocal} (Астрахань)`,
      ...contextLines(lead),
    ].join('\n'),
    ...(config.leadSourceId === undefined ? {} : { lead_source_id: config.leadSourceId }),
    ...(config.leadStatusId === undefined ? {} : { lead_status_id: config.leadStatusId }),
  }
}

type Reply = { status: number; body: Record<string, unknown>; retryAfter: string | null }

/** The fields AlfaCRM named in a refusal (not its messages: they may quote what was sent). */
function refusedFields(errors: unknown): string {
  if (errors !== null && typeof errors === 'object' && !Array.isArray(errors)) {
    const fields = Object.keys(errors)
    if (fields.length > 0) return `: ${fields.join(', ')}`
  }
  return ''
}

function failure(reply: Reply, what: string): DeliveryResult {
  const error = `${what}: HTTP ${reply.status}`
  if (reply.status === 408 || reply.status === 429 || reply.status >= 500) {
    return retryLater(error, reply.retryAfter)
  }
  return { ok: false, retry: false, error }
}

export function createAlfaCrmChannel(
  config: AlfaCrmConfig,
  fetchImpl = fetch,
  now = Date.now,
): Channel {
  const base = config.url.replace(/\/+$/, '')
  let token: { value: string; at: number } | undefined

  async function call(
    path: string,
    body: object,
    signal: AbortSignal,
    withToken?: string,
  ): Promise<Reply> {
    const response = await fetchImpl(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(withToken === undefined ? {} : { 'x-alfacrm-token': withToken }),
      },
      body: JSON.stringify(body),
      redirect: 'manual',
      signal,
    })
    const parsed: unknown = await response.json().catch(() => ({}))
    return {
      status: response.status,
      body:
        parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {},
      retryAfter: response.headers.get('retry-after'),
    }
  }

  /** A token younger than TOKEN_REFRESH_MS, or a new one; a refusal as the delivery's result. */
  async function login(signal: AbortSignal, fresh: boolean): Promise<string | DeliveryResult> {
    if (!fresh && token && now() - token.at < TOKEN_REFRESH_MS) return token.value
    token = undefined
    const at = now()
    const reply = await call(
      '/v2api/auth/login',
      { email: config.email, api_key: config.apiKey },
      signal,
    )
    const value = reply.body.token
    if (reply.status === 200 && typeof value === 'string' && value !== '') {
      token = { value, at }
      return value
    }
    // 401/403: ALFACRM_EMAIL or ALFACRM_API_KEY is wrong, or the user has no v2api access.
    return failure(reply, 'AlfaCRM refused the login')
  }

  return {
    name: 'alfacrm',
    async deliver(lead, signal) {
      const customer = alfaCrmCustomer(lead, config)
      try {
        for (const fresh of [false, true]) {
          const current = await login(signal, fresh)
          if (typeof current !== 'string') return current
          const reply = await call(
            `/v2api/${config.branchId}/customer/create`,
            customer,
            signal,
            current,
          )
          // An expired or revoked token: one new login, then the call once more.
          if (reply.status === 401 && !fresh) continue
          if (reply.status === 200 && reply.body.success !== false) {
            const model = reply.body.model
            const id =
              model !== null && typeof model === 'object' && 'id' in model ? model.id : undefined
            return { ok: true, ...(id === undefined ? {} : { ref: String(id) }) }
          }
          if (reply.status === 200 || reply.status === 400 || reply.status === 422) {
            return {
              ok: false,
              retry: false,
              error: `AlfaCRM refused the customer${refusedFields(reply.body.errors)}`,
            }
          }
          return failure(reply, 'AlfaCRM')
        }
        return { ok: false, retry: true, error: 'AlfaCRM: the new token was refused too' }
      } catch (error) {
        return { ok: false, retry: true, error: `AlfaCRM: ${networkError(error)}` }
      }
    },
  }
}
