// Bitrix24 (docs/decisions/0077): each lead becomes a CRM lead through the portal's inbound
// webhook, crm.lead.add (apidocs.bitrix24.ru, «crm.lead.add»). The portal allows about two calls a
// second (a leaky bucket); beyond it answers 503 QUERY_LIMIT_EXCEEDED (apidocs.bitrix24.ru/limits).
import type { Channel, DeliveryResult } from './worker.ts'
import { contextLines, leadTopic } from './lead-payload.ts'
import type { LeadPayload } from './lead-payload.ts'
import { networkError, retryLater } from './webhook.ts'
import type { Bitrix24Config } from '../config.ts'

/** Two calls a second at most: the portal's steady rate, so its bucket never fills. */
export const BITRIX24_INTERVAL_MS = 500

/** The fields of crm.lead.add for one lead; UTM fields stay empty until the site captures them. */
export function bitrix24Fields(lead: LeadPayload, sourceId: string): Record<string, unknown> {
  const source = lead.source
  return {
    TITLE: `Заявка с сайта №${lead.id}: ${leadTopic(lead)}`,
    NAME: lead.name,
    PHONE: [{ VALUE: lead.phone, VALUE_TYPE: 'WORK' }],
    COMMENTS: [`Получена ${lead.receivedAtLocal} (Астрахань).`, ...contextLines(lead)].join('\n'),
    SOURCE_ID: sourceId,
    UTM_SOURCE: source?.utmSource ?? '',
    UTM_MEDIUM: source?.utmMedium ?? '',
    UTM_CAMPAIGN: source?.utmCampaign ?? '',
    UTM_CONTENT: source?.utmContent ?? '',
    UTM_TERM: source?.utmTerm ?? '',
  }
}

export function createBitrix24Channel(config: Bitrix24Config, fetchImpl = fetch): Channel {
  const url = `${config.webhookUrl.replace(/\/?$/, '/')}crm.lead.add.json`
  return {
    name: 'bitrix24',
    intervalMs: BITRIX24_INTERVAL_MS,
    async deliver(lead, signal): Promise<DeliveryResult> {
      let response: Response
      let body: Record<string, unknown> = {}
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            fields: bitrix24Fields(lead, config.sourceId),
            params: { REGISTER_SONET_EVENT: 'Y' },
          }),
          redirect: 'manual',
          signal,
        })
        const parsed: unknown = await response.json().catch(() => ({}))
        if (parsed !== null && typeof parsed === 'object') body = parsed as Record<string, unknown>
      } catch (error) {
        return { ok: false, retry: true, error: `Bitrix24: ${networkError(error)}` }
      }
      const { status } = response
      const code = typeof body.error === 'string' ? body.error : undefined
      if (status === 200 && code === undefined && body.result !== undefined) {
        return { ok: true, ref: String(body.result) }
      }
      // The portal's own words (INVALID_CREDENTIALS, QUERY_LIMIT_EXCEEDED …), never the URL.
      const description =
        typeof body.error_description === 'string' ? ` ${body.error_description.slice(0, 200)}` : ''
      const error = `Bitrix24: HTTP ${status}${code === undefined ? '' : ` ${code}`}${description}`
      // The portal's rate limit (503 QUERY_LIMIT_EXCEEDED) or a failure that may pass: backoff.
      if (code === 'QUERY_LIMIT_EXCEEDED' || status === 408 || status === 429 || status >= 500) {
        return retryLater(error, response.headers.get('retry-after'))
      }
      // An invalid or deleted webhook (401 INVALID_CREDENTIALS), a missing scope, a bad field.
      return { ok: false, retry: false, error }
    },
  }
}
