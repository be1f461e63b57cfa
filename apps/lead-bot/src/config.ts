import { fileURLToPath } from 'node:url'
import path from 'node:path'
import type { OutboxConfig } from './outbox.ts'
import { NOTIFY_MODES } from './telegram.ts'
import type { NotifyMode } from './telegram.ts'

/** Repository root, so the default database lands in `<repo>/data` whatever the cwd is. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url))
export const DEFAULT_DB_PATH = path.join(REPO_ROOT, 'data', 'leads.sqlite')

export interface TelegramConfig {
  apiUrl: string
  token: string
  chatId: string
  timeoutMs: number
}

export interface Config {
  port: number
  host: string
  dbPath: string
  siteOrigins: string[]
  rateLimit: { max: number; windowMs: number }
  /** Fastify's trustProxy: true, false, or addresses/CIDRs/names ('loopback') of trusted proxies. */
  trustProxy: boolean | string[]
  telegram: TelegramConfig | null
  outbox: OutboxConfig
  /** Leads older than this many days are deleted, delivered or not. */
  retentionDays: number
  logLevel: string
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

type Env = Record<string, string | undefined>

function text(env: Env, key: string): string | undefined {
  const value = env[key]?.trim()
  return value === '' ? undefined : value
}

function integer(env: Env, key: string, fallback: number, min: number, max: number): number {
  const raw = text(env, key)
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${key} must be an integer from ${min} to ${max}, got "${raw}"`)
  }
  return value
}

function origins(raw: string): string[] {
  return raw.split(',').map((origin) => {
    const trimmed = origin.trim()
    let url: URL
    try {
      url = new URL(trimmed)
    } catch {
      throw new ConfigError(`SITE_ORIGIN has an invalid origin "${trimmed}"`)
    }
    // Browsers send the bare origin; a trailing slash or path would never match it.
    if (url.origin !== trimmed) {
      throw new ConfigError(`SITE_ORIGIN entries must be bare origins like ${url.origin}`)
    }
    return trimmed
  })
}

function trustProxy(raw: string | undefined): Config['trustProxy'] {
  if (raw === undefined || raw === 'false') return false
  if (raw === 'true') return true
  // Fastify ignores hop counts (it cannot check the peer then), so ask for addresses instead.
  if (/^\d+$/.test(raw)) {
    throw new ConfigError('TRUST_PROXY takes true, false or proxy addresses (e.g. loopback)')
  }
  return raw.split(',').map((entry) => entry.trim())
}

/** Where the command was typed: npm runs scripts from the package folder but keeps this. */
export function launchDir(env: Env = process.env): string {
  return env.INIT_CWD ?? process.cwd()
}

/** Resolves the database path: LEADS_DB relative to `cwd`, or `<repo>/data/leads.sqlite`. */
export function resolveDbPath(env: Env, cwd = launchDir(env)): string {
  const raw = text(env, 'LEADS_DB')
  return raw === undefined ? DEFAULT_DB_PATH : path.resolve(cwd, raw)
}

export function parseConfig(env: Env, cwd = launchDir(env)): Config {
  const token = text(env, 'TELEGRAM_BOT_TOKEN')
  const chatId = text(env, 'TELEGRAM_CHAT_ID')
  if ((token === undefined) !== (chatId === undefined)) {
    throw new ConfigError('TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID must be set together')
  }
  const apiUrl = (text(env, 'TELEGRAM_API_URL') ?? 'https://api.telegram.org').replace(/\/+$/, '')
  if (!URL.canParse(apiUrl)) throw new ConfigError(`TELEGRAM_API_URL is not a URL: "${apiUrl}"`)
  const notify = text(env, 'TELEGRAM_NOTIFY') ?? 'full'
  if (!NOTIFY_MODES.includes(notify as NotifyMode)) {
    throw new ConfigError(`TELEGRAM_NOTIFY must be full or minimal, got "${notify}"`)
  }
  // Telegram allows about one message a second in a chat and 20 a minute in a group.
  const group = chatId?.startsWith('-') ?? false
  const outbox: OutboxConfig = {
    sendIntervalMs: integer(env, 'TELEGRAM_SEND_INTERVAL_MS', group ? 3_000 : 1_000, 0, 600_000),
    notify: notify as NotifyMode,
    pollMs: integer(env, 'OUTBOX_POLL_MS', 30_000, 10, 3_600_000),
    retryBaseMs: integer(env, 'OUTBOX_RETRY_BASE_MS', 2_000, 1, 3_600_000),
    retryMaxMs: integer(env, 'OUTBOX_RETRY_MAX_MS', 300_000, 1, 86_400_000),
  }
  if (outbox.retryMaxMs < outbox.retryBaseMs) {
    throw new ConfigError('OUTBOX_RETRY_MAX_MS must not be below OUTBOX_RETRY_BASE_MS')
  }
  return {
    port: integer(env, 'LEAD_PORT', 3001, 0, 65_535),
    host: text(env, 'LEAD_HOST') ?? '127.0.0.1',
    dbPath: resolveDbPath(env, cwd),
    siteOrigins: origins(text(env, 'SITE_ORIGIN') ?? 'http://127.0.0.1:3000,http://localhost:3000'),
    rateLimit: {
      max: integer(env, 'RATE_LIMIT_MAX', 10, 1, 1_000_000),
      windowMs: integer(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 1_000, 86_400_000),
    },
    trustProxy: trustProxy(text(env, 'TRUST_PROXY')),
    telegram:
      token === undefined || chatId === undefined
        ? null
        : {
            apiUrl,
            token,
            chatId,
            timeoutMs: integer(env, 'TELEGRAM_TIMEOUT_MS', 10_000, 100, 120_000),
          },
    outbox,
    retentionDays: integer(env, 'LEADS_RETENTION_DAYS', 180, 1, 36_500),
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
  }
}
