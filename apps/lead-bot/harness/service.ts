// The one way to run the lead service outside production: the tests, `npm run bench:leads` and
// `npm run check:nginx` (through service-cli.ts) start it here, wait for /health, stop it.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
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

/** The service's own environment: only what is given, so the developer's shell leaks nothing in. */
function serviceEnv(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env }
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
  if (child.stdout && child.stderr) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>)
      } catch {
        logs.push({ msg: line })
      }
    })
    createInterface({ input: child.stderr }).on('line', (line) => stderr.push(line))
  }
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }))
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    return exited
  }
  return { process: child, logs, stderr, exited, stop }
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) })).ok
  } catch {
    return false
  }
}

/**
 * Starts the service (on a free port unless LEAD_PORT is given) and resolves once `/health`
 * answers 200. With a log file the port must be given: the startup line is not read then.
 */
export async function startService(
  env: Record<string, string>,
  { timeoutMs = 15_000, logFile }: RunOptions & { timeoutMs?: number } = {},
): Promise<Service> {
  const full = { LEAD_PORT: '0', LEAD_HOST: '127.0.0.1', ...env }
  if (logFile !== undefined && full.LEAD_PORT === '0') {
    throw new Error('a service logging to a file needs a fixed LEAD_PORT')
  }
  const service = runService(full, { logFile })
  const started = Date.now()
  for (;;) {
    const settings = service.logs.find((line) => line.msg === 'lead-bot listening') ?? {}
    const url =
      logFile === undefined
        ? typeof settings.address === 'string'
          ? settings.address
          : undefined
        : `http://${full.LEAD_HOST}:${full.LEAD_PORT}`
    if (url !== undefined && (await healthy(url))) return { ...service, url, settings }
    if (service.process.exitCode !== null || Date.now() - started > timeoutMs) {
      await service.stop('SIGKILL')
      throw new Error(`the lead service did not become healthy:\n${service.stderr.join('\n')}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
