// The lead service keeps its port through every restart (docs/decisions/0060): under the
// socket supervisor (systemd's .socket + .service pair), a lead sent every 100 ms across a
// restart, a replaced database file and a release that crashes at start is stored every time.
import { renameSync, writeFileSync } from 'node:fs'
import { DatabaseSync } from 'node:sqlite'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, expect, it } from 'vitest'
import { startService } from '../harness/service.ts'
import { MAIN } from '../harness/service.ts'
import { eventually, tempDir } from './helpers.ts'
import {
  SERVICE_COMMAND,
  leadStream,
  stopSupervised,
  storedNames,
  supervise,
} from './supervised.ts'
import type { LeadStream, Supervised } from './supervised.ts'

/** Room for a loaded machine: each step's restarts, waits and leads, several times over. */
const STEP_TIMEOUT_MS = 120_000

const temp = tempDir()
const supervisors: Supervised[] = []
afterAll(async () => {
  await Promise.all(supervisors.map(stopSupervised))
  temp.remove()
})

/** The leads of one step must all get through: each wait is fine, a refusal or an error is not. */
async function expectAllStored(step: string, stream: LeadStream, dbPath: string): Promise<void> {
  const result = await stream.stop()
  const stored = storedNames(dbPath)
  const storedOfStep = result.acknowledged.filter((name) => stored.has(name)).length
  process.stdout.write(
    `leads during ${step}: ${result.sent} sent, ${storedOfStep} stored, ${result.refused} refused` +
      ` (longest wait ${result.longestWaitMs} ms)\n`,
  )
  expect({ refused: result.refused, failed: result.failed }).toEqual({ refused: 0, failed: [] })
  expect(result.acknowledged).toHaveLength(result.sent)
  expect(storedOfStep).toBe(result.sent)
}

async function startSupervised(name: string, command = SERVICE_COMMAND, extra = {}) {
  const dbPath = path.join(temp.dir, `${name}.sqlite`)
  const env = { LEADS_DB: dbPath, RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'warn', ...extra }
  const supervised = await supervise(path.join(temp.dir, name), command, env)
  supervisors.push(supervised)
  await eventually(() => expect(supervised.read('state')).toBe('active'))
  return { supervised, dbPath }
}

/** Waits until the supervisor runs a service other than `pid`, started `starts` times in all. */
async function runningAgain(supervised: Supervised, pid: string | undefined, starts: number) {
  await eventually(() => {
    expect(supervised.read('starts')).toBe(String(starts))
    expect(supervised.read('state')).toBe('active')
    expect(supervised.read('main.pid')).not.toBe(pid)
  }, 30_000)
}

it(
  'a restart refuses no lead: those in flight are answered, new ones wait for the next process',
  async () => {
    const { supervised, dbPath } = await startSupervised('restart')
    const stream = leadStream(supervised.port, 'Рестарт')
    // A denser stream beside it, so leads are certainly in flight when SIGTERM lands.
    const dense = leadStream(supervised.port, 'Залп', 5)
    await stream.acknowledgedAtLeast(10)
    const pid = supervised.read('main.pid')
    expect(await supervised.ctl('restart')).toMatchObject({ code: 0 })
    await runningAgain(supervised, pid, 2)
    await stream.acknowledgedAtLeast(stream.result.sent + 10)
    await expectAllStored('restart', stream, dbPath)
    await expectAllStored('restart (a lead every 5 ms)', dense, dbPath)
    // Each start logs the socket it was given, whatever LOG_LEVEL says.
    const startLines = supervised.logs.filter((line) => line.msg === 'lead-bot listening')
    expect(startLines).toHaveLength(2)
    for (const line of startLines) {
      expect(line).toMatchObject({
        socketActivated: true,
        address: `http://127.0.0.1:${supervised.port}`,
      })
    }
  },
  STEP_TIMEOUT_MS,
)

it(
  'a release that crashes at start twice: leads wait for the good start, none is refused',
  async () => {
    const crashes = path.join(temp.dir, 'crashes')
    writeFileSync(crashes, '0')
    // A release whose service exits 1 at start while `crashes` counts down, then the real one.
    const script = [
      "import { readFileSync, writeFileSync } from 'node:fs'",
      'const left = Number(readFileSync(process.env.CRASHES, "utf8"))',
      'if (left > 0) { writeFileSync(process.env.CRASHES, String(left - 1)); process.exit(1) }',
      `await import(${JSON.stringify(pathToFileURL(MAIN).href)})`,
    ].join('\n')
    const command = [process.execPath, '--input-type=module', '-e', script]
    const { supervised, dbPath } = await startSupervised('crash', command, { CRASHES: crashes })
    const stream = leadStream(supervised.port, 'Сбой')
    await stream.acknowledgedAtLeast(10)
    const pid = supervised.read('main.pid')
    writeFileSync(crashes, '2')
    expect(await supervised.ctl('restart')).toMatchObject({ code: 0 })
    // The restart, two crashes (each followed by RestartSec) and the good start.
    await runningAgain(supervised, pid, 4)
    await stream.acknowledgedAtLeast(stream.result.sent + 10)
    await expectAllStored('a release whose service crashes at start', stream, dbPath)
  },
  STEP_TIMEOUT_MS,
)

it('without LISTEN_FDS, or with another process named by LISTEN_PID, it binds LEAD_PORT', async () => {
  const envs: Record<string, string>[] = [{}, { LISTEN_FDS: '1', LISTEN_PID: '1' }]
  for (const env of envs) {
    const service = await startService({
      LEADS_DB: path.join(temp.dir, 'plain.sqlite'),
      LEAD_PORT: '0',
      ...env,
    })
    try {
      expect(service.settings).toMatchObject({ socketActivated: false })
      expect(service.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect((await fetch(`${service.url}/health`)).status).toBe(200)
    } finally {
      await service.stop()
    }
  }
})

it(
  'a replaced database file (fence, exit 75): the next start takes the leads, none refused',
  async () => {
    const { supervised, dbPath } = await startSupervised('fence')
    const stream = leadStream(supervised.port, 'Подмена')
    await stream.acknowledgedAtLeast(10)
    const pid = supervised.read('main.pid')
    // Another program puts a copy in place (a restore, say): a new file at the path.
    const copy = `${dbPath}.copy`
    const source = new DatabaseSync(dbPath, { readOnly: true })
    source.prepare('VACUUM INTO ?').run(copy)
    source.close()
    renameSync(copy, dbPath)
    await runningAgain(supervised, pid, 2)
    expect(supervised.stderr.join('\n')).toMatch(/exited \(code 75\)/)
    await stream.acknowledgedAtLeast(stream.result.sent + 10)
    await expectAllStored('a fence restart', stream, dbPath)
  },
  STEP_TIMEOUT_MS,
)
