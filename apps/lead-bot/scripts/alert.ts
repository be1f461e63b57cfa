// `npm run alert`: checks the lead service and tells the school's chat when something is wrong,
// once per incident, and when it is over (docs/decisions/0046). Run by it-lab-lead-alert.timer
// every 5 minutes and by the service unit's OnFailure=; with Docker, by the host's cron.
import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs, promisify } from 'node:util'
import { afterPost, alertStateSchema, EMPTY_STATE, planAlert } from '../src/alert.ts'
import type { AlertState, HealthReading, Observation } from '../src/alert.ts'
import { envSchema, parseEnv, resolveDbPath } from '../src/config.ts'
import { createTelegramClient } from '../src/telegram.ts'

const USAGE = `Usage: npm run alert -- [--unit UNIT | --restarts N]
  Checks the lead service (GET /health on LEAD_HOST:LEAD_PORT) and posts to TELEGRAM_CHAT_ID
  when it does not answer or its database cannot be written, a lead has waited for Telegram
  longer than ALERT_LEAD_WAIT_S, Telegram refused a lead, or the service restarted
  ALERT_RESTARTS times within 15 minutes: once when it begins, once when it is over. A /health
  that does not answer is asked again ALERT_RECHECK_S later. What was posted is kept in
  alert-state.json beside LEADS_DB.
  Exit status: 0 all is well; 1 something is wrong, or the post did not get through (it is
  posted on a later run); 2 bad usage or settings.
  --unit UNIT    reads the restart count and whether systemd gave up from systemctl
  --restarts N   the supervisor's restart count (Docker: docker inspect -f '{{.RestartCount}}')`

const HEALTH_TIMEOUT_MS = 5_000

function fail(message: string, code = 2): never {
  process.stderr.write(`alert: ${message}\n`)
  process.exit(code)
}

function parseOptions() {
  try {
    return parseArgs({
      options: {
        unit: { type: 'string' },
        restarts: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`)
  }
}

const values = parseOptions()
if (values.help) {
  process.stdout.write(`${USAGE}\n`)
  process.exit(0)
}
if (values.unit !== undefined && values.restarts !== undefined)
  fail('--unit or --restarts, not both')
const givenRestarts = values.restarts === undefined ? undefined : Number(values.restarts)
if (givenRestarts !== undefined && !(Number.isInteger(givenRestarts) && givenRestarts >= 0)) {
  fail(`--restarts takes a count, got "${values.restarts ?? ''}"`)
}

function readSettings() {
  try {
    return parseEnv(
      envSchema.pick({
        LEAD_HOST: true,
        LEAD_PORT: true,
        TELEGRAM_BOT_TOKEN: true,
        TELEGRAM_CHAT_ID: true,
        TELEGRAM_API_URL: true,
        TELEGRAM_TIMEOUT_MS: true,
        ALERT_LEAD_WAIT_S: true,
        ALERT_RESTARTS: true,
        ALERT_RECHECK_S: true,
      }),
      process.env,
    )
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error))
  }
}

const settings = readSettings()
const token = settings.TELEGRAM_BOT_TOKEN
const chatId = settings.TELEGRAM_CHAT_ID
if (token === undefined || chatId === undefined) {
  fail('it posts with TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID: set both')
}
if (settings.LEAD_PORT === 0) fail('LEAD_PORT=0 (any free port): the service cannot be found')

// The service may listen on every address; the probe goes to loopback then.
const host = { '0.0.0.0': '127.0.0.1', '::': '::1' }[settings.LEAD_HOST] ?? settings.LEAD_HOST
const healthUrl = `http://${host.includes(':') ? `[${host}]` : host}:${settings.LEAD_PORT}/health`
const stateFile = path.join(path.dirname(resolveDbPath(process.env)), 'alert-state.json')

const DB_STATES: Record<string, string> = {
  unwritable: 'база заявок недоступна для записи',
  replaced: 'файл базы заявок заменён, сервис перезапускается',
}

async function probe(): Promise<HealthReading> {
  let response: Response
  try {
    response = await fetch(healthUrl, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) })
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
    const code = typeof cause === 'object' && cause !== null && 'code' in cause ? cause.code : ''
    const why = typeof code === 'string' && code !== '' ? code : String(cause)
    return { ok: false, reason: `нет ответа от ${healthUrl} (${why})` }
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>
  const { status, db, pending, failed, oldestPendingAgeS } = body
  if (
    response.ok &&
    (status === 'ok' || status === 'degraded') &&
    typeof pending === 'number' &&
    typeof failed === 'number' &&
    typeof oldestPendingAgeS === 'number'
  ) {
    return { ok: true, pending, failed, oldestPendingAgeS }
  }
  const state = typeof db === 'string' ? (DB_STATES[db] ?? `база: ${db}`) : 'неожиданный ответ'
  return { ok: false, reason: `/health ответил ${response.status}, ${state}` }
}

/** systemd's restart counter and state of the unit; undefined (said on stderr) if unreadable. */
async function readUnit(
  name: string,
): Promise<{ restarts: number; unit: NonNullable<Observation['unit']> } | undefined> {
  try {
    const { stdout } = await promisify(execFile)(
      'systemctl',
      ['show', '-p', 'NRestarts', '-p', 'ActiveState', '-p', 'Result', name],
      { timeout: 10_000 },
    )
    const properties = new Map(
      stdout
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    )
    const restarts = Number(properties.get('NRestarts'))
    const activeState = properties.get('ActiveState')
    if (!Number.isInteger(restarts) || activeState === undefined) throw new Error(stdout.trim())
    return { restarts, unit: { name, activeState, result: properties.get('Result') ?? '' } }
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error)
    process.stderr.write(`alert: cannot read ${name} from systemctl: ${why.split('\n')[0]}\n`)
    return undefined
  }
}

function readState(): AlertState {
  let text: string
  try {
    text = readFileSync(stateFile, 'utf8')
  } catch {
    return EMPTY_STATE // the first run
  }
  try {
    return alertStateSchema.parse(JSON.parse(text))
  } catch {
    // Starting afresh may repeat an alert; refusing to run would silence every later one.
    process.stderr.write(`alert: ${stateFile} is unreadable; starting afresh\n`)
    return EMPTY_STATE
  }
}

/** Written whole and renamed over, so a run cut short never leaves half a file. */
function writeState(state: AlertState): void {
  mkdirSync(path.dirname(stateFile), { recursive: true })
  const temporary = `${stateFile}.${process.pid}.tmp`
  writeFileSync(temporary, `${JSON.stringify(state)}\n`, { mode: 0o600 })
  renameSync(temporary, stateFile)
}

let health = await probe()
if (!health.ok) {
  // One failed probe is checked again a little later: a restart (a deploy) is not an incident.
  await sleep(settings.ALERT_RECHECK_S * 1000)
  health = await probe()
}
const systemd = values.unit === undefined ? undefined : await readUnit(values.unit)
const now = Date.now()
const plan = planAlert(
  readState(),
  {
    now,
    health,
    ...(systemd ? { restarts: systemd.restarts, unit: systemd.unit } : {}),
    ...(givenRestarts === undefined ? {} : { restarts: givenRestarts }),
  },
  { leadWaitS: settings.ALERT_LEAD_WAIT_S, restarts: settings.ALERT_RESTARTS },
)

let state = plan.state
let posted = true
if (plan.message !== null) {
  // The usual timeout, not the long one for leads: the run must end before the next one, and
  // an alert that arrives twice costs nothing.
  const telegram = createTelegramClient({
    apiUrl: settings.TELEGRAM_API_URL,
    token,
    chatId,
    timeoutMs: settings.TELEGRAM_TIMEOUT_MS,
    sendTimeoutMs: settings.TELEGRAM_TIMEOUT_MS,
  })
  const result = await telegram.send(plan.message)
  posted = result.ok
  state = afterPost(state, posted, now)
  if (!result.ok) {
    process.stderr.write(
      `alert: could not post to Telegram (${result.error}); it is posted on a later run\n`,
    )
  }
}
writeState(state)

const open = plan.open.length === 0 ? 'all is well' : `wrong: ${plan.open.join(', ')}`
const news = plan.message === null ? 'nothing new to post' : posted ? 'posted' : 'not posted'
process.stdout.write(`alert: ${open}; ${news}\n`)
process.exitCode = plan.open.length > 0 || !posted ? 1 : 0
