import { fileURLToPath } from 'node:url'
import path from 'node:path'
import * as z from 'zod'

/** `minimal` keeps personal data out of Telegram: the owner reads the lead on the server. */
export const NOTIFY_MODES = ['full', 'minimal'] as const
export type NotifyMode = (typeof NOTIFY_MODES)[number]

/** Repository root, so the default database lands in `<repo>/data` whatever the cwd is. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const DEFAULT_DB_PATH = path.join(REPO_ROOT, 'data', 'leads.sqlite')

export class ConfigError extends Error {
  override name = 'ConfigError'
}

type Env = Record<string, string | undefined>

/** A blank variable counts as unset, so `LEAD_PORT=` in a unit file falls back to the default. */
const unset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

/** An optional text setting, trimmed. */
export const envText = () => z.preprocess(unset, z.optional(z.string().trim()))

/** An optional integer setting within [min, max]. */
export function envOptionalInteger(min: number, max: number) {
  const rule = `must be an integer from ${min} to ${max}`
  return z.preprocess(
    unset,
    z.optional(
      z
        .string()
        .trim()
        .refine((raw) => /^-?\d+$/.test(raw) && Number(raw) >= min && Number(raw) <= max, rule)
        .transform(Number),
    ),
  )
}

/** An integer setting within [min, max], `fallback` when unset. */
export function envInteger(fallback: number, min: number, max: number) {
  return envOptionalInteger(min, max).transform((value) => value ?? fallback)
}

function origin(raw: string, context: z.RefinementCtx): string {
  if (!URL.canParse(raw)) {
    context.addIssue({ code: 'custom', message: `has an invalid origin "${raw}"` })
    return raw
  }
  // Browsers send the bare origin; a trailing slash or path would never match it.
  const bare = new URL(raw).origin
  if (bare !== raw) {
    context.addIssue({ code: 'custom', message: `entries must be bare origins like ${bare}` })
  }
  return raw
}

/** A bare address (name@domain.tld): what the alert's e-mail settings take. */
const isAddress = (value: string) => /^[^\s@<>,"]+@[^\s@<>,"]+\.[^\s@<>,"]+$/.test(value)

/** Comma-separated e-mail addresses. */
const addresses = () =>
  envText().refine(
    (value) => value === undefined || value.split(',').every((entry) => isAddress(entry.trim())),
    'must be e-mail addresses, comma-separated',
  )

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * A URL a lead goes to: https, or http on this machine only (a local receiver, the tests'
 * fakes), so a name and a phone never cross a network unencrypted.
 */
const channelUrl = () =>
  envText().refine((value) => {
    if (value === undefined) return true
    const url = URL.parse(value)
    if (url === null) return false
    return (
      url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
    )
  }, 'must be an https:// URL (http:// only to this machine)')

/** Fastify's trustProxy: true, false, or addresses/CIDRs/names ('loopback') of trusted proxies. */
const trustProxy = z.preprocess(
  unset,
  z
    .optional(z.string().trim())
    .refine(
      // Fastify ignores hop counts (it cannot check the peer then), so ask for addresses instead.
      (raw) => raw === undefined || !/^\d+$/.test(raw),
      'takes true, false or proxy addresses (e.g. loopback), not a hop count',
    )
    .transform((raw): boolean | string[] => {
      if (raw === undefined || raw === 'false') return false
      if (raw === 'true') return true
      return raw.split(',').map((entry) => entry.trim())
    }),
)

/** `9-20`: from 09:00 to 20:00 school time. */
const workingHours = z.preprocess(
  unset,
  z
    .string()
    .trim()
    .default('9-20')
    .refine((raw) => {
      const match = /^(\d{1,2})-(\d{1,2})$/.exec(raw)
      return match !== null && Number(match[1]) < Number(match[2]) && Number(match[2]) <= 24
    }, 'must be FROM-TO hours like 9-20 (FROM below TO, TO at most 24)')
    .transform((raw) => {
      const [from = 9, to = 20] = raw.split('-').map(Number)
      return { from, to }
    }),
)

/**
 * The lead service's environment: every variable, its default and its rule. `.env.example`
 * lists the same variables (a test keeps the two in step).
 */
export const envSchema = z.object({
  LEAD_PORT: envInteger(3001, 0, 65_535),
  LEAD_HOST: envText().transform((value) => value ?? '127.0.0.1'),
  LEADS_DB: envText(),
  SITE_ORIGIN: envText().transform((value, context) =>
    (value ?? 'http://127.0.0.1:3000,http://localhost:3000')
      .split(',')
      .map((entry) => origin(entry.trim(), context)),
  ),
  RATE_LIMIT_MAX: envInteger(10, 1, 1_000_000),
  RATE_LIMIT_WINDOW_MS: envInteger(60_000, 1_000, 86_400_000),
  TRUST_PROXY: trustProxy,
  TELEGRAM_BOT_TOKEN: envText(),
  TELEGRAM_CHAT_ID: envText(),
  TELEGRAM_API_URL: envText()
    .transform((value) => (value ?? 'https://api.telegram.org').replace(/\/+$/, ''))
    .refine((value) => URL.canParse(value), 'is not a URL'),
  TELEGRAM_TIMEOUT_MS: envInteger(10_000, 100, 120_000),
  // A message given up on may still arrive: sent again, it would be in the chat twice (0043).
  TELEGRAM_SEND_TIMEOUT_MS: envInteger(60_000, 100, 300_000),
  TELEGRAM_SEND_INTERVAL_MS: envOptionalInteger(0, 600_000),
  TELEGRAM_NOTIFY: z.preprocess(
    unset,
    z.enum(NOTIFY_MODES, { error: 'must be full or minimal' }).default('full'),
  ),
  TELEGRAM_POLL_TIMEOUT_S: envInteger(25, 1, 50),
  REMINDER_AFTER_HOURS: envInteger(24, 0, 720),
  WORKING_HOURS: workingHours,
  DIGEST_WEEKDAY: envInteger(1, 0, 7),
  DIGEST_HOUR: envInteger(9, 0, 23),
  OUTBOX_POLL_MS: envInteger(30_000, 10, 3_600_000),
  OUTBOX_RETRY_BASE_MS: envInteger(2_000, 1, 3_600_000),
  OUTBOX_RETRY_MAX_MS: envInteger(300_000, 1, 86_400_000),
  LEADS_RETENTION_DAYS: envInteger(180, 1, 36_500),
  LOG_LEVEL: envText().transform((value) => value ?? 'info'),
  // Read by `npm run alert` only (scripts/alert.ts), not by the service.
  ALERT_LEAD_WAIT_S: envInteger(300, 1, 86_400),
  ALERT_RESTARTS: envInteger(3, 1, 100),
  ALERT_RECHECK_S: envInteger(5, 0, 300),
  // Free space of the database's folder below which `npm run alert` warns (MB; 0: never).
  ALERT_DISK_FREE_MB: envInteger(500, 0, 1_000_000),
  // The nightly copies' folder (default: `backups` beside the database) and how old its newest
  // `leads-*.sqlite` may be (hours; 0: not watched).
  ALERT_BACKUP_DIR: envText(),
  ALERT_BACKUP_MAX_AGE_H: envInteger(26, 0, 8_760),
  // The alerts' second channel (docs/decisions/0063): e-mail through this SMTP server, to these
  // addresses, from this one (default: the SMTP user when it is an address).
  SMTP_URL: envText().refine(
    (value) =>
      value === undefined || (/^smtps?:\/\/[^/?#]+\/?$/.test(value) && URL.canParse(value)),
    'must be smtp://[user:password@]host[:port] or smtps://… (URL-encode @ or : in the password)',
  ),
  ALERT_EMAIL_TO: addresses(),
  ALERT_EMAIL_FROM: envText().refine(
    (value) => value === undefined || isAddress(value),
    'must be an e-mail address',
  ),
  // The lead channels besides Telegram (docs/decisions/0077), each on when its variables are set.
  LEAD_EMAIL_TO: addresses(),
  LEAD_EMAIL_FROM: envText().refine(
    (value) => value === undefined || isAddress(value),
    'must be an e-mail address',
  ),
  LEAD_WEBHOOK_URL: channelUrl(),
  LEAD_WEBHOOK_SECRET: envText().refine(
    (value) => value === undefined || value.length >= 32,
    'must be at least 32 characters (e.g. openssl rand -hex 32)',
  ),
  // Who receives the webhook, in Russian, as the policies name it (read by the site's build).
  LEAD_WEBHOOK_RECEIVER: envText(),
  ALFACRM_URL: channelUrl(),
  ALFACRM_EMAIL: envText(),
  ALFACRM_API_KEY: envText(),
  ALFACRM_BRANCH_ID: envOptionalInteger(1, 1_000_000_000),
  ALFACRM_LEAD_SOURCE_ID: envOptionalInteger(1, 1_000_000_000),
  ALFACRM_LEAD_STATUS_ID: envOptionalInteger(1, 1_000_000_000),
  BITRIX24_WEBHOOK_URL: channelUrl().refine(
    (value) => value === undefined || /^https?:\/\/[^/]+\/rest\/\d+\/[^/]+\/?$/.test(value),
    "must be the portal's inbound webhook, https://<portal>.bitrix24.ru/rest/<user>/<code>/",
  ),
  BITRIX24_SOURCE_ID: envText().transform((value) => value ?? 'WEB'),
  CHANNEL_TIMEOUT_MS: envInteger(15_000, 100, 300_000),
  CHANNEL_MAX_ATTEMPTS: envInteger(30, 1, 10_000),
})

export type EnvSettings = z.output<typeof envSchema>

/** Names the variable and the rule for every problem at once, e.g. `LEAD_PORT must be …`. */
export function describeIssues(error: z.ZodError, env: Env): string {
  return error.issues
    .map((issue) => {
      const key = String(issue.path[0] ?? '')
      const raw = env[key]
      return `${key} ${issue.message}${raw === undefined ? '' : `, got "${raw}"`}`
    })
    .join('; ')
}

/** Parses `env` with `schema`, or throws a ConfigError naming each bad variable. */
export function parseEnv<S extends z.ZodType>(schema: S, env: Env): z.output<S> {
  const result = schema.safeParse(env)
  if (!result.success) throw new ConfigError(describeIssues(result.error, env))
  return result.data
}

/** Where the command was typed: npm runs scripts from the package folder but keeps this. */
export function launchDir(env: Env = process.env): string {
  return env.INIT_CWD ?? process.cwd()
}

/** Resolves the database path: LEADS_DB relative to `cwd`, or `<repo>/data/leads.sqlite`. */
export function resolveDbPath(env: Env, cwd = launchDir(env)): string {
  const raw = env.LEADS_DB?.trim()
  return raw ? path.resolve(cwd, raw) : DEFAULT_DB_PATH
}

function toConfig(settings: EnvSettings, env: Env, cwd: string) {
  const token = settings.TELEGRAM_BOT_TOKEN
  const chatId = settings.TELEGRAM_CHAT_ID
  if ((token === undefined) !== (chatId === undefined)) {
    throw new ConfigError('TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID must be set together')
  }
  if (settings.OUTBOX_RETRY_MAX_MS < settings.OUTBOX_RETRY_BASE_MS) {
    throw new ConfigError('OUTBOX_RETRY_MAX_MS must not be below OUTBOX_RETRY_BASE_MS')
  }
  const channels = channelsConfig(settings)
  // Telegram allows about one message a second in a chat and 20 a minute in a group.
  const group = chatId?.startsWith('-') ?? false
  return {
    port: settings.LEAD_PORT,
    host: settings.LEAD_HOST,
    dbPath: resolveDbPath(env, cwd),
    siteOrigins: settings.SITE_ORIGIN,
    rateLimit: { max: settings.RATE_LIMIT_MAX, windowMs: settings.RATE_LIMIT_WINDOW_MS },
    trustProxy: settings.TRUST_PROXY,
    telegram:
      token === undefined || chatId === undefined
        ? null
        : {
            apiUrl: settings.TELEGRAM_API_URL,
            token,
            chatId,
            timeoutMs: settings.TELEGRAM_TIMEOUT_MS,
            sendTimeoutMs: settings.TELEGRAM_SEND_TIMEOUT_MS,
            pollTimeoutS: settings.TELEGRAM_POLL_TIMEOUT_S,
          },
    outbox: {
      pollMs: settings.OUTBOX_POLL_MS,
      retryBaseMs: settings.OUTBOX_RETRY_BASE_MS,
      retryMaxMs: settings.OUTBOX_RETRY_MAX_MS,
      sendIntervalMs: settings.TELEGRAM_SEND_INTERVAL_MS ?? (group ? 3_000 : 1_000),
      notify: settings.TELEGRAM_NOTIFY,
      desk: {
        reminderAfterMs: settings.REMINDER_AFTER_HOURS * 3_600_000,
        workingHours: settings.WORKING_HOURS,
        digest:
          settings.DIGEST_WEEKDAY === 0
            ? null
            : { weekday: settings.DIGEST_WEEKDAY, hour: settings.DIGEST_HOUR },
      },
    },
    channels,
    /** Leads older than this many days are deleted, delivered or not. */
    retentionDays: settings.LEADS_RETENTION_DAYS,
    logLevel: settings.LOG_LEVEL,
  }
}

/** The SMTP user when it is an address: the sender when none is set. */
function smtpUser(smtpUrl: string): string | undefined {
  const user = decodeURIComponent(new URL(smtpUrl).username)
  return isAddress(user) ? user : undefined
}

/** Throws naming every variable `group` lacks when some of it is set; true when all are set. */
function allOrNone(group: Record<string, unknown>, channel: string): boolean {
  const missing = Object.keys(group).filter((key) => group[key] === undefined)
  if (missing.length === Object.keys(group).length) return false
  if (missing.length > 0) {
    const set = Object.keys(group).filter((key) => !missing.includes(key))
    throw new ConfigError(
      `${missing.join(', ')} must be set for the ${channel} channel ` +
        `(${set.join(', ')} ${set.length > 1 ? 'are' : 'is'} set), ` +
        'or leave all of them empty',
    )
  }
  return true
}

// Each lead channel's settings (docs/decisions/0077); the channels read them from here.
export interface LeadEmailConfig {
  smtpUrl: string
  from: string
  to: string[]
  timeoutMs: number
}

export interface WebhookConfig {
  url: string
  secret: string
}

export interface AlfaCrmConfig {
  /** https://<school>.s20.online */
  url: string
  email: string
  apiKey: string
  branchId: number
  leadSourceId?: number
  leadStatusId?: number
}

export interface Bitrix24Config {
  /** https://<portal>.bitrix24.ru/rest/<user>/<code>/ — a secret: it is the key to the portal. */
  webhookUrl: string
  /** The lead's source in the portal's list (SOURCE_ID); WEB by default. */
  sourceId: string
}

/** The lead channels besides Telegram: each on when its variables are set, refused when half. */
function channelsConfig(settings: EnvSettings) {
  const timeoutMs = settings.CHANNEL_TIMEOUT_MS
  let email: LeadEmailConfig | null = null
  const emailTo = settings.LEAD_EMAIL_TO
  if (emailTo !== undefined) {
    const smtpUrl = settings.SMTP_URL
    if (smtpUrl === undefined)
      throw new ConfigError('LEAD_EMAIL_TO needs SMTP_URL (the mail server)')
    const from = settings.LEAD_EMAIL_FROM ?? settings.ALERT_EMAIL_FROM ?? smtpUser(smtpUrl)
    if (from === undefined) {
      throw new ConfigError('LEAD_EMAIL_FROM must be set: the SMTP user is not an e-mail address')
    }
    email = { smtpUrl, from, to: emailTo.split(',').map((entry) => entry.trim()), timeoutMs }
  }
  const hook = {
    LEAD_WEBHOOK_URL: settings.LEAD_WEBHOOK_URL,
    LEAD_WEBHOOK_SECRET: settings.LEAD_WEBHOOK_SECRET,
    LEAD_WEBHOOK_RECEIVER: settings.LEAD_WEBHOOK_RECEIVER,
  }
  const webhook: WebhookConfig | null =
    allOrNone(hook, 'webhook') && hook.LEAD_WEBHOOK_URL && hook.LEAD_WEBHOOK_SECRET
      ? { url: hook.LEAD_WEBHOOK_URL, secret: hook.LEAD_WEBHOOK_SECRET }
      : null
  const alfa = {
    ALFACRM_URL: settings.ALFACRM_URL,
    ALFACRM_EMAIL: settings.ALFACRM_EMAIL,
    ALFACRM_API_KEY: settings.ALFACRM_API_KEY,
    ALFACRM_BRANCH_ID: settings.ALFACRM_BRANCH_ID,
  }
  const alfacrm: AlfaCrmConfig | null =
    allOrNone(alfa, 'AlfaCRM') &&
    alfa.ALFACRM_URL &&
    alfa.ALFACRM_EMAIL &&
    alfa.ALFACRM_API_KEY &&
    alfa.ALFACRM_BRANCH_ID
      ? {
          url: alfa.ALFACRM_URL,
          email: alfa.ALFACRM_EMAIL,
          apiKey: alfa.ALFACRM_API_KEY,
          branchId: alfa.ALFACRM_BRANCH_ID,
          ...(settings.ALFACRM_LEAD_SOURCE_ID === undefined
            ? {}
            : { leadSourceId: settings.ALFACRM_LEAD_SOURCE_ID }),
          ...(settings.ALFACRM_LEAD_STATUS_ID === undefined
            ? {}
            : { leadStatusId: settings.ALFACRM_LEAD_STATUS_ID }),
        }
      : null
  if (alfacrm === null && (settings.ALFACRM_LEAD_SOURCE_ID ?? settings.ALFACRM_LEAD_STATUS_ID)) {
    throw new ConfigError('ALFACRM_LEAD_SOURCE_ID and ALFACRM_LEAD_STATUS_ID need ALFACRM_URL')
  }
  const bitrix = settings.BITRIX24_WEBHOOK_URL
  return {
    email,
    webhook,
    alfacrm,
    bitrix24: (bitrix === undefined
      ? null
      : {
          webhookUrl: bitrix,
          sourceId: settings.BITRIX24_SOURCE_ID,
        }) satisfies Bitrix24Config | null,
    worker: { timeoutMs, maxAttempts: settings.CHANNEL_MAX_ATTEMPTS },
  }
}

export type Config = ReturnType<typeof toConfig>
export type ChannelsConfig = Config['channels']
export type TelegramConfig = NonNullable<Config['telegram']>

export function parseConfig(env: Env, cwd = launchDir(env)): Config {
  return toConfig(parseEnv(envSchema, env), env, cwd)
}

/** Where the alert's e-mail goes: null when SMTP_URL and ALERT_EMAIL_TO are both unset. */
export interface EmailConfig {
  smtpUrl: string
  from: string
  to: string[]
}

type EmailSettings = Pick<EnvSettings, 'SMTP_URL' | 'ALERT_EMAIL_TO' | 'ALERT_EMAIL_FROM'> &
  Partial<Pick<EnvSettings, 'LEAD_EMAIL_TO'>>

export function emailConfig(settings: EmailSettings): EmailConfig | null {
  const { SMTP_URL: smtpUrl, ALERT_EMAIL_TO: to, ALERT_EMAIL_FROM: from } = settings
  // SMTP_URL may serve the leads' e-mail alone (LEAD_EMAIL_TO, docs/decisions/0077).
  if (to === undefined && (smtpUrl === undefined || settings.LEAD_EMAIL_TO !== undefined))
    return null
  if (smtpUrl === undefined || to === undefined) {
    throw new ConfigError('SMTP_URL and ALERT_EMAIL_TO must be set together')
  }
  const sender = from ?? smtpUser(smtpUrl)
  if (sender === undefined) {
    throw new ConfigError('ALERT_EMAIL_FROM must be set: the SMTP user is not an e-mail address')
  }
  return { smtpUrl, from: sender, to: to.split(',').map((entry) => entry.trim()) }
}
