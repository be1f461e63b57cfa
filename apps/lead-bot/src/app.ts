import cors from '@fastify/cors'
import rateLimit from '@fastify/rate-limit'
import { createServer } from 'node:http'
import Fastify, { LogController } from 'fastify'
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify'
import {
  GROUPS,
  OTHER_TIME,
  TRIAL_CHOICE_PARAM,
  paths,
  splitTrialChoice,
  validateLead,
  type LeadErrorReason,
  type LeadFieldErrors,
} from '@it-lab/shared'
import {
  cleanLeadSource,
  hasOrigin,
  touchFromUrl,
  type LeadSource,
} from '@it-lab/shared/lead-source'
import { readLeadMeta } from '@it-lab/shared/lead-query'
import type { ExtraChannelName } from './channel-names.ts'
import type { Config } from './config.ts'
import { capConnections } from './connection-cap.ts'
import { isDiskFull, StoreFencedError } from './store/connection.ts'
import type { LeadStore } from './store/lead-store.ts'
import { createGroupCommit } from './group-commit.ts'
import { RepeatedSends } from './repeated-sends.ts'
import { newTrialToken, readTrialBooking, trialOf, type GroupOf } from './trials/booking.ts'
import { readPageFacts, type PageFacts } from './trials/page-facts.ts'
import { trialPageRoutes } from './trials/page-routes.ts'
import { createSeats, type Seats } from './trials/seats.ts'
import type { GroupEntry } from '@it-lab/shared'
import type { TrialBooking } from '@it-lab/shared/content'

/**
 * A lead is two short fields (with a group, a child's age, a promo code) and where it came from (two visits' bounded tags, lead-source.ts);
 * anything bigger than this is not a person's form.
 */
export const BODY_LIMIT_BYTES = 8192

/**
 * After a lead was refused for want of space, /health says `full` until a lead is stored or the
 * folder has this much free again: its own small write may still fit where a lead did not.
 */
const ROOM_FOR_LEADS_BYTES = 1024 * 1024

/** While leads are refused for a full disk, one error line this often (with the count). */
const FULL_LOG_EVERY_MS = 60_000

/**
 * /seats per client and rate-limit window: a page asks once when it opens (and a browser keeps the
 * answer for SEATS_MAX_AGE_S), so this is a visitor reading many pages fast, not one who reads.
 */
export const SEATS_RATE_MAX = 60

/** How long a browser keeps the seats: a booking shows on the next page within it. */
export const SEATS_MAX_AGE_S = 30

/** A pending lead older than this makes /health say `degraded` while delivery is on. */
export const STALE_PENDING_MS = 15 * 60_000

export interface AppOptions {
  store: LeadStore
  siteOrigins: string[]
  rateLimit: Config['rateLimit']
  trustProxy?: Config['trustProxy']
  logger?: FastifyServerOptions['logger']
  /** Called after a lead is committed, to wake the outbox. */
  onLeadStored?: (id: number) => void
  /** Called after a parent moved or cancelled her trial on her page, to wake the outbox. */
  onTrialChanged?: (leadId: number) => void
  /** The school's bot's username for her page's reminder link, once Telegram told it. */
  botUsername?: () => string | undefined
  /** Whether an outbox delivers leads: only then does an old pending lead mean trouble. */
  deliveryOn?: boolean
  /** The lead channels on besides Telegram, reported each under `channels` (0077). */
  channels?: readonly ExtraChannelName[]
  /** Longest time to receive a whole request, body included (a trickling client is cut). */
  requestTimeoutMs?: number
  /**
   * Open connections at most; beyond it a new one closes the oldest without a request in flight,
   * and is refused only when every one has a request in flight.
   */
  maxConnections?: number
  /** How trials are booked (content/trial-offer.json); read from the content when not given. */
  booking?: TrialBooking
  /** The groups this service knows: the shared catalogue's, unless given. */
  groups?: readonly GroupEntry[]
  /** A group by its id: one of `groups`, unless given. */
  groupOf?: GroupOf
  /** Leads past this many days are past the policies' retention: her trial's page is gone. */
  retentionDays?: number
  /** What her trial's page says of the school (content), read from the content when not given. */
  pageFacts?: PageFacts
  /** Requests per IP per window on her trial's page; by default a minute's 60. */
  trialPageRateLimit?: { max: number; windowMs: number }
  /** Their seats, counted from the store (trials/seats.ts); made from `groups` unless given. */
  seats?: Seats
  now?: () => number
}

interface ErrorBody {
  error: string
  message: string
  fields?: Record<string, string>
  unknownFields?: string[]
}

/** Fastify and its plugins throw errors (or plain objects) carrying statusCode and code. */
function describeError(thrown: unknown): { status: number; code?: string; message: string } {
  if (typeof thrown !== 'object' || thrown === null) return { status: 500, message: String(thrown) }
  const { statusCode, code, message } = thrown as Record<string, unknown>
  return {
    status: typeof statusCode === 'number' ? statusCode : 500,
    ...(typeof code === 'string' ? { code } : {}),
    message: typeof message === 'string' ? message : 'Error',
  }
}

function invalid(message: string, extra: Omit<ErrorBody, 'error' | 'message'> = {}): ErrorBody {
  return { error: 'invalid', message, ...extra }
}

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded'

/** A body that is not UTF-8 (or not urlencoded): refused rather than stored with U+FFFD in it. */
class BodyEncodingError extends Error {
  readonly statusCode = 400
  readonly code = 'BODY_NOT_UTF8'
  constructor() {
    super('Body must be UTF-8')
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

function decodeUtf8(body: Buffer): string {
  try {
    return strictUtf8.decode(body)
  } catch {
    throw new BodyEncodingError()
  }
}

/**
 * A urlencoded form body, decoded strictly: a byte sequence or an escape that is not UTF-8 throws
 * (decodeURIComponent's own check) rather than becoming U+FFFD. A field sent twice is an array,
 * which the lead's validation refuses.
 */
function parseForm(body: Buffer): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = Object.create(null) as Record<string, string>
  for (const pair of decodeUtf8(body).split('&')) {
    if (pair === '') continue
    const at = pair.indexOf('=')
    const [key, value] = [
      at === -1 ? pair : pair.slice(0, at),
      at === -1 ? '' : pair.slice(at + 1),
    ].map((part) => {
      try {
        return decodeURIComponent(part.replaceAll('+', ' '))
      } catch {
        throw new BodyEncodingError()
      }
    }) as [string, string]
    const earlier = fields[key]
    fields[key] = earlier === undefined ? value : [earlier, value].flat()
  }
  return fields
}

/** A site's `<form method="post">`, sent by the browser itself (before or without JavaScript). */
function isFormPost(request: FastifyRequest): boolean {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
  return type === FORM_CONTENT_TYPE
}

/**
 * The route a request matched, as logged: its pattern, never the path a client sent (a 404's
 * path may be a name and a phone, as `POST /Иван-Петров-89123456789` once put in the log).
 */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? '<unknown>'
}

/** Which page says what was wrong with a form post's fields. */
function fieldsReason(fields: LeadFieldErrors): LeadErrorReason {
  if (fields.name !== undefined && fields.phone !== undefined) return 'name-phone'
  return fields.name !== undefined ? 'name' : 'phone'
}

/**
 * The source of a lead sent without one (a plain form post, or an older site's script): the tags
 * of the site's page that posted it, which the browser names in `Referer` (docs/decisions/0078).
 * Only a page of the site's own origins counts, and only when it carried tags.
 */
function refererSource(request: FastifyRequest, origins: Set<string>): LeadSource | undefined {
  const referer = request.headers.referer
  if (referer === undefined || !URL.canParse(referer)) return undefined
  const url = new URL(referer)
  if (!origins.has(url.origin)) return undefined
  const visit = touchFromUrl(url)
  return hasOrigin(visit) ? { visit } : undefined
}

/**
 * A JSON lead's `source` apart from its fields: the fields are validated as a lead, the source is
 * read on its own and, whatever it holds, never refuses the lead (docs/decisions/0078).
 */
function splitSource(body: unknown): { fields: unknown; source: unknown } {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('source' in body)) {
    return { fields: body, source: undefined }
  }
  const { source, ...fields } = body as Record<string, unknown>
  return { fields, source }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { store } = options
  const leads = createGroupCommit(store)
  const now = options.now ?? Date.now
  const allowedOrigins = new Set(options.siteOrigins)
  const booking = options.booking ?? readTrialBooking()
  const groups = options.groups ?? GROUPS
  const groupOf = options.groupOf ?? ((id: string) => groups.find((group) => group.id === id))
  const seats = options.seats ?? createSeats(store, groups, booking, now())
  /** A stored lead, and her trial page's address relative to this service, if she booked one. */
  const repeatedSends = new RepeatedSends<{ id: number; trialPage: string | undefined }>(now)

  /**
   * A form post is answered like a page: 303 to the site's thank-you or error page, on the
   * origin the form was on (docs/behaviour.md, "Lead forms"). No personal data in the address.
   */
  const seeSitePage = (request: FastifyRequest, reply: FastifyReply, path: string) => {
    const origin = request.headers.origin
    const site =
      origin !== undefined && allowedOrigins.has(origin) ? origin : (options.siteOrigins[0] ?? '')
    return reply.code(303).header('location', `${site}${path}`).send()
  }
  const requestTimeout = options.requestTimeoutMs ?? 15_000
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    // A request that reached this process before it stopped listening is still served (with
    // `Connection: close`), not answered 503: the store closes only once every connection has
    // ended, and later connections wait for the next start (docs/decisions/0060).
    return503OnClosing: false,
    // Node checks request timeouts only every `connectionsCheckingInterval` (30 s by default),
    // so a trickling body outlived the limit by up to that much: check often enough.
    serverFactory: (handler) => {
      const server = createServer(
        {
          requestTimeout,
          headersTimeout: Math.min(requestTimeout, 10_000),
          connectionsCheckingInterval: Math.max(100, Math.min(1_000, requestTimeout / 4)),
        },
        handler,
      )
      capConnections(server, options.maxConnections ?? 512)
      return server
    },
    // The client's IP is personal data: no log line carries it (the policies say it is used in
    // memory only, for the rate limit); request logs carry the request id, method and URL only.
    logController: new LogController({ disableRequestLogging: true }),
  })
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: routeOf(request),
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request completed',
    )
    done()
  })
  // JSON from the site's script, urlencoded from its plain form; not text/plain, which would let
  // a script skip the CORS preflight. Both are decoded as strict UTF-8: Fastify's own decoding
  // turns a malformed byte into U+FFFD, which would then be stored as part of a name.
  app.removeContentTypeParser(['text/plain', 'application/json'])
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) =>
    parseJson(request, decodeUtf8(body as Buffer), done),
  )
  app.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, parseForm(body as Buffer)),
  )

  app.setErrorHandler((thrown, request, reply) => {
    const error = describeError(thrown)
    const status = error.status
    if (status === 429) {
      request.log.warn({ url: routeOf(request) }, 'rate limited')
      if (isFormPost(request)) return seeSitePage(request, reply, paths.leadError('failed'))
      return reply.code(429).send({ error: 'rate_limited', message: error.message })
    }
    if (isFormPost(request) && request.url.startsWith('/send')) {
      if (status >= 500) request.log.error({ err: thrown }, 'request failed')
      return seeSitePage(request, reply, paths.leadError('failed'))
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .code(415)
        .send({ error: 'unsupported_media_type', message: 'Send Content-Type: application/json' })
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .code(413)
        .send({ error: 'too_large', message: `Body over ${BODY_LIMIT_BYTES} bytes` })
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: 'bad_request', message: error.message })
    }
    request.log.error({ err: thrown }, 'request failed')
    return reply.code(500).send({ error: 'internal', message: 'Internal error' })
  })
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ error: 'not_found', message: 'Not found' }),
  )

  await app.register(cors, {
    origin: options.siteOrigins,
    methods: ['POST'],
    allowedHeaders: ['Content-Type'],
    maxAge: 600,
  })
  await app.register(rateLimit, {
    max: options.rateLimit.max,
    timeWindow: options.rateLimit.windowMs,
    // One subscriber usually holds a whole IPv6 /64 and could rotate through it.
    ipv6Subnet: 64,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests, retry in ${context.after}`,
    }),
  })

  const unwritable = (
    request: FastifyRequest,
    reply: FastifyReply,
    error: unknown,
    db: 'replaced' | 'unwritable',
  ) => {
    request.log.error({ err: error, db }, 'database is not writable')
    return reply.code(503).send({ status: 'error', db })
  }

  const full = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    const freeBytes = store.freeBytes()
    request.log.error({ err: error, db: 'full', freeBytes }, 'database is not writable')
    return reply.code(503).send({ status: 'error', db: 'full', freeBytes })
  }
  // Leads refused for a full disk since one was last stored, and since the last log line about it.
  let refusedForSpace = 0
  let refusedUnlogged = 0
  let fullLoggedAt = -Infinity
  /**
   * One error line a minute while the disk is full, with the count: a line per refused lead (each
   * with its stack) would only fill the disk further.
   */
  function logRefusedForSpace(request: FastifyRequest, error: unknown): void {
    refusedForSpace += 1
    refusedUnlogged += 1
    if (now() - fullLoggedAt < FULL_LOG_EVERY_MS) return
    const freeBytes = store.freeBytes()
    request.log.error(
      { err: error, db: 'full', freeBytes, refused: refusedUnlogged },
      'leads refused: no space left for the database',
    )
    fullLoggedAt = now()
    refusedUnlogged = 0
  }

  app.get('/health', { config: { rateLimit: { max: 120 } } }, (request, reply) => {
    try {
      const at = now()
      store.checkWritable(at)
      if (refusedForSpace > 0 && store.freeBytes() < ROOM_FOR_LEADS_BYTES) {
        return full(request, reply, 'a lead was refused: no space left')
      }
      const ageS = (since: number | undefined) =>
        since === undefined ? 0 : Math.max(0, Math.round((at - since) / 1000))
      const { pending, failed, oldestPendingAt } = store.stats()
      const oldestPendingAgeS = ageS(oldestPendingAt)
      let trouble =
        failed > 0 || (options.deliveryOn === true && oldestPendingAgeS * 1000 > STALE_PENDING_MS)
      // Telegram's counts stay at the top, where the alert and the deploy read them; every
      // channel's are under `channels`, and any channel's dead letter or stale lead degrades.
      const channels: Record<
        string,
        { pending: number; failed: number; oldestPendingAgeS: number }
      > = { telegram: { pending, failed, oldestPendingAgeS } }
      for (const [name, stats] of Object.entries(store.channelStats(options.channels ?? []))) {
        const age = ageS(stats.oldestPendingAt)
        channels[name] = { pending: stats.pending, failed: stats.failed, oldestPendingAgeS: age }
        trouble ||= stats.failed > 0 || age * 1000 > STALE_PENDING_MS
      }
      // 200 either way: the service still takes leads; a monitor alerts on `degraded`.
      return {
        status: trouble ? 'degraded' : 'ok',
        db: 'writable',
        pending,
        failed,
        oldestPendingAgeS,
        channels,
      }
    } catch (error) {
      // A replaced file: the store has stopped for good and the service is exiting (0043). A full
      // disk: it takes leads again once space is freed, with no restart (0058).
      if (error instanceof StoreFencedError) return unwritable(request, reply, error, 'replaced')
      if (isDiskFull(error)) return full(request, reply, error)
      return unwritable(request, reply, error, 'unwritable')
    }
  })

  await app.register(trialPageRoutes, {
    prefix: '/trial',
    store,
    booking,
    groupOf,
    now,
    siteOrigins: options.siteOrigins,
    rateLimit: options.trialPageRateLimit ?? { max: 60, windowMs: 60_000 },
    ...(options.retentionDays === undefined ? {} : { retentionDays: options.retentionDays }),
    facts: options.pageFacts ?? readPageFacts(),
    ...(options.onTrialChanged ? { onChanged: options.onTrialChanged } : {}),
    ...(options.botUsername ? { botUsername: options.botUsername } : {}),
  })

  // The groups' free places for the site's pages after their first paint (docs/decisions/0103,
  // "Seats that follow the desk"): group ids and numbers only, never anything of a lead.
  app.get('/seats', { config: { rateLimit: { max: SEATS_RATE_MAX } } }, (_request, reply) => {
    const groups = seats.all(now())
    return reply.header('cache-control', `public, max-age=${SEATS_MAX_AGE_S}`).send({ groups })
  })

  app.post('/send', async (request, reply) => {
    // The site's script posts JSON `{name, phone}` with the metadata in the query; its plain
    // form posts every field urlencoded, and is answered with a page instead of JSON.
    const form = isFormPost(request)
    const fields = (form ? request.body : request.query) as Record<string, unknown> | undefined
    const read = readLeadMeta(fields ?? {})
    if (read.success && read.meta.honeypot !== '') {
      // Answer like a success so the bot learns nothing; nothing is stored or delivered. The log
      // names the known form tag only (or `unknown`): a bot may put a name or phone in any field.
      request.log.info({ form: read.meta.form }, 'honeypot filled: lead dropped')
      return form ? seeSitePage(request, reply, paths.leadSent) : { ok: true }
    }
    const origin = request.headers.origin
    if (origin !== undefined && !allowedOrigins.has(origin)) {
      return reply.code(403).send({ error: 'forbidden_origin', message: 'Origin not allowed' })
    }
    if (!read.success) {
      if (form) return seeSitePage(request, reply, paths.leadError('failed'))
      return reply.code(400).send(invalid('Invalid query parameters', { fields: read.fields }))
    }
    const { meta } = read
    // A form post's other fields (name, phone, the hidden ones) are read by name; the rest is
    // whatever the browser or an extension added, and is dropped.
    const json = splitSource(form ? undefined : request.body)
    const lead = validateLead(
      form
        ? {
            name: fields?.name,
            phone: fields?.phone,
            // A repeated or odd `group`, `childAge` or `trialAt` is dropped: none is a reason to refuse.
            ...(typeof fields?.group === 'string' ? { group: fields.group } : {}),
            ...(typeof fields?.childAge === 'string' ? { childAge: fields.childAge } : {}),
            ...(typeof fields?.trialAt === 'string' ? { trialAt: fields.trialAt } : {}),
            // The course page's radio names the group and the lesson at once (0103, "The dated
            // form"); a page cached from before it sends `group` alone, read above.
            ...(typeof fields?.[TRIAL_CHOICE_PARAM] === 'string'
              ? splitTrialChoice(fields[TRIAL_CHOICE_PARAM])
              : {}),
          }
        : json.fields,
    )
    if (!lead.success) {
      if (form) return seeSitePage(request, reply, paths.leadError(fieldsReason(lead.fields)))
      const message =
        lead.unknownFields.length > 0
          ? `Unknown fields: ${lead.unknownFields.join(', ')}`
          : Object.keys(lead.fields).length > 0
            ? 'Invalid fields'
            : 'Body must be a JSON object {name, phone}'
      return reply.code(400).send(
        invalid(message, {
          fields: lead.fields,
          ...(lead.unknownFields.length > 0 ? { unknownFields: lead.unknownFields } : {}),
        }),
      )
    }
    if (meta.unknownParams.length > 0) {
      // The parameters only: a value might be anything, even personal data.
      request.log.warn({ params: meta.unknownParams }, 'lead metadata unknown to this service')
    }
    // A group this service does not know (a newer site, or one deleted since the page was built)
    // is kept as the parent's text, with a note for the chat (docs/decisions/0075).
    const group = lead.data.group ?? null
    const warnings = [...meta.warnings]
    if (group !== null && group !== OTHER_TIME && groupOf(group) === undefined) {
      warnings.push('Такой группы нет в расписании сервиса — уточните время у родителя')
    }
    const isFull = (id: string) => {
      try {
        return seats.isFull(id, now())
      } catch {
        // The store refused the read (a replaced file, 0043): the lead's insert below meets the
        // same error, and answers it as it always has.
        return false
      }
    }
    const trial = trialOf(group, lead.data.trialAt, { booking, groupOf, isFull }, now())
    if (trial?.warning !== undefined) warnings.push(trial.warning)
    let sent: { stored: { id: number; trialPage: string | undefined }; repeated: boolean }
    try {
      // Resolves only after the COMMIT of the batch holding this lead: the 200 means durable. The
      // site's retry of the same sending is answered with the lead (and link) its first try stored.
      sent = await repeatedSends.once(meta.requestId, async () => {
        const token = trial && newTrialToken()
        const id = await leads.insert(
          {
            ...lead.data,
            form: meta.form,
            consentVersion: meta.consent,
            course: meta.course,
            quiz: meta.quiz,
            page: meta.page,
            group,
            childAge: lead.data.childAge ?? null,
            promoCode: lead.data.promoCode ?? null,
            promoDate: lead.data.promoDate ?? null,
            source: cleanLeadSource(json.source) ?? refererSource(request, allowedOrigins) ?? null,
            metaWarning: warnings.length > 0 ? warnings.join('\n') : null,
            trialAt: lead.data.trialAt ?? null,
            trial: trial && token ? { ...trial.trial, tokenHash: token.hash } : null,
          },
          now(),
        )
        return { id, trialPage: token && `trial/${token.token}` }
      })
    } catch (error) {
      if (error instanceof StoreFencedError) {
        // The file was replaced and this process is exiting (docs/decisions/0043); the next start
        // takes the lead, on the socket that stays open (0060): a browser sends the same POST
        // again on a 307 (relative, so it keeps nginx's /lead prefix), on a new connection.
        request.log.warn('database file replaced: the lead is sent again to the next start (307)')
        return reply
          .code(307)
          .header('location', `send${request.url.slice('/send'.length)}`)
          .header('connection', 'close')
          .send()
      }
      // Refused, never half-taken: the site keeps what was typed (a form post: the browser's Back).
      if (isDiskFull(error)) logRefusedForSpace(request, error)
      else request.log.error({ err: error }, 'lead could not be stored')
      if (form) return seeSitePage(request, reply, paths.leadError('failed'))
      return reply.code(503).send({ error: 'unavailable', message: 'Storage unavailable' })
    }
    if (refusedForSpace > 0) {
      request.log.warn({ refused: refusedForSpace }, 'leads are stored again: space was freed')
      refusedForSpace = 0
      refusedUnlogged = 0
      fullLoggedAt = -Infinity
    }
    // Logged without name and phone: the database is the one place personal data lives. Nor is
    // her trial's link: it opens her page.
    const { stored, repeated } = sent
    const { id, trialPage } = stored
    if (repeated) {
      request.log.info({ leadId: id, form: meta.form }, 'lead sent again after a network failure')
    } else {
      request.log.info({ leadId: id, form: meta.form }, 'lead stored')
      options.onLeadStored?.(id)
    }
    // Her page, relative to this service's address (so it keeps nginx's /lead prefix): a form post
    // goes there, and the page begins with the thank-you (`?sent`); the site's script links it
    // from its thank-you dialog.
    if (form) {
      return trialPage === undefined
        ? seeSitePage(request, reply, paths.leadSent)
        : reply.code(303).header('location', `${trialPage}?sent`).send()
    }
    return trialPage === undefined ? { ok: true } : { ok: true, trialPage }
  })

  return app
}
