import { vi } from 'vitest'
import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { promisify } from 'node:util'
import type * as Shared from '@it-lab/shared'
import type { GroupEntry } from '@it-lab/shared'
import { madeUpGroup } from '@it-lab/shared/test/made-up-group'
import type { Cli } from '../cli/io.ts'
import { compileCacheEnv } from '../harness/service.ts'
import { REPO_ROOT } from '../src/config.ts'
import type { Log } from '../src/log.ts'

/**
 * A RAM-backed folder where there is one: fsync costs nothing there, for tests of timing and
 * order (the outbox's pacing) rather than of durability, which would otherwise wait on the disk.
 */
export const MEMORY_DIR = existsSync('/dev/shm') ? '/dev/shm' : tmpdir()

/** A fresh folder under `root` (the OS temp dir); call the returned function to remove it. */
export function tempDir(
  prefix = 'lead-bot-',
  root = tmpdir(),
): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(root, prefix))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

export interface RecordingLog extends Log {
  entries: { level: 'info' | 'warn' | 'error'; details: object; message: string }[]
}

/** A logger that keeps entries in memory, so tests stay quiet and can look at them. */
export function recordingLog(): RecordingLog {
  const entries: RecordingLog['entries'] = []
  return {
    entries,
    info: (details, message) => void entries.push({ level: 'info', details, message }),
    warn: (details, message) => void entries.push({ level: 'warn', details, message }),
    error: (details, message) => void entries.push({ level: 'error', details, message }),
  }
}

export interface ScriptRun {
  code: number
  stdout: string
  stderr: string
}

/**
 * Runs one of the service's scripts (`node scripts/….ts`) from the repo root, as its npm script
 * does, with only `env` (and PATH): its exit code and output, whether it succeeded or not.
 */
export async function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  options: { uid?: number; gid?: number; cwd?: string } = {},
): Promise<ScriptRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [script, ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', ...compileCacheEnv(), ...env },
      ...options,
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as ScriptRun
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

/**
 * Runs a CLI's `run()` in this process, as runScript runs its file (from the repo root, with only
 * `env` and PATH): its exit code and output. A process costs a test ~0.5 s; a call, milliseconds.
 */
export async function runCli(
  run: Cli,
  args: string[],
  env: Record<string, string>,
  options: { cwd?: string } = {},
): Promise<ScriptRun> {
  const output = { stdout: '', stderr: '' }
  const sink = (name: keyof typeof output) =>
    new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        output[name] += String(chunk)
        done()
      },
    })
  const uid = process.getuid?.()
  const code = await run(
    args,
    { PATH: process.env.PATH ?? '', INIT_CWD: options.cwd ?? REPO_ROOT, ...env },
    { stdout: sink('stdout'), stderr: sink('stderr') },
  )
  // `--env-file` run by root becomes the database's owner: a test of that must spawn (runScript).
  if (process.getuid?.() !== uid) throw new Error('the CLI changed the user of the test process')
  return { code, ...output }
}

/**
 * `vi.waitFor` with room for a loaded machine: the service's timers and sockets run on the same two
 * cores as the linter and the type checker in `npm run check`, and at load 17 a wait of a second
 * took over ten. It returns as soon as the check passes, so the room costs a passing test nothing.
 */
export function eventually<T>(check: () => T | Promise<T>, timeout = 60_000): Promise<T> {
  return vi.waitFor(check, { timeout, interval: 20 })
}

/**
 * @it-lab/shared with one group of the tests' own, on the first course shown, in place of the
 * school's: the shipped sample groups are gone once the school launches
 * (docs/decisions/0053-tests-read-the-data.md). For `vi.mock(import('@it-lab/shared'), …)`.
 */
export function withMadeUpGroup(shared: typeof Shared): typeof Shared {
  const group: GroupEntry = {
    id: 'python-tuesday',
    course: shared.COURSE_CATALOGUE[0]?.id ?? 0,
    days: ['Tuesday', 'Thursday'],
    start: '18:00',
    end: '19:30',
    ageMin: 14,
    ageMax: 17,
    format: 'Оффлайн',
    place: 'кабинет 2',
    startDate: '',
    seats: 2,
    teacher: '',
    sample: false,
  }
  return {
    ...shared,
    GROUPS: [group],
    groupEntry: (id) => (id === group.id ? group : undefined),
    courseGroups: (course) => (course === group.course ? [group] : []),
  }
}

/**
 * A made-up group meeting on Saturdays at 10:00–11:30 (course 4, ages 10–14, 3 places free), with
 * `extra` over it, and the lookup the service takes for its groups: the trials' tests book into it
 * whatever the school's content (docs/decisions/0053-tests-read-the-data.md).
 */
export function madeUpSaturdays(extra: Partial<GroupEntry> = {}): {
  group: GroupEntry
  groupOf: (id: string) => GroupEntry | undefined
} {
  const group = madeUpGroup({ place: 'кабинет 2', ...extra })
  return { group, groupOf: (id) => (id === group.id ? group : undefined) }
}
