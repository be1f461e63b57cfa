// systemctl for socket-supervisor.ts (docs/decisions/0060):
//   node apps/lead-bot/harness/supervisorctl.ts restart|reset-failed|status|stop --state-dir DIR
// restart returns once the new process has started (exit 1 with one line when the supervisor
// refuses: start limit hit), reset-failed once the counter is cleared (and, if it had failed,
// the socket is open and the service started again), stop once the supervisor has exited.
// status prints "STATE main=PID starts=N" and exits 0 when active, 3 otherwise (as systemctl).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { processAlive } from '@it-lab/shared/process-alive'

/** Generous: a restart waits for the running service to finish (TimeoutStopSec is 30 s). */
const ANSWER_TIMEOUT_MS = 90_000

function fail(message: string, code = 1): never {
  process.stderr.write(`supervisorctl: ${message}\n`)
  process.exit(code)
}

const { values, positionals } = (() => {
  try {
    return parseArgs({ allowPositionals: true, options: { 'state-dir': { type: 'string' } } })
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error), 2)
  }
})()
const stateDir = values['state-dir']
const [action] = positionals
if (stateDir === undefined || positionals.length !== 1) {
  fail('usage: supervisorctl.ts restart|reset-failed|status|stop --state-dir DIR', 2)
}

function read(name: string): string | undefined {
  try {
    return readFileSync(path.join(stateDir as string, name), 'utf8').trim()
  } catch {
    return undefined
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function supervisorPid(): number {
  const pid = Number(read('supervisor.pid'))
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid)) {
    fail(`no supervisor running for ${stateDir}`)
  }
  return pid
}

const ackSeq = () => Number((read('ack') ?? '0').split(' ')[0])

/** Signals the supervisor and waits for its answer to this request: "started", "done", "refused". */
async function request(signal: NodeJS.Signals): Promise<string> {
  const pid = supervisorPid()
  const before = ackSeq()
  process.kill(pid, signal)
  const deadline = Date.now() + ANSWER_TIMEOUT_MS
  while (Date.now() < deadline) {
    const ack = read('ack')?.split(' ')
    if (ack !== undefined && Number(ack[0]) > before) return ack[2] ?? ''
    if (!processAlive(pid)) fail('the supervisor exited')
    await sleep(50)
  }
  return fail(`no answer from the supervisor within ${ANSWER_TIMEOUT_MS / 1000} s`)
}

switch (action) {
  case 'restart':
    if ((await request('SIGHUP')) === 'refused') {
      fail('restart refused: the service hit its start limit (failed); run reset-failed first')
    }
    break
  case 'reset-failed':
    if ((await request('SIGUSR2')) === 'refused') fail('reset-failed: the socket cannot open')
    break
  case 'status': {
    const state = read('state') ?? 'inactive'
    const running = read('supervisor.pid') !== undefined && state !== 'inactive'
    process.stdout.write(
      `${running ? state : 'inactive'} main=${read('main.pid') ?? '-'} starts=${read('starts') ?? 0}\n`,
    )
    process.exit(running && state === 'active' ? 0 : 3)
    break
  }
  case 'stop': {
    const pid = Number(read('supervisor.pid'))
    if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid)) break
    process.kill(pid, 'SIGTERM')
    const deadline = Date.now() + ANSWER_TIMEOUT_MS
    while (processAlive(pid) && Date.now() < deadline) await sleep(50)
    if (processAlive(pid)) fail(`the supervisor did not stop within ${ANSWER_TIMEOUT_MS / 1000} s`)
    break
  }
  default:
    fail(`unknown action ${action}: restart, reset-failed, status or stop`, 2)
}
