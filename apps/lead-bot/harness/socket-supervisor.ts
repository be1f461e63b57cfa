// A stand-in for systemd's it-lab-lead-bot.socket + it-lab-lead-bot.service pair, for the tests
// and the deploy check (docs/decisions/0060):
//   node apps/lead-bot/harness/socket-supervisor.ts --listen 127.0.0.1:PORT --state-dir DIR
//     [--cwd DIR] [--restart-sec 2] [--start-limit-burst 10] [--start-limit-interval-sec 120]
//     [--timeout-stop-sec 30] -- COMMAND [ARGS…]
// It keeps the listening socket open the whole time (held by socket-holder.ts, which never
// accepts), starts COMMAND with it as fd 3 and LISTEN_FDS=1, and starts it again --restart-sec
// after it exits (Restart=always). A start beyond --start-limit-burst within the interval fails
// it as systemd does: the socket closes (connections refused) until SIGUSR2 (reset-failed).
// Signals: SIGHUP = systemctl restart, SIGUSR2 = systemctl reset-failed, SIGTERM = stop.
// DIR gets supervisor.pid, main.pid, state (activating, active, failed, inactive), starts (every
// start since the supervisor began), port (the one listened on: PORT may be 0 for a free one) and
// ack ("SEQ COMMAND RESULT", for supervisorctl.ts).
import { fork } from 'node:child_process'
import { once } from 'node:events'
import type { ChildProcess } from 'node:child_process'
import { mkdirSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { HolderEvent, StartRequest } from './socket-holder.ts'

export type SupervisorState = 'activating' | 'active' | 'failed' | 'inactive'

const HOLDER = path.join(import.meta.dirname, 'socket-holder.ts')
/** The kernel caps it at net.core.somaxconn (4096 on Debian 12): a burst waits, not refused. */
const BACKLOG = 4096

function fail(message: string): never {
  process.stderr.write(`socket-supervisor: ${message}\n`)
  process.exit(2)
}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        listen: { type: 'string' },
        'state-dir': { type: 'string' },
        cwd: { type: 'string' },
        'restart-sec': { type: 'string', default: '2' },
        'start-limit-burst': { type: 'string', default: '10' },
        'start-limit-interval-sec': { type: 'string', default: '120' },
        'timeout-stop-sec': { type: 'string', default: '30' },
      },
    })
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error))
  }
})()

function seconds(name: string, value: string): number {
  const parsed = Number(value)
  if (!Number.isFinite(parsed) || parsed < 0) fail(`--${name} must be a number of seconds`)
  return parsed * 1000
}

const listen = /^(.+):(\d+)$/.exec(values.listen ?? '')
const stateDir = values['state-dir']
const [command, ...args] = positionals
if (!listen || stateDir === undefined || command === undefined) {
  fail(
    'usage: socket-supervisor.ts --listen HOST:PORT --state-dir DIR [options] -- COMMAND [ARGS…]',
  )
}
const host = (listen[1] ?? '').replace(/^\[(.*)\]$/, '$1')
/** Port 0 picks a free port at the first opening; a re-opening takes the same one again. */
let port = Number(listen[2])
const restartMs = seconds('restart-sec', values['restart-sec'])
const intervalMs = seconds('start-limit-interval-sec', values['start-limit-interval-sec'])
const stopTimeoutMs = seconds('timeout-stop-sec', values['timeout-stop-sec'])
const burst = Number(values['start-limit-burst'])
if (!Number.isInteger(burst) || burst < 1) fail('--start-limit-burst must be a positive integer')

mkdirSync(stateDir, { recursive: true })

/** Written whole (temp file + rename), so a reader never sees half a value. */
function writeState(name: string, value: string | number): void {
  const file = path.join(stateDir as string, name)
  writeFileSync(`${file}.tmp`, `${value}\n`)
  renameSync(`${file}.tmp`, file)
}

const log = (message: string) => process.stderr.write(`socket-supervisor: ${message}\n`)

let state: SupervisorState = 'activating'
let holder: ChildProcess | undefined
let mainPid: number | undefined
let starts = 0
/** When each start happened, for the start limit (systemd's StartLimitIntervalSec/Burst). */
let recentStarts: number[] = []
let restartTimer: NodeJS.Timeout | undefined
let killTimer: NodeJS.Timeout | undefined
/** What to do when the running process exits: restart later, start at once, or stop. */
let onExit: 'auto-restart' | 'start-now' | 'stop' = 'auto-restart'
let ackSeq = 0
/** The request (restart, reset-failed) answered once the process it started runs. */
let awaitingStart: string | undefined
/** A start was asked of the holder and its process is not running yet (no pid to signal). */
let spawning = false
/** A restart asked for while spawning: done once the process runs. */
let restartOnceStarted = false

function setState(next: SupervisorState): void {
  state = next
  writeState('state', next)
}

function acknowledge(what: string, result: string): void {
  ackSeq += 1
  writeState('ack', `${ackSeq} ${what} ${result}`)
}

/**
 * Opens the listening socket and hands it to a new holder in the same tick, before the event loop
 * could accept a connection on it here: from then on only the holder and the services hold it.
 */
function openSocket(): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen({ host, port, backlog: BACKLOG }, () => {
      // Node has no public way to name a listening socket's descriptor; spawn duplicates it.
      const fd = (server as unknown as { _handle: { fd: number } })._handle.fd
      port = (server.address() as net.AddressInfo).port
      writeState('port', port)
      const started = fork(HOLDER, [], { stdio: ['ignore', 'inherit', 'inherit', fd, 'ipc'] })
      server.close()
      started.on('message', (event: HolderEvent) => onHolderEvent(event))
      resolve(started)
    })
  })
}

/** Resolves once the holder has exited: the port is closed then, refused as systemd's would be. */
async function closeSocket(): Promise<void> {
  const closing = holder
  holder = undefined
  if (closing === undefined || closing.exitCode !== null) return
  const exited = once(closing, 'exit')
  closing.disconnect()
  await exited
}

function clearTimers(): void {
  clearTimeout(restartTimer)
  clearTimeout(killTimer)
  restartTimer = undefined
  killTimer = undefined
}

// Signal handlers alone keep no process alive: a failed supervisor (no socket, no service) waits.
const waiting = setInterval(() => undefined, 2 ** 30)

/** Starts the service unless the start limit says no (then the unit and its socket fail). */
async function start(reason: string): Promise<boolean> {
  if (startLimitBlocks()) {
    log(`start limit hit (${burst} starts within ${intervalMs / 1000} s): failed, socket closed`)
    await closeSocket()
    rmSync(path.join(stateDir as string, 'main.pid'), { force: true })
    setState('failed')
    return false
  }
  recentStarts.push(Date.now())
  starts += 1
  writeState('starts', starts)
  const request: StartRequest = {
    command: command as string,
    args,
    // Resolved at each start, so a switched `current` symlink takes effect as it does for systemd.
    cwd: realpathSync(values.cwd ?? process.cwd()),
    env: { ...process.env, LISTEN_FDS: '1', LISTEN_PID: undefined },
  }
  onExit = 'auto-restart'
  spawning = true
  holder?.send(request)
  log(`starting (${reason}, start ${starts})`)
  return true
}

function onHolderEvent(event: HolderEvent): void {
  spawning = false
  if (event.type === 'started') {
    mainPid = event.pid
    writeState('main.pid', event.pid)
    setState('active')
    if (awaitingStart !== undefined) acknowledge(awaitingStart, 'started')
    awaitingStart = undefined
    if (restartOnceStarted) restart()
    return
  }
  mainPid = undefined
  clearTimers()
  rmSync(path.join(stateDir as string, 'main.pid'), { force: true })
  log(`exited (${event.signal ?? `code ${event.code}`})`)
  if (onExit === 'stop') return void finish()
  if (onExit === 'start-now' || restartOnceStarted) {
    restartOnceStarted = false
    return void startFor('restart')
  }
  setState('activating')
  restartTimer = setTimeout(() => void start('auto-restart'), restartMs)
}

/** Sends `signal` to the service unless it has just exited (its exit event is on its way). */
function signalMain(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error
  }
}

/** Sends SIGTERM to the service, then SIGKILL after --timeout-stop-sec (KillMode=mixed). */
function stopMain(): void {
  if (mainPid === undefined) return
  const pid = mainPid
  signalMain(pid, 'SIGTERM')
  killTimer = setTimeout(() => {
    log(`still running after ${stopTimeoutMs / 1000} s: SIGKILL`)
    signalMain(pid, 'SIGKILL')
  }, stopTimeoutMs)
}

async function finish(): Promise<void> {
  clearInterval(waiting)
  clearTimers()
  await closeSocket()
  for (const name of ['main.pid', 'supervisor.pid']) {
    rmSync(path.join(stateDir as string, name), { force: true })
  }
  setState('inactive')
  process.exit(0)
}

/** Starts the service for a request, answering it once the service runs or the start is refused. */
async function startFor(request: string): Promise<void> {
  awaitingStart = request
  if (!(await start(request))) {
    awaitingStart = undefined
    acknowledge(request, 'refused')
  }
}

/** After a failure: the socket opens again (as starting the .service pulls in its .socket). */
async function reopenAndStart(request: string): Promise<void> {
  try {
    holder = await openSocket()
  } catch (error) {
    log(`cannot listen on ${values.listen}: ${error instanceof Error ? error.message : error}`)
    return acknowledge(request, 'refused')
  }
  setState('activating')
  await startFor(request)
}

function startLimitBlocks(): boolean {
  const now = Date.now()
  recentStarts = recentStarts.filter((at) => now - at < intervalMs)
  return recentStarts.length >= burst
}

/** systemctl restart: stop the running service, then start it at once (no RestartSec). */
function restart(): void {
  restartOnceStarted = false
  if (state === 'failed') {
    // As systemd: a unit that hit its start limit refuses to start until reset-failed or until
    // the interval has passed.
    if (startLimitBlocks()) {
      log('restart refused: start limit hit; reset-failed first')
      return acknowledge('restart', 'refused')
    }
    return void reopenAndStart('restart')
  }
  if (spawning) {
    restartOnceStarted = true
    return
  }
  if (mainPid !== undefined) {
    onExit = 'start-now'
    return stopMain()
  }
  clearTimers()
  void startFor('restart')
}

process.on('SIGHUP', restart)

process.on('SIGUSR2', () => {
  recentStarts = []
  if (state !== 'failed') return acknowledge('reset-failed', 'done')
  void reopenAndStart('reset-failed')
})

process.on('SIGTERM', () => {
  if (mainPid === undefined) return void finish()
  onExit = 'stop'
  clearTimers()
  stopMain()
})

writeState('supervisor.pid', process.pid)
writeState('starts', 0)
setState('activating')
try {
  holder = await openSocket()
} catch (error) {
  fail(`cannot listen on ${values.listen}: ${error instanceof Error ? error.message : error}`)
}
await start('first start')
