// `npm run alert`: checks the lead service, the disk and the backups, and tells the school's chat
// and the operator's e-mail when something is wrong, once per incident, and when it is over
// (docs/decisions/0046, 0063). Run by it-lab-lead-alert.timer every 5 minutes and by the service
// unit's OnFailure=; with Docker, by the host's cron.
import { execFile } from 'node:child_process'
import {
  closeSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statfsSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { hostname } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs, promisify } from 'node:util'
import {
  afterPost,
  alertStateSchema,
  channelReadings,
  chatFailureNote,
  EMPTY_STATE,
  planAlert,
} from '../cli/alert.ts'
import type { AlertState, Channel, HealthReading, Observation, Supervisor } from '../cli/alert.ts'
import { emailConfig, envSchema, launchDir, parseEnv, resolveDbPath } from '../src/config.ts'
import { drainEditorEvents, editorEventsDir } from '../cli/editor-events.ts'
import { createMailer } from '../cli/email.ts'
import { becomeDatabaseOwner, loadServerEnv } from '../cli/server-env.ts'
import { BACKUP_NAMES } from '../src/store/backups.ts'
import { createTelegramClient } from '../src/telegram.ts'
import { CliExit, exitCode, runAsProcess } from '../cli/io.ts'
import type { CliIo } from '../cli/io.ts'

const USAGE = `Usage: npm run alert -- [--unit UNIT | --restarts N] [--env-file FILE]
       npm run alert -- --test-email [--env-file FILE]
  Checks the lead service (GET /health on LEAD_HOST:LEAD_PORT), the free space of LEADS_DB's
  folder and the newest backup, and tells TELEGRAM_CHAT_ID and ALERT_EMAIL_TO (each that is set)
  when the service does not answer or its database cannot be written, a lead has waited for
  Telegram longer than ALERT_LEAD_WAIT_S, Telegram refused a lead, another lead channel refused
  one or has one waiting longer than ALERT_LEAD_WAIT_S, the service restarted
  ALERT_RESTARTS times within 15 minutes, less than ALERT_DISK_FREE_MB is free, or the newest
  backup in ALERT_BACKUP_DIR is older than ALERT_BACKUP_MAX_AGE_H: once when it begins, once when
  it is over. A /health that does not answer is asked again ALERT_RECHECK_S later. What each
  channel was told is kept in alert-state.json beside LEADS_DB.
  With EDITOR_EVENTS_DIR set, it also posts the editor's events left there (each login to the
  chat, a pause of the login to both) and deletes each once posted.
  Exit status: 0 all is well; 1 something is wrong, or a post did not get through (it is posted
  on a later run); 2 bad usage or settings.
  --unit UNIT      reads the restart count and whether systemd gave up from systemctl
  --restarts N     the supervisor's restart count (Docker: docker inspect -f '{{.RestartCount}}')
  --env-file FILE  reads the settings from FILE, as the units do (LEADS_DB default
                   /var/lib/it-lab/leads.sqlite); run by root, it works as the database's owner
  --test-email     sends one test e-mail to ALERT_EMAIL_TO and exits (nothing else is checked)`

const HEALTH_TIMEOUT_MS = 5_000

async function main(givenEnv: NodeJS.ProcessEnv, argv: string[], io: CliIo): Promise<number> {
  // --env-file adds to this run's environment only.
  const env = { ...givenEnv }
  function fail(message: string, code = 2): never {
    io.stderr.write(`alert: ${message}\n`)
    throw new CliExit(code)
  }

  function parseOptions() {
    try {
      return parseArgs({
        args: argv,
        options: {
          unit: { type: 'string' },
          restarts: { type: 'string' },
          'env-file': { type: 'string' },
          'test-email': { type: 'boolean', default: false },
          help: { type: 'boolean', short: 'h', default: false },
        },
      }).values
    } catch (error) {
      return fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`)
    }
  }

  const values = parseOptions()
  if (values.help) {
    io.stdout.write(`${USAGE}\n`)
    return 0
  }
  if (values.unit !== undefined && values.restarts !== undefined)
    fail('--unit or --restarts, not both')
  const givenRestarts = values.restarts === undefined ? undefined : Number(values.restarts)
  if (givenRestarts !== undefined && !(Number.isInteger(givenRestarts) && givenRestarts >= 0)) {
    fail(`--restarts takes a count, got "${values.restarts ?? ''}"`)
  }
  const envFile = values['env-file']
  if (envFile !== undefined) {
    try {
      loadServerEnv(path.resolve(launchDir(env), envFile), env)
    } catch (error) {
      fail(`cannot read ${envFile}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  function readSettings() {
    try {
      const read = parseEnv(
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
          ALERT_DISK_FREE_MB: true,
          ALERT_BACKUP_DIR: true,
          ALERT_BACKUP_MAX_AGE_H: true,
          SMTP_URL: true,
          ALERT_EMAIL_TO: true,
          ALERT_EMAIL_FROM: true,
          LEAD_EMAIL_TO: true,
        }),
        env,
      )
      return { ...read, email: emailConfig(read) }
    } catch (error) {
      return fail(error instanceof Error ? error.message : String(error))
    }
  }

  const settings = readSettings()
  const { TELEGRAM_BOT_TOKEN: token, TELEGRAM_CHAT_ID: chatId } = settings
  const telegram =
    token === undefined || chatId === undefined
      ? undefined
      : createTelegramClient({
          apiUrl: settings.TELEGRAM_API_URL,
          token,
          chatId,
          timeoutMs: settings.TELEGRAM_TIMEOUT_MS,
          // The usual timeout, not the long one for leads: the run must end before the next one,
          // and an alert that arrives twice costs nothing.
          sendTimeoutMs: settings.TELEGRAM_TIMEOUT_MS,
        })
  const mailer = settings.email === null ? undefined : createMailer(settings.email)
  const channels: Channel[] = [
    ...(telegram ? ['telegram' as const] : []),
    ...(mailer ? ['email' as const] : []),
  ]
  if (channels.length === 0) {
    fail(
      'it posts with TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID, or e-mails with SMTP_URL and ' +
        'ALERT_EMAIL_TO: set one pair or both',
    )
  }

  const dbPath = resolveDbPath(env)
  if (envFile !== undefined) becomeDatabaseOwner(dbPath)

  if (values['test-email']) {
    if (!mailer || settings.email === null) fail('--test-email needs SMTP_URL and ALERT_EMAIL_TO')
    const sent = await mailer.send({
      subject: 'IT Lab: проверка почты оповещений',
      text:
        `Проверочное письмо от npm run alert на сервере ${hostname()}: оповещения сервиса ` +
        'заявок IT Lab будут приходить на этот адрес.',
    })
    if (!sent.ok) fail(`could not send the e-mail (${sent.error})`, 1)
    io.stdout.write(`alert: test e-mail sent to ${settings.email.to.join(', ')}\n`)
    return 0
  }

  if (settings.LEAD_PORT === 0) fail('LEAD_PORT=0 (any free port): the service cannot be found')

  // The service may listen on every address; the probe goes to loopback then.
  const host = { '0.0.0.0': '127.0.0.1', '::': '::1' }[settings.LEAD_HOST] ?? settings.LEAD_HOST
  const healthUrl = `http://${host.includes(':') ? `[${host}]` : host}:${settings.LEAD_PORT}/health`
  const dbDir = path.dirname(dbPath)
  const stateFile = path.join(dbDir, 'alert-state.json')
  const backupDir =
    settings.ALERT_BACKUP_DIR === undefined
      ? path.join(dbDir, 'backups')
      : path.resolve(launchDir(env), settings.ALERT_BACKUP_DIR)
  // The commands the e-mail names: the container's when Docker's cron passes --restarts, else the unit's.
  const supervisor: Supervisor =
    givenRestarts === undefined
      ? { kind: 'systemd', unit: values.unit ?? 'it-lab-lead-bot.service' }
      : { kind: 'docker', container: 'it-lab-lead-bot' }

  /** /health's `db` for the chat, and the operator's word for it. */
  const DB_STATES: Record<string, string> = {
    unwritable: 'база заявок недоступна для записи',
    replaced: 'файл базы заявок заменён, сервис перезапускается',
    full: 'на диске не осталось места',
  }

  async function probe(): Promise<HealthReading> {
    let response: Response
    try {
      response = await fetch(healthUrl, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) })
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
      const code = typeof cause === 'object' && cause !== null && 'code' in cause ? cause.code : ''
      const why = typeof code === 'string' && code !== '' ? code : String(cause)
      return { ok: false, reason: 'он не отвечает', detail: `нет ответа от ${healthUrl} (${why})` }
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
      return {
        ok: true,
        pending,
        failed,
        oldestPendingAgeS,
        channels: channelReadings(body.channels),
      }
    }
    const state = typeof db === 'string' ? (DB_STATES[db] ?? `база: ${db}`) : 'неожиданный ответ'
    return { ok: false, reason: state, detail: `/health ответил ${response.status}, ${state}` }
  }

  /** systemd's restart counter and state of the unit; undefined (said on stderr) if unreadable. */
  async function readUnit(
    name: string,
  ): Promise<{ restarts: number; unit: NonNullable<Observation['unit']> } | undefined> {
    try {
      const { stdout } = await promisify(execFile)(
        'systemctl',
        ['show', '-p', 'NRestarts', '-p', 'ActiveState', '-p', 'Result', name],
        { timeout: 10_000, env },
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
      io.stderr.write(`alert: cannot read ${name} from systemctl: ${why.split('\n')[0]}\n`)
      return undefined
    }
  }

  /** Free space for this (unprivileged) user where the database is; undefined if unreadable. */
  function readDisk(): Observation['disk'] {
    try {
      const { bavail, bsize } = statfsSync(dbDir)
      return { dir: dbDir, freeBytes: bavail * bsize }
    } catch (error) {
      // No folder before the service's first start: nothing there to fill.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        io.stderr.write(`alert: cannot read the free space of ${dbDir}: ${String(error)}\n`)
      }
      return undefined
    }
  }

  /**
   * The newest nightly backup's time; a folder that is missing or unreadable has none. The deploy's
   * copies beside them do not count: they come with each deploy, so a broken nightly timer would go
   * unnoticed on a server that deploys daily (docs/decisions/0085-a-rollback-stays.md).
   */
  function readBackups(): Observation['backups'] {
    let newestAt: number | null = null
    try {
      for (const name of readdirSync(backupDir)) {
        if (!BACKUP_NAMES.nightly.test(name)) continue
        const { mtimeMs } = statSync(path.join(backupDir, name))
        newestAt = Math.max(newestAt ?? 0, mtimeMs)
      }
    } catch {
      // No folder yet (before the first backup), or not this user's: no backup it can vouch for.
    }
    return { dir: backupDir, newestAt }
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
      io.stderr.write(`alert: ${stateFile} is unreadable; starting afresh\n`)
      return EMPTY_STATE
    }
  }

  /**
   * The state file is padded to this size, so that on a full disk it can still be rewritten in
   * place (its blocks are already allocated) and an incident is posted once, not at every run.
   */
  const STATE_FILE_BYTES = 64 * 1024

  /** Written whole and renamed over, so a run cut short never leaves half a file; in place when the disk is full. */
  function writeState(state: AlertState): void {
    const json = Buffer.from(`${JSON.stringify(state)}\n`)
    const padded = Buffer.alloc(Math.max(STATE_FILE_BYTES, json.length), ' ')
    json.copy(padded)
    mkdirSync(path.dirname(stateFile), { recursive: true })
    const temporary = `${stateFile}.${process.pid}.tmp`
    try {
      writeFileSync(temporary, padded, { mode: 0o600 })
      renameSync(temporary, stateFile)
    } catch (error) {
      rmSync(temporary, { force: true })
      const code = (error as NodeJS.ErrnoException).code
      if (code !== 'ENOSPC' && code !== 'EDQUOT') throw error
      const fd = openSync(stateFile, 'r+')
      try {
        writeSync(fd, padded, 0, padded.length, 0)
        ftruncateSync(fd, padded.length)
      } finally {
        closeSync(fd)
      }
    }
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
      disk: readDisk(),
      ...(settings.ALERT_BACKUP_MAX_AGE_H > 0 ? { backups: readBackups() } : {}),
    },
    {
      leadWaitS: settings.ALERT_LEAD_WAIT_S,
      restarts: settings.ALERT_RESTARTS,
      diskFreeMb: settings.ALERT_DISK_FREE_MB,
      backupMaxAgeH: settings.ALERT_BACKUP_MAX_AGE_H,
      host: hostname(),
      supervisor,
    },
    channels,
  )

  // The chat first: when it refuses, the e-mail says so. Each is posted whatever the other did.
  let state = plan.state
  const news: string[] = []
  let undelivered = false
  let chatFailure: { error: string; status?: number } | undefined
  if (telegram && plan.messages.telegram !== undefined) {
    const result = await telegram.send(plan.messages.telegram)
    state = afterPost(state, 'telegram', result.ok, now, channels)
    news.push(`telegram ${result.ok ? 'posted' : 'not posted'}`)
    if (!result.ok) {
      undelivered = true
      chatFailure = result
      io.stderr.write(
        `alert: could not post to Telegram (${result.error}); it is posted on a later run\n`,
      )
    }
  }
  if (mailer && plan.messages.email !== undefined) {
    const { subject, text } = plan.messages.email
    const note = chatFailure === undefined ? '' : `\n\n${chatFailureNote(chatFailure, supervisor)}`
    const result = await mailer.send({ subject, text: `${text}${note}` })
    state = afterPost(state, 'email', result.ok, now, channels)
    news.push(`e-mail ${result.ok ? 'sent' : 'not sent'}`)
    if (!result.ok) {
      undelivered = true
      io.stderr.write(
        `alert: could not send the e-mail (${result.error}); it is sent on a later run\n`,
      )
    }
  }

  // The editor gateway cannot reach Telegram itself: its logins and pauses wait in a folder.
  const eventsDir = editorEventsDir(env, launchDir(env))
  if (eventsDir !== undefined) {
    const drained = await drainEditorEvents(eventsDir, { telegram, mailer, host: hostname() }, now)
    if (drained.posted > 0) news.push(`editor events posted: ${drained.posted}`)
    for (const problem of drained.problems) io.stderr.write(`alert: ${problem}\n`)
    if (drained.problems.length > 0) undelivered = true
  }

  let stored = true
  try {
    writeState(state)
  } catch (error) {
    stored = false
    io.stderr.write(
      `alert: cannot write ${stateFile} (${String(error)}); the next run may post the same again\n`,
    )
  }

  const open = plan.open.length === 0 ? 'all is well' : `wrong: ${plan.open.join(', ')}`
  io.stdout.write(
    `alert: ${open}; ${news.length === 0 ? 'nothing new to post' : news.join(', ')}\n`,
  )
  return plan.open.length > 0 || undelivered || !stored ? 1 : 0
}

/** The check: 0 all well, 1 something wrong or a message not delivered, 2 bad usage or settings. */
export function run(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  return exitCode(() => main(env, argv, io))
}

if (import.meta.main) await runAsProcess(run)
