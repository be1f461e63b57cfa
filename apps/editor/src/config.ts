import { tmpdir } from 'node:os'
import path from 'node:path'
import { DEFAULT_PUBLISH_STATE_FILE } from '@it-lab/shared/publish-state'
import * as z from 'zod'
import { isPasswordHash } from './password.ts'

// The editor gateway's settings (apps/editor/README.md): read from the environment, or from
// `--env-file FILE` as the lead service's operator commands read theirs.

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** A blank variable counts as unset, so `EDITOR_PORT=` in a unit file falls back to the default. */
const unset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

const text = (fallback: string) =>
  z.preprocess(unset, z.optional(z.string().trim())).transform((value) => value ?? fallback)

const required = (rule: string) =>
  z.preprocess(unset, z.string({ error: `is required: ${rule}` }).trim())

const envSchema = z.object({
  EDITOR_PASSWORD_HASH: required('make it with `npm run editor:password`').refine(
    isPasswordHash,
    'must be scrypt:<N>:<r>:<p>:<salt>:<hash> as `npm run editor:password` prints it',
  ),
  EDITOR_REPO: required('the absolute path of the git working tree the editor commits into').refine(
    (value) => path.isAbsolute(value),
    'must be an absolute path',
  ),
  EDITOR_BRANCH: text('main').refine(
    (value) => /^[\w.-]+(?:\/[\w.-]+)*$/.test(value) && !value.includes('..'),
    'must be a branch name',
  ),
  EDITOR_HOST: text('127.0.0.1'),
  EDITOR_PORT: text('3096')
    .refine((raw) => /^\d{1,5}$/.test(raw) && Number(raw) <= 65_535, 'must be a port number')
    .transform(Number),
  EDITOR_ORIGIN: required("the site's origin, e.g. https://itlab-school.ru, or SITE_URL").refine(
    (value) => URL.canParse(value) && new URL(value).origin === value,
    'must be a bare origin such as https://itlab-school.ru (no path, no trailing slash)',
  ),
  EDITOR_GIT_NAME: text('Редактор сайта'),
  EDITOR_GIT_EMAIL: text('editor@it-lab.local').refine(
    (value) => /^[^\s@<>]+@[^\s@<>]+$/.test(value),
    'must be an e-mail address',
  ),
  EDITOR_EVENTS_DIR: z
    .preprocess(unset, z.optional(z.string().trim()))
    .refine((value) => value === undefined || path.isAbsolute(value), 'must be an absolute path'),
  EDITOR_PUBLISH_STATE: text(DEFAULT_PUBLISH_STATE_FILE).refine(
    (value) => path.isAbsolute(value),
    'must be an absolute path',
  ),
  EDITOR_CACHE_DIR: text(path.join(tmpdir(), 'it-lab-editor-cache')).refine(
    (value) => path.isAbsolute(value),
    'must be an absolute path',
  ),
  EDITOR_INSECURE_COOKIE: z
    .preprocess(unset, z.optional(z.enum(['0', '1'], { error: 'must be 1 or unset' })))
    .transform((value) => value === '1'),
})

export type Config = {
  passwordHash: string
  repo: string
  branch: string
  host: string
  port: number
  origin: string
  git: { name: string; email: string }
  /** Cookies without `Secure`: only for http on 127.0.0.1 (npm start, the e2e). */
  insecureCookie: boolean
  /** The folder each login and each pause of the login is written to for the chat; none: not told. */
  eventsDir?: string
  /** What publishing leaves for the editor (packages/shared/src/publish-state.ts). */
  publishStateFile?: string
  /** The gateway's own folder for the pictures' previews, outside the repository. */
  cacheDir?: string
}

/** The settings, or a ConfigError naming each bad variable (never its value: one is a hash). */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // The site's own address is already in the server's env file: its origin is the default.
  const siteOrigin = env.SITE_URL && URL.canParse(env.SITE_URL) ? new URL(env.SITE_URL).origin : ''
  const result = envSchema.safeParse({ ...env, EDITOR_ORIGIN: env.EDITOR_ORIGIN || siteOrigin })
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`)
    throw new ConfigError(`invalid settings (apps/editor/README.md):\n  ${lines.join('\n  ')}`)
  }
  const settings = result.data
  return {
    passwordHash: settings.EDITOR_PASSWORD_HASH,
    repo: path.resolve(settings.EDITOR_REPO),
    branch: settings.EDITOR_BRANCH,
    host: settings.EDITOR_HOST,
    port: settings.EDITOR_PORT,
    origin: settings.EDITOR_ORIGIN,
    git: { name: settings.EDITOR_GIT_NAME, email: settings.EDITOR_GIT_EMAIL },
    insecureCookie: settings.EDITOR_INSECURE_COOKIE,
    publishStateFile: path.resolve(settings.EDITOR_PUBLISH_STATE),
    cacheDir: path.resolve(settings.EDITOR_CACHE_DIR),
    ...(settings.EDITOR_EVENTS_DIR === undefined
      ? {}
      : { eventsDir: path.resolve(settings.EDITOR_EVENTS_DIR) }),
  }
}
