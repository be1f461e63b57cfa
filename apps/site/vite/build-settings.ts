import { z } from 'zod/mini'
import type { LeadChannels } from '#app/content/policies/policy-context.ts'

// The site's build settings: read once from the environment when the site is built, validated
// here, and baked into the pages. They are public by nature: secrets and the lead service's own
// settings never belong here. Every variable is described in apps/site/.env.example.

const LOOPBACK_SITE_URL = 'http://127.0.0.1:3000'
const LOOPBACK_LEAD_API_URL = 'http://127.0.0.1:3001'

/** An absolute http(s) origin or base URL; a trailing slash is dropped. */
const baseUrl = (fallback: string) =>
  z.pipe(
    z._default(z.string(), fallback),
    z.pipe(
      z.url({
        protocol: /^https?$/,
        error: 'нужен полный адрес, который начинается с http:// или https://',
      }),
      z.transform((value) => value.replace(/\/+$/, '')),
    ),
  )

// Russia is written 'Россия' (the policies compare with it to tell a transfer abroad); other
// spellings are refused rather than taken for another country.
const RUSSIA_ALIASES = new Set(['РФ', 'Российская Федерация'])

// Where sentry.io keeps events, by the DSN's ingest host: o….ingest.de.sentry.io is its EU region
// (Frankfurt), every other sentry.io host its US region (Iowa)
// (docs.sentry.io/organization/data-storage-location/).
const SENTRY_IO = /(^|\.)sentry\.io$/
const SENTRY_IO_EU = /(^|\.)de\.sentry\.io$/

/**
 * The country the policies name for the Sentry server: sentry.io's region from its host, or the
 * stated SENTRY_COUNTRY for any other (self-hosted) server. A problem text when it cannot be told.
 */
export function sentryCountryOf(
  dsn: string,
  stated: string,
): { country: string } | { problem: string } {
  if (dsn === '') return { country: '' }
  const host = new URL(dsn).hostname
  if (SENTRY_IO.test(host)) {
    const country = SENTRY_IO_EU.test(host) ? 'Германия' : 'США'
    return stated === '' || stated === country
      ? { country }
      : {
          problem: `для DSN на sentry.io оставьте пустым или впишите «${country}» — там его сервер`,
        }
  }
  return stated === ''
    ? {
        problem:
          'SENTRY_DSN ведёт не на sentry.io, поэтому впишите по-русски страну, где стоит сервер Sentry',
      }
    : { country: stated }
}

const emptyOr = <T extends z.ZodMiniType<string, string>>(schema: T) =>
  z._default(z.union([z.literal(''), schema]), '')

export const buildSettingsSchema = z.object({
  /** Public origin: canonical links, sitemap, Open Graph. */
  SITE_URL: baseUrl(LOOPBACK_SITE_URL),
  /** Where the forms send `POST /send`. */
  LEAD_API_URL: baseUrl(LOOPBACK_LEAD_API_URL),
  /**
   * `1`: a preview before the launch (docs/decisions/0084-preview-before-the-launch.md): every
   * page says so in a strip and is indexed nowhere, and no analytics runs.
   */
  SITE_PREVIEW: z.pipe(
    z._default(z.enum(['', '1'], 'может быть только 1 или пустым'), ''),
    z.transform((value) => value === '1'),
  ),
  /** Yandex Metrika counter id; empty: no analytics (nor in a preview). */
  YANDEX_METRIKA_ID: emptyOr(z.string().check(z.regex(/^\d+$/, 'нужны только цифры'))),
  /** Sentry DSN; empty: no error reporting. Shaped as the SDK reads it, or it would not start. */
  SENTRY_DSN: emptyOr(
    z
      .string()
      .check(
        z.regex(
          /^https?:\/\/\w+(?::\w*)?@[\w.-]+(?::\d+)?\/(?:[^/]+\/)*\d+$/,
          'нужен DSN Sentry вида https://KEY@HOST/PROJECT_ID',
        ),
      ),
  ),
  /**
   * Country of the Sentry server, in Russian ('Россия', 'Германия'), as the policies name it.
   * Resolved from the DSN for sentry.io's own hosts (see sentryCountryOf); required for any other.
   */
  SENTRY_COUNTRY: emptyOr(
    z.string().check(
      z.regex(/^[А-ЯЁ][А-ЯЁа-яё]*(?:[ -][А-ЯЁа-яё]+)*$/, 'нужно название страны по-русски'),
      z.refine((name) => !RUSSIA_ALIASES.has(name), 'для России пишите «Россия»'),
    ),
  ),
  /** What the lead service sends to Telegram; the policies say the same. */
  TELEGRAM_NOTIFY: z._default(
    z.enum(['full', 'minimal'], 'может быть только full или minimal'),
    'full',
  ),
  /** Days the lead service keeps a lead; the policies state the same period. */
  LEADS_RETENTION_DAYS: z.pipe(
    z._default(z.string(), '180'),
    z.pipe(
      z.string().check(z.regex(/^[1-9]\d{0,4}$/, 'нужно целое число дней, не меньше 1')),
      z.transform(Number),
    ),
  ),
  /**
   * The owner's editor at /admin (docs/decisions/0065, 0086). proxy: the editor gateway on the
   * site's own server (apps/editor); empty: proxy for a development or test build, and no editor at
   * all for a release build (resolved by readBuildSettings).
   */
  CMS_BACKEND: z._default(z.enum(['', 'proxy'], 'может быть только proxy или пустым'), ''),
  /** The branch the editor gateway commits to, which publishing builds. */
  CMS_BRANCH: z._default(z.string().check(z.regex(/^[\w./-]+$/, 'нужно имя ветки git')), 'main'),
})

/** Set by `npm run build:release` for its build (scripts/build-release.ts). */
export const RELEASE_BUILD_FLAG = 'SITE_RELEASE_BUILD'

/**
 * The lead channels the lead service has on besides Telegram, read from its own variables in the
 * same environment (deploy builds with the env file the service runs with, docs/decisions/0077):
 * only what the policies name (hosts, the webhook's receiver), never a key or a full address.
 */
export function leadChannelsOf(
  env: NodeJS.ProcessEnv,
): { channels: LeadChannels } | { problems: string[] } {
  const problems: string[] = []
  const host = (name: string): string | undefined => {
    const value = env[name]?.trim()
    if (!value) return undefined
    const url = URL.parse(value)
    if (url?.host) return url.hostname
    problems.push(`${name}: это не адрес (URL), и политики не смогут назвать, куда уходят заявки`)
    return undefined
  }
  let email: LeadChannels['email'] = null
  if (env.LEAD_EMAIL_TO?.trim()) {
    const server = host('SMTP_URL')
    if (server) email = { server }
    else if (!env.SMTP_URL?.trim())
      problems.push('LEAD_EMAIL_TO: нужен и SMTP_URL (почтовый сервер)')
  }
  let webhook: LeadChannels['webhook'] = null
  const hookHost = host('LEAD_WEBHOOK_URL')
  if (hookHost) {
    const receiver = env.LEAD_WEBHOOK_RECEIVER?.trim()
    if (receiver) webhook = { receiver, host: hookHost }
    else {
      problems.push(
        'LEAD_WEBHOOK_RECEIVER: нужен вместе с LEAD_WEBHOOK_URL — кто получает заявки, по-русски, как его назовут политики',
      )
    }
  }
  const alfaHost = host('ALFACRM_URL')
  const bitrixHost = host('BITRIX24_WEBHOOK_URL')
  if (problems.length > 0) return { problems }
  return {
    channels: {
      email,
      webhook,
      alfacrm: alfaHost === undefined ? null : { host: alfaHost },
      bitrix24: bitrixHost === undefined ? null : { host: bitrixHost },
    },
  }
}

export type BuildSettings = z.output<typeof buildSettingsSchema> & {
  /** Derived from the lead service's variables (leadChannelsOf), not a variable of its own. */
  LEAD_CHANNELS: LeadChannels
}

/** The names of the settings, as in the environment. */
export type BuildSettingName = keyof BuildSettings

/**
 * A build setting that fails its rule: `SITE_URL: нужен … (сейчас «…»)`, one line per variable, in
 * Russian: the release check lists them with its other problems.
 */
export class BuildSettingsError extends Error {
  readonly problems: string[]

  constructor(problems: string[]) {
    super(
      `Настройки сборки сайта с ошибками (см. apps/site/.env.example):\n  ${problems.join('\n  ')}`,
    )
    this.name = 'BuildSettingsError'
    this.problems = problems
  }
}

/** Reads and validates the build settings; throws a BuildSettingsError naming each bad variable. */
export function readBuildSettings(env: NodeJS.ProcessEnv = process.env): BuildSettings {
  const names = Object.keys(buildSettingsSchema.shape) as BuildSettingName[]
  // An empty variable counts as unset, as a shell's `VAR=` usually means.
  const input = Object.fromEntries(names.flatMap((name) => (env[name] ? [[name, env[name]]] : [])))
  const result = buildSettingsSchema.safeParse(input)
  const problem = (name: string, message: string) =>
    `${name}: ${message} (${env[name] === undefined ? 'сейчас не задано' : `сейчас «${env[name]}»`})`
  if (!result.success) {
    throw new BuildSettingsError(
      result.error.issues.map((issue) => problem(String(issue.path[0]), issue.message)),
    )
  }
  const sentry = sentryCountryOf(result.data.SENTRY_DSN, result.data.SENTRY_COUNTRY)
  if ('problem' in sentry) throw new BuildSettingsError([problem('SENTRY_COUNTRY', sentry.problem)])
  const leadChannels = leadChannelsOf(env)
  if ('problems' in leadChannels) throw new BuildSettingsError(leadChannels.problems)
  return {
    ...result.data,
    // A preview's visits are the owner's and the admin's: they are counted nowhere.
    YANDEX_METRIKA_ID: result.data.SITE_PREVIEW ? '' : result.data.YANDEX_METRIKA_ID,
    SENTRY_COUNTRY: sentry.country,
    LEAD_CHANNELS: leadChannels.channels,
    // npm start and the e2e run the editor gateway beside the site; a release names its backend.
    CMS_BACKEND:
      result.data.CMS_BACKEND === '' && env[RELEASE_BUILD_FLAG] !== '1'
        ? 'proxy'
        : result.data.CMS_BACKEND,
  }
}

/** Vite `define` entries exposing the settings as `import.meta.env.*`. */
export function defineBuildSettings(settings = readBuildSettings()): Record<string, string> {
  return Object.fromEntries(
    Object.entries(settings).map(([key, value]) => [
      `import.meta.env.${key}`,
      JSON.stringify(value),
    ]),
  )
}
