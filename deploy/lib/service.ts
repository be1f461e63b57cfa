// The lead service as the deploy sees it (docs/decisions/0061-release-health.md): a release's
// service is started once on a spare loopback port against a copy of the database (Telegram off)
// before anything is switched, and the live one's /health is waited for after the restart.
// Node's own modules only, as releases.ts.
import { spawn, spawnSync } from 'node:child_process'
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { freePort } from '@it-lab/shared/free-port'

/** How long a release's trial start may take to answer /health (a cold start is ~1 s). */
const TRIAL_WAIT_MS = 30_000
/**
 * How long the live service may take to answer after the restart, before the deploy goes back.
 * It already passed its trial, so it starts as fast as it did there; a release that still crashes
 * restarts every RestartSec meanwhile, and this must end well before systemd's start limit
 * (StartLimitBurst starts) would close the socket: timings.test.ts holds it to that.
 */
export const LIVE_WAIT_MS = 12_000

/** /health answered, and not `error`. */
async function answers(port: number): Promise<boolean> {
  try {
    const answer = await fetch(`http://127.0.0.1:${port}/health`, {
      signal: AbortSignal.timeout(2_000),
    })
    const body = (await answer.json()) as { status?: string }
    return answer.ok && body.status !== 'error'
  } catch {
    return false
  }
}

/** Polls /health until it answers or `timeoutMs` passed; `gaveUp` ends the wait early. */
export async function healthy(
  port: number,
  timeoutMs: number,
  gaveUp: () => boolean = () => false,
): Promise<boolean> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until && !gaveUp()) {
    if (await answers(port)) return true
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return false
}

/** The Node 24 the release installed (the `node` package), else the deploy's own. */
function releaseNode(appDir: string): string {
  const own = path.join(appDir, 'node_modules', 'node', 'bin', 'node')
  return existsSync(own) ? own : process.execPath
}

/** The line of a failure that names it (`Error: …`, nginx's `[emerg] …`), else the last one. */
export function crashLine(output: string): string {
  const lines = stripVTControlCharacters(output)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  const named = lines.find(
    (line) => /^([A-Z]\w*)?(Error|Exception)\b.*:/.test(line) || line.includes('[emerg]'),
  )
  const last = named ?? lines.findLast((line) => !line.startsWith('at ')) ?? 'no output'
  return last.length > 300 ? `${last.slice(0, 299)}…` : last
}

export interface TrialSettings {
  leadsDb: string
  backupDir: string
  /** The env file's values: the release runs with them, as under its unit. */
  env: NodeJS.ProcessEnv
  /**
   * The live release's app folder: its own `leads.ts --backup` copies the database, as the
   * nightly backup does, with the store code that knows that database. None: an empty one.
   */
  copyWith: string | undefined
}

/**
 * Starts the release's lead service (`appDir`) on a spare loopback port, as the database's owner,
 * against a consistent copy of the live database (the running service goes on), with Telegram
 * off so nothing is sent twice; undefined when /health answered, else why not.
 */
export async function trialStart(
  appDir: string,
  settings: TrialSettings,
  waitMs = TRIAL_WAIT_MS,
): Promise<string | undefined> {
  const owner = statSync(settings.leadsDb, { throwIfNoEntry: false })
  const asOwner = owner && process.getuid?.() === 0 && owner.uid !== 0
  const user = asOwner ? { uid: owner.uid, gid: owner.gid } : {}
  // Beside the backups: the same disk as the database, and a folder already holding its copies.
  const made = mkdirSync(settings.backupDir, { recursive: true, mode: 0o700 })
  if (made && asOwner) chownSync(settings.backupDir, owner.uid, owner.gid)
  const dir = mkdtempSync(path.join(settings.backupDir, '.trial-'))
  try {
    const copy = path.join(dir, 'leads.sqlite')
    if (asOwner) chownSync(dir, owner.uid, owner.gid)
    if (owner && settings.copyWith) {
      const copied = copyDatabase(settings, dir, user)
      if (copied) return `the database could not be copied for its trial start: ${copied}`
    }
    const port = await freePort()
    // Its own port: not the live service's socket, if the deploy was handed one.
    const env = Object.fromEntries(
      Object.entries(settings.env).filter(([name]) => !name.startsWith('LISTEN_')),
    )
    const child = spawn(releaseNode(appDir), ['apps/lead-bot/src/main.ts'], {
      cwd: appDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...user,
      env: {
        ...env,
        NODE_ENV: 'production',
        LEAD_HOST: '127.0.0.1',
        LEAD_PORT: String(port),
        LEADS_DB: copy,
        TELEGRAM_BOT_TOKEN: '',
        TELEGRAM_CHAT_ID: '',
        SMTP_URL: '',
        LOG_LEVEL: 'warn',
      },
    })
    let output = ''
    const keep = (chunk: Buffer) => (output = `${output}${chunk.toString('utf8')}`.slice(-20_000))
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    let exited: number | string | undefined
    const gone = new Promise<void>((resolve) =>
      child.once('close', (code, signal) => {
        exited = code ?? signal ?? 'unknown'
        resolve()
      }),
    )
    child.once('error', (error) => (output += `\n${error.message}`))
    const ok = await healthy(port, waitMs, () => exited !== undefined)
    const crashed = exited
    if (crashed === undefined) {
      child.kill('SIGTERM')
      const killer = setTimeout(() => child.kill('SIGKILL'), 30_000)
      await gone
      clearTimeout(killer)
    }
    if (ok) return undefined
    return crashed !== undefined
      ? `its lead service exited at start (${crashed}): ${crashLine(output)}`
      : `its lead service did not answer /health within ${waitMs / 1000} s`
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * `dir/leads.sqlite`, a copy of the live database made by the live release's own CLI as the
 * database's owner (no file beside the database is ever made by root); undefined, or what went
 * wrong.
 */
function copyDatabase(
  settings: TrialSettings,
  dir: string,
  user: { uid?: number; gid?: number },
): string | undefined {
  const app = settings.copyWith ?? ''
  const run = spawnSync(releaseNode(app), ['apps/lead-bot/scripts/leads.ts', '--backup', dir], {
    cwd: app,
    encoding: 'utf8',
    env: { ...settings.env, LEADS_DB: settings.leadsDb },
    ...user,
  })
  const made = readdirSync(dir).find((name) => /^leads-.*\.sqlite$/.test(name))
  if (run.status !== 0 || !made) return crashLine(`${run.stdout}${run.stderr}`)
  renameSync(path.join(dir, made), path.join(dir, 'leads.sqlite'))
  return undefined
}

/** Runs an operator-given shell command (the service restart, the nginx reload); its output. */
export function shell(command: string): { ok: boolean; output: string } {
  const run = spawnSync('sh', ['-c', command], { encoding: 'utf8', env: process.env })
  return {
    ok: run.status === 0,
    output: `${run.stdout ?? ''}${run.stderr ?? ''}`.trim(),
  }
}
