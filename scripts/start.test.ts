import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { once } from 'node:events'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const START = path.join(import.meta.dirname, 'start.ts')

/** A process's start time (/proc/<pid>/stat, field 22), so a reused pid is not taken for it. */
function started(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // A zombie has ended: only its parent has not read its status yet.
    return fields[0] === 'Z' ? undefined : fields[19]
  } catch {
    return undefined
  }
}

/** Every descendant of `pid` now, through /proc/<pid>/task/<pid>/children. */
function descendants(pid: number): number[] {
  let listed: string
  try {
    listed = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
  } catch {
    return []
  }
  const children = listed.split(' ').filter(Boolean).map(Number)
  return children.flatMap((child) => [child, ...descendants(child)])
}

async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  server.close()
  return port
}

describe('npm start stops whole', () => {
  const dirs: string[] = []
  const leftOver: number[] = []
  afterEach(() => {
    for (const pid of leftOver.splice(0)) {
      try {
        process.kill(pid, 'SIGKILL')
      } catch {
        // Gone.
      }
    }
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  /**
   * Runs start.ts, with a lead service setting it refuses (SMTP_URL whose user is no address, no
   * LEAD_EMAIL_FROM) or, given `crashLeadOn`, with the lead service killed once the output shows
   * that text; every process it started is seen while it ran. Its status, and those alive a second
   * after it ended.
   */
  async function start(args: string[], { crashLeadOn }: { crashLeadOn?: string } = {}) {
    const dir = mkdtempSync(path.join(tmpdir(), 'start-'))
    dirs.push(dir)
    // A stand-in for the site's build, so start.ts does not build it first.
    const build = path.join(dir, 'build')
    mkdirSync(path.join(build, 'client'), { recursive: true })
    mkdirSync(path.join(build, 'errors'), { recursive: true })
    for (const file of [
      'client/index.html',
      'errors/not-found.html',
      'errors/course-not-found.html',
    ]) {
      writeFileSync(path.join(build, file), '<!doctype html>')
    }
    for (const file of ['security-headers.json', 'admin-headers.json']) {
      writeFileSync(path.join(build, file), '{}')
    }
    const child = spawn(process.execPath, [START, ...args], {
      cwd: path.dirname(import.meta.dirname),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        SITE_BUILD_DIR: build,
        SITE_PORT: String(await freePort()),
        LEAD_PORT: String(await freePort()),
        EDITOR_PORT: String(await freePort()),
        LEADS_DB: path.join(dir, 'leads.sqlite'),
        ...(crashLeadOn
          ? {}
          : {
              SMTP_URL: 'smtp://school:secret@127.0.0.1:2525',
              LEAD_EMAIL_TO: 'school@example.test',
              LEAD_EMAIL_FROM: '',
              ALERT_EMAIL_FROM: '',
            }),
      },
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const seen = new Map<number, string>()
    let crashed = false
    const watch = setInterval(() => {
      for (const pid of descendants(child.pid ?? 0)) {
        const at = started(pid)
        if (at && !seen.has(pid)) seen.set(pid, at)
      }
      if (crashLeadOn && !crashed && output.includes(crashLeadOn)) {
        crashed = true
        const lead = [...seen.keys()].find((pid) =>
          readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('apps/lead-bot/src/main.ts'),
        )
        if (lead) process.kill(lead, 'SIGKILL')
      }
    }, 20)
    const [code] = (await once(child, 'exit')) as [number | null]
    clearInterval(watch)
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const alive = [...seen].filter(([pid, at]) => started(pid) === at).map(([pid]) => pid)
    leftOver.push(...alive)
    const commands = alive.map((pid) =>
      readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '),
    )
    return { code, seen: seen.size, alive: commands, output }
  }

  it('a refused lead service setting stops the site and the editor gateway too, exit status 1', async () => {
    const run = await start([])
    expect(run.output).toContain('LEAD_EMAIL_FROM must be set')
    expect(run.seen).toBeGreaterThanOrEqual(2)
    expect(run.alive).toEqual([])
    expect(run.code).toBe(1)
  })

  it('with --dev, a crash of the lead service stops the dev server npm started too', async () => {
    // Once the dev server is up: it is npm's grandchild, which outlived a kill of npm.
    const run = await start(['--dev'], { crashLeadOn: 'react-router dev' })
    expect(run.seen).toBeGreaterThanOrEqual(2)
    expect(run.alive).toEqual([])
    expect(run.code).toBe(1)
  })
})
