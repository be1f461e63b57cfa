// The signed webhook (docs/decisions/0077): each lead POSTed as JSON to LEAD_WEBHOOK_URL, signed
// with HMAC-SHA256 under LEAD_WEBHOOK_SECRET over the send time and the raw body, so a captured
// delivery goes stale and the lead's id in the body cannot be swapped (apps/lead-bot/README.md,
// "Signed webhook", shows how a receiver checks it).
import { createHmac } from 'node:crypto'
import type { Channel, DeliveryResult } from './worker.ts'
import type { LeadPayload } from './lead-payload.ts'
import type { WebhookConfig } from '../config.ts'

/** The payload's version: a receiver can tell a later shape from this one. */
export const WEBHOOK_PAYLOAD_VERSION = 1

export function webhookBody(lead: LeadPayload, sentAt: number): string {
  return JSON.stringify({
    version: WEBHOOK_PAYLOAD_VERSION,
    event: 'lead.created',
    sent_at: new Date(sentAt).toISOString(),
    lead: {
      id: lead.id,
      uid: lead.uid,
      received_at: lead.receivedAt,
      name: lead.name,
      phone: lead.phone,
      form: lead.form,
      course: lead.course,
      quiz: lead.quiz,
      page: lead.page,
      child_age: lead.childAge,
      trial_at: lead.trial?.at ?? null,
      promo: lead.promo && { code: lead.promo.code, given_on: lead.promo.givenOn },
      source: lead.source && {
        utm_source: lead.source.utmSource,
        utm_medium: lead.source.utmMedium,
        utm_campaign: lead.source.utmCampaign,
        utm_content: lead.source.utmContent,
        utm_term: lead.source.utmTerm,
        yclid: lead.source.yclid,
        gclid: lead.source.gclid,
        referrer: lead.source.referrer,
        landing_page: lead.source.landingPage,
        text: lead.source.text,
        first_visit: lead.source.firstVisit,
      },
    },
  })
}

/** X-ITLab-Signature: `t=<Unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export function webhookSignature(body: string, secret: string, sentAt: number): string {
  const t = Math.floor(sentAt / 1000)
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000
  const at = Date.parse(header)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/** A failure that may pass (408, 429, 5xx, a receiver's rate limit): retried, after its Retry-After when it gives one. */
export function retryLater(error: string, retryAfter: string | null): DeliveryResult {
  const wait = retryAfterMs(retryAfter)
  return { ok: false, retry: true, error, ...(wait === undefined ? {} : { retryAfterMs: wait }) }
}

/** Why a fetch failed, without the URL (a receiver's URL may hold a key). */
export function networkError(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ''
  return `${error.name}${cause}`
}

export function createWebhookChannel(config: WebhookConfig, fetchImpl = fetch): Channel {
  return {
    name: 'webhook',
    async deliver(lead, signal): Promise<DeliveryResult> {
      // Each attempt is signed afresh; the lead's id in the body stays, so a receiver drops repeats.
      const sentAt = Date.now()
      const body = webhookBody(lead, sentAt)
      let response: Response
      try {
        response = await fetchImpl(config.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'user-agent': 'it-lab-lead-bot',
            'x-itlab-signature': webhookSignature(body, config.secret, sentAt),
            // Unsigned, for the receiver's logs: it drops repeats by the signed body's lead.id.
            'x-itlab-delivery': String(lead.id),
          },
          body,
          // A redirect is not followed: the body and signature go only where the setting says.
          redirect: 'manual',
          signal,
        })
        await response.body?.cancel()
      } catch (error) {
        return { ok: false, retry: true, error: networkError(error) }
      }
      const { status } = response
      if (status >= 200 && status < 300) return { ok: true }
      const error = `HTTP ${status}`
      if (status === 408 || status === 429 || status >= 500) {
        return retryLater(error, response.headers.get('retry-after'))
      }
      return { ok: false, retry: false, error }
    },
  }
}
