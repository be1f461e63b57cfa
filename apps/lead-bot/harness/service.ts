// The one way to run the lead service outside production: the tests, `npm run bench:leads` and
// `npm run check:nginx` (through service-cli.ts) start it here, wait for /health, stop it.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { EventEmitter, once } from 'node:events'
import { openSync } from 'node:fs'
import path from 'node:path'
import { createInterface } from 'node:readline'

export const MAIN = path.join(import.meta.dirname, '..', 'src', 'main.ts')

type Exit = { code: number | null; signal: NodeJS.Signals | null }

export interface Service {
  process: ChildProcess
  url: string
  /** Parsed JSON log lines from stdout (empty when the output goes to a log file). */
  logs: Record<string, unknown>[]
  /**
   * Resolves with the first log line (logged so far or later) that `matches`; rejects once the
   * process has exited without one.
   */
  logged(matches: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>
  stderr: string[]
  /** The service's own startup line: address, database settings, outbox, retention … */
  settings: Record<string, unknown>
  exited: Promise<Exit>
  /** Sends `signal` (SIGTERM: a graceful stop) and resolves once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<Exit>
}

export interface RunOptions {
  /** Append stdout and stderr to this file and detach, so the service outlives the caller. */
  logFile?: string
}

/**
 * The V8 compile cache the caller uses, passed on to a process it starts with an environment of
 * its own: the tests' processes start in half the CPU (docs/decisions/0105-the-loops-cost-less-cpu.md).
 */
export function compileCacheEnv(): Record<string, string> {
  const cache = process.env.NODE_COMPILE_CACHE
  return cache === undefined ? {} : { NODE_COMPILE_CACHE: cache }
}

/** The service's own environment: only what is given, so the developer's shell leaks nothing in. */
function serviceEnv(env: Record<string, string>): Record<string, string> {
  const base = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info' }
  return { ...base, ...compileCacheEnv(), ...env }
}

/** Runs `node src/main.ts` (the same Node as the caller) and collects its output. */
export function runService(
  env: Record<string, string>,
  options: RunOptions = {},
): Omit<Service, 'url' | 'settings'> {
  const file = options.logFile === undefined ? undefined : openSync(options.logFile, 'a')
  const child = spawn(process.execPath, [MAIN], {
    env: serviceEnv(env),
    stdio: ['ignore', file ?? 'pipe', file ?? 'pipe'],
    detached: file !== undefined,
  })
  const logs: Record<string, unknown>[] = []
  const stderr: string[] = []
  // Each new log line is offered to the tests waiting on one (logged()).
  const lineEvents = new EventEmitter()
  let stdoutClosed = Promise.resolve()
  if (child.stdout && child.stderr) {
    const lines = createInterface({ input: child.stdout })
    stdoutClosed = once(lines, 'close').then(() => undefined)
    lines.on('line', (line) => {
      let parsed: Record<string, unknown>
      try {
        parsed = JSON.parse(line) as Record<string, unknown>
      } catch {
        parsed = { msg: line }
      }
      logs.push(parsed)
      lineEvents.emit('line', parsed)
    })
    createInterface({ input: child.stderr }).on('line', (line) => stderr.push(line))
  }
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }))
  const logged = (matches: (line: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const found = logs.find(matches)
      if (found) return resolve(found)
      const onLine = (line: Record<string, unknown>) => {
        if (matches(line)) {
          lineEvents.off('line', onLine)
          resolve(line)
        }
      }
      lineEvents.on('line', onLine)
      // Every line is read once stdout has closed after the exit: none can match any more.
      void Promise.all([exited, stdoutClosed]).then(() => {
        lineEvents.off('line', onLine)
        reject(new Error('the lead service exited without logging the line waited for'))
      })
    })
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    return exited
  }
  return { process: child, logs, logged, stderr, exited, stop }
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/health`, { signal: AbortSignal.timeout(5_000) })).ok
  } catch {
    return false
  }
}

/**
 * Starts the service (on a free port unless LEAD_PORT is given) and resolves once `/health`
 * answers 200: it waits for the service's own "listening" line, then for /health. The deadline
 * is generous: on a busy machine (the tests beside a build, load 17 on two cores) a start that
 * takes half a second when quiet took over 15 s.
 */
export async function startService(
  env: Record<string, string>,
  { timeoutMs = 90_000, logFile }: RunOptions & { timeoutMs?: number } = {},
): Promise<Service> {
  const full = { LEAD_PORT: '0', LEAD_HOST: '127.0.0.1', ...env }
  if (logFile !== undefined && full.LEAD_PORT === '0') {
    throw new Error('a service logging to a file needs a fixed LEAD_PORT')
  }
  const service = runService(full, { logFile })
  const deadline = Date.now() + timeoutMs
  const giveUp = async (why: string): Promise<never> => {
    await service.stop('SIGKILL')
    throw new Error(
      `the lead service did not become healthy (${why}):\n${service.stderr.join('\n')}`,
    )
  }
  let settings: Record<string, unknown> = {}
  let url = `http://${full.LEAD_HOST}:${full.LEAD_PORT}`
  if (logFile === undefined) {
    const timer = AbortSignal.timeout(timeoutMs)
    const listening = service.logged((line) => line.msg === 'lead-bot listening')
    const timedOut = once(timer, 'abort').then(() => undefined)
    const line = await Promise.race([listening, timedOut]).catch(() => undefined)
    if (line === undefined) return giveUp('no "listening" line')
    settings = line
    if (typeof settings.address !== 'string') return giveUp('no address in the "listening" line')
    url = settings.address
  }
  while (!(await healthy(url))) {
    if (service.process.exitCode !== null) return giveUp('it exited')
    if (Date.now() > deadline) return giveUp(`no 200 from /health in ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return { ...service, url, settings }
}
