// One deploy, rollback or publish at a time on a server (docs/decisions/0062-one-lock-and-the-branch.md):
// a lock file in DEPLOY_ROOT holding who took it (pid, command, start time). A lock whose process
// is gone (killed, the server rebooted) is stale and taken over. A process started by the holder
// (publish runs the deploy) inherits it through DEPLOY_LOCK_TOKEN.
import { randomUUID } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { processAlive } from '@it-lab/shared/process-alive'

export const LOCK_TOKEN_ENV = 'DEPLOY_LOCK_TOKEN'

export interface LockHolder {
  pid: number
  command: string
  startedAt: string
  token: string
}

export const lockFile = (root: string) => path.join(root, 'deploy.lock')

function readHolder(file: string): LockHolder | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockHolder
  } catch {
    return undefined
  }
}

/** "pid 123 (npm run publish), since 2026-11-25T21:00:00Z" */
export const describeHolder = (holder: LockHolder) =>
  `pid ${holder.pid} (${holder.command}), since ${holder.startedAt.replace(/\.\d+Z$/, 'Z')}`

type LockAttempt =
  { taken: true; token: string; release: () => void } | { taken: false; holder: LockHolder }

/** One try: the lock, or who holds it. */
export function tryLock(root: string, command: string): LockAttempt {
  mkdirSync(root, { recursive: true })
  const file = lockFile(root)
  const inherited = process.env[LOCK_TOKEN_ENV]
  const current = readHolder(file)
  if (inherited && current?.token === inherited) {
    return { taken: true, token: inherited, release: () => undefined }
  }
  const holder: LockHolder = {
    pid: process.pid,
    command,
    startedAt: new Date().toISOString(),
    token: randomUUID(),
  }
  // Written whole under a name of its own, then linked in: link fails when the lock exists, so
  // no one ever reads a half-written lock.
  const mine = `${file}.${process.pid}`
  writeFileSync(mine, `${JSON.stringify(holder)}\n`)
  try {
    linkSync(mine, file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    const other = readHolder(file)
    if (other && processAlive(other.pid)) return { taken: false, holder: other }
    takeOverStale(file, other)
    return tryLock(root, command)
  } finally {
    rmSync(mine, { force: true })
  }
  return {
    taken: true,
    token: holder.token,
    release: () => {
      if (readHolder(file)?.token === holder.token) rmSync(file, { force: true })
    },
  }
}

/**
 * Moves a stale lock aside; if what was moved is not the stale lock seen (another process took
 * over meanwhile), it is put back. A lock that cannot be read (empty after a crash) is stale.
 */
function takeOverStale(file: string, seen: LockHolder | undefined): void {
  const aside = `${file}.stale-${process.pid}`
  try {
    renameSync(file, aside)
  } catch {
    return // Gone already: someone else took it over.
  }
  const moved = readHolder(aside)
  if (moved && seen && moved.token !== seen.token) {
    try {
      linkSync(aside, file)
    } catch {
      // Another lock is there now: it wins, and this one's holder finds its lock replaced.
    }
  }
  rmSync(aside, { force: true })
}

/**
 * Takes the lock, waiting up to `waitMs` for the holder to finish (told once through `onWait`);
 * undefined when it is still held then.
 */
export async function takeLock(
  root: string,
  command: string,
  { waitMs, onWait }: { waitMs: number; onWait: (holder: LockHolder) => void },
): Promise<{ token: string; release: () => void } | { holder: LockHolder }> {
  const until = Date.now() + waitMs
  let told = false
  for (;;) {
    const attempt = tryLock(root, command)
    if (attempt.taken) return attempt
    if (Date.now() >= until) return { holder: attempt.holder }
    if (!told) onWait(attempt.holder)
    told = true
    await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, until - Date.now())))
  }
}
