import cors from '@fastify/cors'
import rateLimit from '@fastify/rate-limit'
import Fastify from 'fastify'
import type { FastifyInstance, FastifyServerOptions } from 'fastify'
import { HONEYPOT_PARAM, leadQuerySchema, validateLead } from '@it-lab/shared'
import type { Config } from './config.ts'
import type { LeadStore } from './db.ts'
import { createGroupCommit } from './group-commit.ts'

/** A lead is two short fields; anything bigger than this is not a person's form. */
export const BODY_LIMIT_BYTES = 4096

export interface AppOptions {
  store: LeadStore
  siteOrigins: string[]
  rateLimit: Config['rateLimit']
  trustProxy?: Config['trustProxy']
  logger?: FastifyServerOptions['logger']
  /** Called after a lead is committed, to wake the outbox. */
  onLeadStored?: (id: number) => void
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

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { store } = options
  const leads = createGroupCommit(store)
  const now = options.now ?? Date.now
  const allowedOrigins = new Set(options.siteOrigins)
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: 15_000,
  })
  // JSON only: without this Fastify would also accept text/plain, which skips CORS preflight.
  app.removeContentTypeParser('text/plain')

  app.setErrorHandler((thrown, request, reply) => {
    const error = describeError(thrown)
    const status = error.status
    if (status === 429) {
      return reply.code(429).send({ error: 'rate_limited', message: error.message })
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
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests, retry in ${context.after}`,
    }),
  })

  app.get('/health', { config: { rateLimit: { max: 120 } } }, (request, reply) => {
    try {
      store.checkWritable(now())
      return { status: 'ok', db: 'writable', pending: store.countPending() }
    } catch (error) {
      request.log.error({ err: error }, 'database is not writable')
      return reply.code(503).send({ status: 'error', db: 'unwritable' })
    }
  })

  app.post('/send', async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>
    const honeypot = query[HONEYPOT_PARAM]
    if (honeypot !== undefined && honeypot !== '') {
      // Answer like a success so the bot learns nothing; nothing is stored or delivered.
      request.log.info({ ip: request.ip, form: query.form }, 'honeypot filled: lead dropped')
      return { ok: true }
    }
    const origin = request.headers.origin
    if (origin !== undefined && !allowedOrigins.has(origin)) {
      return reply.code(403).send({ error: 'forbidden_origin', message: 'Origin not allowed' })
    }
    const meta = leadQuerySchema.safeParse(query)
    if (!meta.success) {
      const fields: Record<string, string> = {}
      for (const issue of meta.error.issues) fields[String(issue.path[0])] ??= issue.message
      return reply.code(400).send(invalid('Query needs form and consent', { fields }))
    }
    const lead = validateLead(request.body)
    if (!lead.success) {
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
    let id: number
    try {
      // Resolves only after the COMMIT of the batch holding this lead: the 200 means durable.
      id = await leads.insert(
        {
          ...lead.data,
          form: meta.data.form,
          consentVersion: meta.data.consent,
          clientIp: request.ip,
          userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
        },
        now(),
      )
    } catch (error) {
      request.log.error({ err: error }, 'lead could not be stored')
      return reply.code(503).send({ error: 'unavailable', message: 'Storage unavailable' })
    }
    // Logged without name and phone: the database is the one place personal data lives.
    request.log.info({ leadId: id, form: meta.data.form }, 'lead stored')
    options.onLeadStored?.(id)
    return { ok: true }
  })

  return app
}
