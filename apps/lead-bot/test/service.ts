import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'
import { createInterface } from 'node:readline'

export const MAIN = path.join(import.meta.dirname, '..', 'src', 'main.ts')

export interface Service {
  process: ChildProcess
  url: string
  /** Parsed JSON log lines from stdout. */
  logs: Record<string, unknown>[]
  stderr: string[]
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** The service's own environment: only what is given, so the developer's shell leaks nothing in. */
function serviceEnv(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', ...env }
}

/** Runs `node src/main.ts` (the same Node as the tests) and collects its output. */
export function runService(env: Record<string, string>): Omit<Service, 'url'> {
  const child = spawn(process.execPath, [MAIN], {
    env: serviceEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: Record<string, unknown>[] = []
  const stderr: string[] = []
  createInterface({ input: child.stdout }).on('line', (line) => {
    try {
      logs.push(JSON.parse(line) as Record<string, unknown>)
    } catch {
      logs.push({ msg: line })
    }
  })
  createInterface({ input: child.stderr }).on('line', (line) => stderr.push(line))
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }))
  return { process: child, logs, stderr, exited }
}

/** Starts the service on a free port and resolves once it listens. */
export async function startService(
  env: Record<string, string>,
  timeoutMs = 15_000,
): Promise<Service> {
  const service = runService({ LEAD_PORT: '0', LEAD_HOST: '127.0.0.1', ...env })
  const started = Date.now()
  for (;;) {
    const listening = service.logs.find((line) => line.msg === 'lead-bot listening')
    if (typeof listening?.address === 'string') return { ...service, url: listening.address }
    if (service.process.exitCode !== null || Date.now() - started > timeoutMs) {
      service.process.kill('SIGKILL')
      throw new Error(`service did not start:\n${service.stderr.join('\n')}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
