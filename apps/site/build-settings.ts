import { z } from 'zod/mini'

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
      z.url({ protocol: /^https?$/, error: 'must be an absolute http:// or https:// URL' }),
      z.transform((value) => value.replace(/\/+$/, '')),
    ),
  )

const emptyOr = <T extends z.ZodMiniType<string, string>>(schema: T) =>
  z._default(z.union([z.literal(''), schema]), '')

export const buildSettingsSchema = z.object({
  /** Public origin: canonical links, sitemap, Open Graph. */
  SITE_URL: baseUrl(LOOPBACK_SITE_URL),
  /** Where the forms send `POST /send`. */
  LEAD_API_URL: baseUrl(LOOPBACK_LEAD_API_URL),
  /** Yandex Metrika counter id; empty: no analytics. */
  YANDEX_METRIKA_ID: emptyOr(z.string().check(z.regex(/^\d+$/, 'must be digits only'))),
  /** Sentry DSN; empty: no error reporting. */
  SENTRY_DSN: emptyOr(z.url({ protocol: /^https?$/, error: 'must be a Sentry DSN URL' })),
  /** What the lead service sends to Telegram; the policies say the same. */
  TELEGRAM_NOTIFY: z._default(z.enum(['full', 'minimal'], 'must be "full" or "minimal"'), 'full'),
  /** Days the lead service keeps a lead; the policies state the same period. */
  LEADS_RETENTION_DAYS: z.pipe(
    z._default(z.string(), '180'),
    z.pipe(
      z.string().check(z.regex(/^[1-9]\d{0,4}$/, 'must be a whole number of days, 1 or more')),
      z.transform(Number),
    ),
  ),
})

export type BuildSettings = z.output<typeof buildSettingsSchema>

/** The names of the settings, as in the environment. */
export type BuildSettingName = keyof BuildSettings

/** A build setting that fails its rule: `SITE_URL: must be … (got "…")`, one line per variable. */
export class BuildSettingsError extends Error {
  readonly problems: string[]

  constructor(problems: string[]) {
    super(`Invalid site build settings (see apps/site/.env.example):\n  ${problems.join('\n  ')}`)
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
  if (result.success) return result.data
  throw new BuildSettingsError(
    result.error.issues.map((issue) => {
      const name = String(issue.path[0])
      return `${name}: ${issue.message} (got ${JSON.stringify(env[name])})`
    }),
  )
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
