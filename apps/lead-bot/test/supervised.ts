// The lead service under socket-supervisor.ts (systemd's .socket + .service stand-in) and a stream
// of leads sent the way nginx sends them, for the tests of restarts without refused connections.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { createInterface } from 'node:readline'
import { LEAD_QUERY, phoneFor } from '../harness/sample-leads.ts'
import { MAIN } from '../harness/service.ts'
import { eventually, runScript } from './helpers.ts'
import type { ScriptRun } from './helpers.ts'

const HARNESS = path.join(import.meta.dirname, '..', 'harness')
const SUPERVISOR = path.join(HARNESS, 'socket-supervisor.ts')
const SUPERVISORCTL = path.join(HARNESS, 'supervisorctl.ts')

export interface Supervised {
  process: ChildProcess
  stateDir: string
  port: number
  /** The supervisor's own lines and the service's stderr. */
  stderr: string[]
  /** The service's JSON log lines (stdout). */
  logs: Record<string, unknown>[]
  read(name: 'state' | 'main.pid' | 'starts'): string | undefined
  ctl(action: 'restart' | 'reset-failed' | 'status' | 'stop'): Promise<ScriptRun>
}

export interface SupervisorOptions {
  /** The service's working folder, resolved again at each start (a `current` symlink). */
  cwd?: string
  restartSec?: number
  burst?: number
  intervalSec?: number
}

/** Starts the supervisor on a free port with `command`, once its socket listens. */
export async function supervise(
  stateDir: string,
  command: string[],
  env: Record<string, string>,
  options: SupervisorOptions = {},
): Promise<Supervised> {
  const child = spawn(
    process.execPath,
    [
      SUPERVISOR,
      '--listen',
      '127.0.0.1:0',
      '--state-dir',
      stateDir,
      '--restart-sec',
      String(options.restartSec ?? 2),
      '--start-limit-burst',
      String(options.burst ?? 10),
      '--start-limit-interval-sec',
      String(options.intervalSec ?? 120),
      ...(options.cwd === undefined ? [] : ['--cwd', options.cwd]),
      '--',
      ...command,
    ],
    { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const stderr: string[] = []
  const logs: Record<string, unknown>[] = []
  createInterface({ input: child.stderr }).on('line', (line) => stderr.push(line))
  createInterface({ input: child.stdout }).on('line', (line) => {
    try {
      logs.push(JSON.parse(line) as Record<string, unknown>)
    } catch {
      logs.push({ msg: line })
    }
  })
  const read = (name: string) => {
    try {
      return readFileSync(path.join(stateDir, name), 'utf8').trim()
    } catch {
      return undefined
    }
  }
  const port = Number(
    await eventually(() => {
      const value = read('port')
      if (value === undefined) throw new Error(`no port yet:\n${stderr.join('\n')}`)
      return value
    }),
  )
  return {
    process: child,
    stateDir,
    port,
    stderr,
    logs,
    read,
    ctl: (action) => runScript(SUPERVISORCTL, [action, '--state-dir', stateDir], {}),
  }
}

/** The lead service's own command, as the unit's ExecStart runs it. */
export const SERVICE_COMMAND = [process.execPath, MAIN]

/** Stops the supervisor (and its service) if it still runs, and waits for it. */
export async function stopSupervised(supervised: Supervised): Promise<void> {
  const { process: child } = supervised
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  child.kill('SIGTERM')
  await exited
}

export interface StreamResult {
  sent: number
  /** Names of the leads answered 200 {"ok":true}. */
  acknowledged: string[]
  /** Connections refused or reset: the failure a restart must not cause. */
  refused: number
  /** Answers other than 2xx, by status. */
  failed: number[]
  /** The longest time a lead waited for its answer (ms). */
  longestWaitMs: number
}

export interface LeadStream {
  readonly result: StreamResult
  /** Resolves once `n` leads have been acknowledged in all. */
  acknowledgedAtLeast(n: number): Promise<void>
  /** Stops sending and resolves once every lead sent has its answer. */
  stop(): Promise<StreamResult>
}

/** The most redirects a browser's fetch follows. */
const MAX_REDIRECTS = 20

/**
 * One lead on a connection of its own, as nginx sends it (no keep-alive to the service); a 307
 * is followed with the same body, as the site's fetch does.
 */
async function sendLead(port: number, name: string, phone: string): Promise<number | 'refused'> {
  const body = JSON.stringify({ name, phone })
  let url = new URL(`http://127.0.0.1:${port}/send?${LEAD_QUERY}`)
  for (let redirects = 0; ; redirects += 1) {
    const answer = await new Promise<{ status: number; location?: string } | 'refused'>(
      (resolve) => {
        const outgoing = request(
          url,
          {
            method: 'POST',
            agent: false,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              connection: 'close',
            },
          },
          (response) => {
            response.resume()
            response.once('end', () =>
              resolve({ status: response.statusCode ?? 0, location: response.headers.location }),
            )
          },
        )
        outgoing.once('error', () => resolve('refused'))
        outgoing.end(body)
      },
    )
    if (answer === 'refused') return answer
    if (answer.status !== 307 || answer.location === undefined || redirects >= MAX_REDIRECTS) {
      return answer.status
    }
    url = new URL(answer.location, url)
  }
}

/** Sends a lead every `everyMs` (each named `<prefix> <n>`) until stopped. */
export function leadStream(port: number, prefix: string, everyMs = 100): LeadStream {
  const result: StreamResult = {
    sent: 0,
    acknowledged: [],
    refused: 0,
    failed: [],
    longestWaitMs: 0,
  }
  const inFlight = new Set<Promise<void>>()
  const fire = () => {
    const n = result.sent
    result.sent += 1
    const name = `${prefix} ${n}`
    const started = Date.now()
    const sent = sendLead(port, name, phoneFor(n)).then((outcome) => {
      result.longestWaitMs = Math.max(result.longestWaitMs, Date.now() - started)
      if (outcome === 'refused') result.refused += 1
      else if (outcome >= 200 && outcome < 300) result.acknowledged.push(name)
      else result.failed.push(outcome)
      inFlight.delete(sent)
    })
    inFlight.add(sent)
  }
  fire()
  const timer = setInterval(fire, everyMs)
  return {
    result,
    acknowledgedAtLeast: (n) =>
      eventually(() => {
        if (result.acknowledged.length < n) {
          throw new Error(`${result.acknowledged.length} of ${n} leads acknowledged`)
        }
      }, 60_000),
    async stop() {
      clearInterval(timer)
      await Promise.all(inFlight)
      return result
    },
  }
}

/** The names of the leads stored in `dbPath` (read-only). */
export function storedNames(dbPath: string): Set<string> {
  const db = new DatabaseSync(dbPath, { readOnly: true })
  const rows = db.prepare('SELECT name FROM leads').all()
  db.close()
  return new Set(rows.map((row) => String(row.name)))
}
