import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { releaseTable } from './releases.ts'
import { heldBack, holdAfterRollback, liftHold, readHold } from './rollback-hold.ts'
import { rollbackMessage, versionTime } from './rollback-message.ts'

const scratch: string[] = []
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function root(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rollback-hold-'))
  scratch.push(dir)
  return dir
}

/** History a → b → c → d, each commit's ancestors before it. */
const history = ['aaaaaaa', 'bbbbbbb', 'ccccccc', 'ddddddd']
const isAncestor = (older: string, newer: string) =>
  history.indexOf(older.slice(0, 7)) <= history.indexOf(newer.slice(0, 7))

describe('a rollback holds its commit back from publishing', () => {
  it('holds the commit rolled away from, and older ones, until the branch moves past it', () => {
    const dir = root()
    holdAfterRollback(dir, { id: 'r3', commit: 'ccccccc' }, 'r2')
    const held = readHold(dir)
    expect(held).toMatchObject([{ release: 'r3', commit: 'ccccccc' }])
    expect(heldBack(held, 'ccccccc0123456789', isAncestor)).toMatchObject({ release: 'r3' })
    expect(heldBack(held, 'bbbbbbb0123456789', isAncestor)).toMatchObject({ release: 'r3' })
    expect(heldBack(held, 'ddddddd0123456789', isAncestor)).toBeUndefined()
  })

  it('a second rollback keeps the first one held; going forward onto a held release frees it', () => {
    const dir = root()
    holdAfterRollback(dir, { id: 'r3', commit: 'ccccccc' }, 'r2')
    holdAfterRollback(dir, { id: 'r2', commit: 'bbbbbbb' }, 'r1')
    expect(readHold(dir).map((each) => each.release)).toEqual(['r3', 'r2'])
    expect(heldBack(readHold(dir), 'ccccccc', isAncestor)).toMatchObject({ release: 'r3' })
    holdAfterRollback(dir, { id: 'r1', commit: 'aaaaaaa' }, 'r3')
    expect(readHold(dir).map((each) => each.release)).toEqual(['r2', 'r1'])
  })

  it('a deploy that goes live lifts the hold', () => {
    const dir = root()
    holdAfterRollback(dir, { id: 'r3', commit: 'ccccccc' }, 'r2')
    liftHold(dir)
    expect(readHold(dir)).toEqual([])
    expect(heldBack(readHold(dir), 'ccccccc', isAncestor)).toBeUndefined()
  })

  it('--list marks the release rolled away from', () => {
    const releases = ['r2', 'r3'].map((id) => ({
      id,
      commit: id,
      builtAt: '',
      assets: [],
      state: 'good' as const,
    }))
    expect(releaseTable(releases, 'r2', [{ release: 'r3' }])).toBe(
      ['* r2  good, live', '  r3  good, rolled back'].join('\n'),
    )
  })
})

describe("the chat's word of a rollback", () => {
  it("names the version by when it was built, in the school's time zone", () => {
    expect(versionTime('2026-11-28T10:05:00Z', new Date('2026-12-01T00:00:00Z'))).toBe(
      '28 ноября, 14:05',
    )
    expect(versionTime('2025-11-28T10:05:00Z', new Date('2026-12-01T00:00:00Z'))).toBe(
      '28 ноября 2025 г., 14:05',
    )
    expect(rollbackMessage(new Date().toISOString(), { forward: false })).toMatch(
      /^⏪ Сайт возвращён к версии от \d+ [а-я]+, \d\d:\d\d\. Новые правки из редактора будут публиковаться как обычно, а отменённая версия сама на сайт не вернётся\.$/,
    )
  })
})
