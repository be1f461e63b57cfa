import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lockFile, LOCK_TOKEN_ENV, takeLock, tryLock } from './lock.ts'
import type { LockHolder } from './lock.ts'

describe('the deploy lock', () => {
  const roots: string[] = []
  afterEach(() => {
    vi.unstubAllEnvs()
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
  })

  function root(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'deploy-lock-'))
    roots.push(dir)
    return dir
  }

  it('is held by one process at a time and says who holds it', () => {
    const dir = root()
    const first = tryLock(dir, 'npm run publish')
    expect(first.taken).toBe(true)
    const second = tryLock(dir, 'npm run deploy')
    expect(second).toMatchObject({
      taken: false,
      holder: { pid: process.pid, command: 'npm run publish' },
    })
    if (first.taken) first.release()
    expect(existsSync(lockFile(dir))).toBe(false)
    expect(tryLock(dir, 'npm run deploy').taken).toBe(true)
  })

  it('is taken over when its process is gone', () => {
    const dir = root()
    // The pid of a process that has exited: a deploy killed, or the server rebooted.
    const gone = spawnSync(process.execPath, ['-e', '']).pid
    const stale: LockHolder = { pid: gone, command: 'npm run deploy', startedAt: '', token: 'x' }
    writeFileSync(lockFile(dir), JSON.stringify(stale))
    const attempt = tryLock(dir, 'npm run publish')
    expect(attempt.taken).toBe(true)
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8'))).toMatchObject({
      pid: process.pid,
      command: 'npm run publish',
    })
  })

  it('is shared with the deploy a publish runs, through the token', () => {
    const dir = root()
    const publish = tryLock(dir, 'npm run publish')
    if (!publish.taken) throw new Error('not taken')
    vi.stubEnv(LOCK_TOKEN_ENV, publish.token)
    const deploy = tryLock(dir, 'npm run deploy')
    expect(deploy.taken).toBe(true)
    if (deploy.taken) deploy.release()
    // The child's release leaves the parent's lock in place.
    expect(existsSync(lockFile(dir))).toBe(true)
    vi.stubEnv(LOCK_TOKEN_ENV, 'another')
    expect(tryLock(dir, 'npm run deploy').taken).toBe(false)
  })

  it('waits for the holder to finish, then takes it; or gives up after the limit', async () => {
    const dir = root()
    const held = tryLock(dir, 'npm run publish')
    if (!held.taken) throw new Error('not taken')
    expect(await takeLock(dir, 'npm run deploy', { waitMs: 0, onWait: () => undefined })).toEqual({
      holder: expect.objectContaining({ command: 'npm run publish' }),
    })
    const told: string[] = []
    const waiting = takeLock(dir, 'npm run deploy', {
      waitMs: 120_000,
      onWait: (holder) => {
        told.push(holder.command)
        held.release()
      },
    })
    expect(await waiting).toHaveProperty('token')
    expect(told).toEqual(['npm run publish'])
  })
})
