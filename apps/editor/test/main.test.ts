import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { hashPassword } from '../src/password.ts'

// The gateway as systemd runs it: one process (no decap-server or other child), which stops
// cleanly on SIGTERM.

const ROOT = path.resolve(import.meta.dirname, '../../..')
const MAIN = path.join(ROOT, 'apps/editor/src/main.ts')
const started: { child: ChildProcess; repo: string }[] = []

afterEach(() => {
  for (const { child, repo } of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    rmSync(repo, { recursive: true, force: true })
  }
})

function scratchRepo(): string {
  const repo = mkdtempSync(path.join(tmpdir(), 'it-lab-editor-main-'))
  cpSync(path.join(ROOT, 'content/school.json'), path.join(repo, 'content/school.json'))
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: repo,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@t',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@t',
      },
    })
  git('init', '--quiet', '--initial-branch=main')
  git('add', '--all')
  git('commit', '--quiet', '--message', 'content')
  return repo
}

async function start(repo: string, extra: Record<string, string> = {}) {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      EDITOR_PASSWORD_HASH: await hashPassword('пароль'),
      EDITOR_REPO: repo,
      EDITOR_ORIGIN: 'http://127.0.0.1:3000',
      EDITOR_PORT: '0',
      LOG_LEVEL: 'info',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.push({ child, repo })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return { child, output: () => output }
}

/** The child processes of `pid` (Linux). */
function childrenOf(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim()
  return text === '' ? [] : text.split(' ').map(Number)
}

it('listens as one process with no child, and exits with 0 on SIGTERM', async () => {
  const { child, output } = await start(scratchRepo())
  await expect
    .poll(output, { timeout: 60_000, interval: 100 })
    .toContain('editor gateway listening')
  expect(childrenOf(child.pid ?? 0)).toEqual([])
  child.kill('SIGTERM')
  const [code] = (await once(child, 'exit')) as [number | null]
  expect(code).toBe(0)
})

it('refuses to start on a repository that is not on EDITOR_BRANCH, naming both', async () => {
  const { child, output } = await start(scratchRepo(), { EDITOR_BRANCH: 'site' })
  const [code] = (await once(child, 'exit')) as [number | null]
  expect(code).toBe(1)
  expect(output()).toContain('is on branch main, EDITOR_BRANCH is site')
})

it('refuses to start without its settings, naming each and never the hash', async () => {
  const { child, output } = await start('/nowhere', {
    EDITOR_PASSWORD_HASH: 'not-a-hash',
    EDITOR_ORIGIN: '',
    SITE_URL: '',
  })
  const [code] = (await once(child, 'exit')) as [number | null]
  expect(code).toBe(1)
  expect(output()).toContain('EDITOR_PASSWORD_HASH must be scrypt')
  expect(output()).toContain('EDITOR_ORIGIN is required')
  expect(output()).not.toContain('not-a-hash')
})
