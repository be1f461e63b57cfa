import {
  leadQueryString,
  REQUEST_ID_PARAM,
  type Lead,
  type LeadContext,
  type LeadForm,
} from '@it-lab/shared'
import { env } from '#app/config/env.ts'

/** A non-ok answer from the lead service (docs/behaviour.md, "Lead forms"). */
export class LeadSendError extends Error {
  readonly status: number
  readonly body: string

  constructor(status: number, body: string) {
    super(`Ошибка отправки: ${status} ${body}`)
    this.name = 'LeadSendError'
    this.status = status
    this.body = body
  }
}

export type SendLeadOptions = {
  form: LeadForm
  /** The hidden field's value: empty for people. */
  honeypot: string
  /** Where the lead came from: page, course, quiz suggestion (each optional). */
  context?: LeadContext
}

/** Her trial's page, relative to the lead service (docs/decisions/0103-a-trial-she-holds.md). */
const TRIAL_PAGE = /^trial\/[A-Za-z0-9_-]{22}$/

/** The accepted answer's `trialPage` when it is one: nothing else of it is trusted as a link. */
async function trialPageOf(response: Response): Promise<string | undefined> {
  const body: unknown = await response.json().catch(() => undefined)
  const page =
    typeof body === 'object' && body !== null
      ? (body as { trialPage?: unknown }).trialPage
      : undefined
  return typeof page === 'string' && TRIAL_PAGE.test(page) ? page : undefined
}

/** The body's optional fields an older service may not know: a lead goes again without them. */
const NEWER_FIELDS = ['source', 'childAge', 'promoCode', 'promoDate', 'trialAt'] as const

/**
 * POST {LEAD_API_URL}/send with the JSON body `{name, phone}`, plus `group` when the form offered
 * the course's groups (docs/decisions/0075) and `trialAt` when the parent picked one of its
 * lessons (docs/decisions/0103-a-trial-she-holds.md), `childAge` when a trial form's parent gave it and
 * `promoCode` with `promoDate` when the quiz gave this browser its code (docs/decisions/0088), and
 * `source`, where the visitor came from, when known (docs/decisions/0078); the form tag, consent
 * version, context and honeypot travel in the query string. The status is read, the body on error,
 * and on success her trial's page if the lead booked one. A network failure is tried once more,
 * then rejects with the browser's own error.
 */
export async function sendLead(
  { name, phone, group, trialAt, childAge, promoCode, promoDate }: Lead,
  { form, honeypot, context }: SendLeadOptions,
) {
  // One id for this sending, kept by its retries: the service stores the lead once.
  const requestId = globalThis.crypto?.randomUUID?.()
  const query = [
    leadQueryString(form, honeypot, env.consentVersion, context),
    ...(requestId === undefined ? [] : [`${REQUEST_ID_PARAM}=${requestId}`]),
  ].join('&')
  // Loaded when a lead is sent, off the page's first load; a lead goes without it if it fails.
  const source = await import('#app/lib/attribution.ts').then(
    ({ leadSource }) => leadSource(Date.now()),
    () => undefined,
  )
  const newer = { source, childAge, promoCode, promoDate, trialAt }
  const post = async (without: ReadonlySet<string>) => {
    const url = `${env.leadApiUrl}/send?${query}`
    const init: RequestInit = {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name,
        phone,
        ...(group === undefined ? {} : { group }),
        ...Object.fromEntries(
          Object.entries(newer).filter(([key, value]) => value !== undefined && !without.has(key)),
        ),
      }),
    }
    try {
      return await fetch(url, init)
    } catch (error) {
      // fetch rejects with a TypeError only when no answer came (offline, a reset connection): the
      // same request, byte for byte, goes once more. An answer, even 4xx/5xx, is not retried. If
      // the first did arrive, the service knows its request id and stores the lead once.
      if (!(error instanceof TypeError)) throw error
      return await fetch(url, init)
    }
  }
  let response = await post(new Set())
  let body = response.ok ? '' : await response.text()
  // A service from before a field (a rollback, or the moment of a release) refuses it as unknown:
  // the lead goes again without the fields it named, since none of them is worth a lead.
  const refused = new Set(
    response.status === 400
      ? NEWER_FIELDS.filter((key) => newer[key] !== undefined && body.includes(`"${key}"`))
      : [],
  )
  if (refused.size > 0) {
    response = await post(refused)
    body = response.ok ? '' : await response.text()
  }
  if (!response.ok) throw new LeadSendError(response.status, body)
  return { trialPage: await trialPageOf(response) }
}
