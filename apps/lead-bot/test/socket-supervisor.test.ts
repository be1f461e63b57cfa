// socket-supervisor.ts and supervisorctl.ts behave as systemd does with it-lab-lead-bot.socket and
// .service (docs/decisions/0060): Restart=always after RestartSec, the start limit, reset-failed.
import { mkdirSync, renameSync, symlinkSync } from 'node:fs'
import { createConnection } from 'node:net'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { eventually, tempDir } from './helpers.ts'
import { stopSupervised, supervise } from './supervised.ts'
import type { Supervised, SupervisorOptions } from './supervised.ts'

const temp = tempDir()
const supervisors: Supervised[] = []
afterAll(async () => {
  await Promise.all(supervisors.map(stopSupervised))
  temp.remove()
})

/** A service that answers every request with its pid, on the socket it is given as fd 3. */
const PID_SERVER = [
  process.execPath,
  '-e',
  "const server = require('node:http').createServer((_, res) => res.end(String(process.pid)))\n" +
    'server.listen({ fd: 3 })\n' +
    "process.on('SIGTERM', () => server.close(() => process.exit(0)))",
]
/** A service that answers with its working folder. */
const CWD_SERVER = [
  process.execPath,
  '-e',
  "require('node:http').createServer((_, res) => res.end(process.cwd())).listen({ fd: 3 })",
]
/** A release that crashes at start. */
const CRASHING = [process.execPath, '-e', 'process.exit(1)']

async function start(
  name: string,
  command: string[],
  options: SupervisorOptions = {},
): Promise<Supervised> {
  const supervised = await supervise(
    path.join(temp.dir, name),
    command,
    {},
    {
      restartSec: 0.2,
      ...options,
    },
  )
  supervisors.push(supervised)
  return supervised
}

const servedBy = async (port: number) => (await fetch(`http://127.0.0.1:${port}/`)).text()

/** Whether a connection to `port` is refused (rather than accepted or left waiting). */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'))
  })
}

it('starts the service on its socket, restarts it after a crash and counts the starts', async () => {
  const supervised = await start('crash', PID_SERVER)
  await eventually(() => expect(supervised.read('state')).toBe('active'))
  const first = supervised.read('main.pid')
  expect(await servedBy(supervised.port)).toBe(first)
  process.kill(Number(first), 'SIGKILL')
  await eventually(() => {
    expect(supervised.read('starts')).toBe('2')
    expect(supervised.read('state')).toBe('active')
  })
  const second = supervised.read('main.pid')
  expect(second).not.toBe(first)
  expect(await servedBy(supervised.port)).toBe(second)
  expect(supervised.stderr).toContainEqual(expect.stringMatching(/exited \(SIGKILL\)/))
})

it('restart returns once the new process runs; status and stop answer as systemctl does', async () => {
  const supervised = await start('restart', PID_SERVER)
  await eventually(() => expect(supervised.read('state')).toBe('active'))
  const first = supervised.read('main.pid')
  expect(await supervised.ctl('restart')).toMatchObject({ code: 0 })
  const second = supervised.read('main.pid')
  expect(second).not.toBe(first)
  expect(await servedBy(supervised.port)).toBe(second)
  expect(await supervised.ctl('status')).toMatchObject({
    code: 0,
    stdout: `active main=${second} starts=2\n`,
  })
  expect(await supervised.ctl('stop')).toMatchObject({ code: 0 })
  expect(supervised.read('state')).toBe('inactive')
  expect(await refused(supervised.port)).toBe(true)
  expect(await supervised.ctl('status')).toMatchObject({
    code: 3,
    stdout: 'inactive main=- starts=2\n',
  })
})

it('fails at the start limit like systemd: socket closed, restart refused until reset-failed', async () => {
  const supervised = await start('limit', CRASHING, { burst: 3 })
  await eventually(() => expect(supervised.read('state')).toBe('failed'))
  expect(supervised.read('starts')).toBe('3')
  expect(await refused(supervised.port)).toBe(true)

  const restart = await supervised.ctl('restart')
  expect(restart.code).toBe(1)
  expect(restart.stderr.trim().split('\n')).toEqual([
    'supervisorctl: restart refused: the service hit its start limit (failed); run reset-failed first',
  ])
  expect(await supervised.ctl('status')).toMatchObject({
    code: 3,
    stdout: 'failed main=- starts=3\n',
  })

  // reset-failed opens the socket again (same port) and starts the service: three more starts.
  expect(await supervised.ctl('reset-failed')).toMatchObject({ code: 0 })
  await eventually(() => {
    expect(supervised.read('starts')).toBe('6')
    expect(supervised.read('state')).toBe('failed')
  })
})

it('reset-failed brings back a good release on the same port', async () => {
  const supervised = await start('recover', PID_SERVER, { burst: 1 })
  await eventually(() => expect(supervised.read('state')).toBe('active'))
  // One start allowed: the restart is the second within the interval, so it fails the unit.
  expect(await supervised.ctl('restart')).toMatchObject({ code: 1 })
  expect(supervised.read('state')).toBe('failed')
  expect(await refused(supervised.port)).toBe(true)
  expect(await supervised.ctl('reset-failed')).toMatchObject({ code: 0 })
  await eventually(() => expect(supervised.read('state')).toBe('active'))
  expect(await servedBy(supervised.port)).toBe(supervised.read('main.pid'))
})

it('resolves --cwd at each start, so a switched `current` symlink takes effect', async () => {
  const releases = path.join(temp.dir, 'releases')
  for (const release of ['one', 'two']) mkdirSync(path.join(releases, release), { recursive: true })
  const current = path.join(temp.dir, 'current')
  symlinkSync(path.join(releases, 'one'), current)
  const supervised = await start('cwd', CWD_SERVER, { cwd: current })
  await eventually(() => expect(supervised.read('state')).toBe('active'))
  expect(await servedBy(supervised.port)).toBe(path.join(releases, 'one'))
  // As the deploy switches: a new link renamed over the old one.
  symlinkSync(path.join(releases, 'two'), `${current}.new`)
  renameSync(`${current}.new`, current)
  expect(await supervised.ctl('restart')).toMatchObject({ code: 0 })
  expect(await servedBy(supervised.port)).toBe(path.join(releases, 'two'))
})
