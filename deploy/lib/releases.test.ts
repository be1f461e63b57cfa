import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  installKey,
  linkTree,
  listReleases,
  liveRelease,
  markRelease,
  readInstallKey,
  releaseTable,
  releasesToPrune,
  rollbackTarget,
  shareUnchangedFiles,
  switchTo,
  writeInstallKey,
  writeRelease,
} from './releases.ts'
import type { ReleaseInfo, ReleaseState } from './releases.ts'

const release = (id: string, state: ReleaseState): ReleaseInfo => ({
  id,
  commit: id.toLowerCase(),
  builtAt: '',
  assets: [],
  state,
})

describe('rollbackTarget', () => {
  const releases = [
    release('1', 'good'),
    release('2', 'unknown'),
    release('3', 'good'),
    release('4', 'broken'),
    release('5', 'good'),
  ]

  it('goes to the newest good release before the live one, past a broken one', () => {
    expect(rollbackTarget(releases, '5', undefined)).toEqual({ id: '3' })
    expect(rollbackTarget(releases, '3', undefined)).toEqual({ id: '1' })
  })

  it('takes a release older than the states only when no good one is left', () => {
    expect(rollbackTarget([release('1', 'unknown'), release('2', 'good')], '2')).toEqual({
      id: '1',
    })
  })

  it('has nowhere to go from the oldest release', () => {
    expect(rollbackTarget(releases, '1')).toEqual({
      problem: 'there is no good release before the live one to go back to',
    })
  })

  it('takes the release named with --to, but never a broken one or the live one', () => {
    expect(rollbackTarget(releases, '3', '5')).toEqual({ id: '5' })
    expect(rollbackTarget(releases, '5', '4')).toMatchObject({ problem: /is broken/ })
    expect(rollbackTarget(releases, '5', '5')).toMatchObject({ problem: /already live/ })
    expect(rollbackTarget(releases, '5', '9')).toMatchObject({ problem: /there is no release 9/ })
  })
})

describe('releasesToPrune', () => {
  it('keeps the last good releases after an automatic rollback, not the broken one in their place', () => {
    // 1 and 2 good; 3 refused and marked broken; 4 deployed and live.
    const releases = [
      release('1', 'good'),
      release('2', 'good'),
      release('3', 'broken'),
      release('4', 'good'),
    ]
    expect(releasesToPrune(releases, '4', 3)).toEqual([])
    const after = [...releases, release('5', 'good')]
    expect(releasesToPrune(after, '5', 3)).toEqual(['1'])
    expect(
      rollbackTarget(
        after.filter(({ id }) => id !== '1'),
        '5',
      ),
    ).toEqual({ id: '4' })
  })

  it('keeps only the newest broken release, and removes unfinished ones', () => {
    const releases = [
      release('1', 'good'),
      release('2', 'broken'),
      release('3', 'new'),
      release('4', 'broken'),
      release('5', 'good'),
    ]
    expect(releasesToPrune(releases, '5', 3)).toEqual(['2', '3'])
  })

  it('keeps the live release when it is older than all the others', () => {
    const releases = [release('1', 'good'), release('2', 'good'), release('3', 'good')]
    expect(releasesToPrune(releases, '1', 2)).toEqual(['2'])
  })
})

describe('release folders', () => {
  const roots: string[] = []
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
  })

  function root(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'releases-'))
    roots.push(dir)
    return dir
  }

  it('reads states, switches `current` and lists the live one marked', () => {
    const dir = root()
    for (const id of ['20261101T000000Z-aaa', '20261102T000000Z-bbb']) {
      mkdirSync(path.join(dir, 'releases', id), { recursive: true })
      writeRelease(dir, { ...release(id, 'new'), subject: `Правка ${id.slice(-3)}` })
    }
    // A release made before the states: no state in its file.
    const old = path.join(dir, 'releases', '20261001T000000Z-old')
    mkdirSync(old)
    writeFileSync(path.join(old, 'release.json'), JSON.stringify({ id: 'x', commit: 'old' }))
    markRelease(dir, '20261101T000000Z-aaa', 'good')
    markRelease(dir, '20261102T000000Z-bbb', 'broken', 'its lead service exited at start (1)')
    switchTo(dir, '20261101T000000Z-aaa')
    expect(liveRelease(dir)).toBe('20261101T000000Z-aaa')
    const all = listReleases(dir)
    expect(all.map(({ id, state }) => [id, state])).toEqual([
      ['20261001T000000Z-old', 'unknown'],
      ['20261101T000000Z-aaa', 'good'],
      ['20261102T000000Z-bbb', 'broken'],
    ])
    expect(releaseTable(all, liveRelease(dir)).split('\n')).toEqual([
      '  20261001T000000Z-old  unknown',
      '* 20261101T000000Z-aaa  good, live   «Правка aaa»',
      '  20261102T000000Z-bbb  broken       «Правка bbb» — its lead service exited at start (1)',
    ])
    markRelease(dir, '20261102T000000Z-bbb', 'good')
    expect(listReleases(dir)[2]).not.toHaveProperty('reason')
  })
})

describe('shareUnchangedFiles', () => {
  it('links the files that are byte for byte the same, and only those', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'share-'))
    try {
      const before = path.join(dir, '1', 'node_modules')
      const after = path.join(dir, '2', 'node_modules')
      for (const [root, changed] of [
        [before, 'old'],
        [after, 'new'],
      ] as const) {
        mkdirSync(path.join(root, 'node', 'bin'), { recursive: true })
        writeFileSync(path.join(root, 'node', 'bin', 'node'), 'the same binary')
        writeFileSync(path.join(root, 'changed.js'), changed)
      }
      writeFileSync(path.join(after, 'only-new.js'), 'x')
      expect(shareUnchangedFiles(after, before)).toBe('the same binary'.length)
      const inode = (root: string, file: string) => statSync(path.join(root, file)).ino
      expect(inode(after, 'node/bin/node')).toBe(inode(before, 'node/bin/node'))
      expect(inode(after, 'changed.js')).not.toBe(inode(before, 'changed.js'))
      expect(readFileSync(path.join(after, 'changed.js'), 'utf8')).toBe('new')
      // Once shared, a second pass has nothing left to do.
      expect(shareUnchangedFiles(after, before)).toBe(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('the packages of a release on unchanged manifests', () => {
  it('keys an install by the manifests: the same bytes, the same key; any change, another', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'key-'))
    try {
      writeFileSync(path.join(dir, 'package.json'), '{"name":"x"}')
      writeFileSync(path.join(dir, 'package-lock.json'), '{"lockfileVersion":3}')
      const manifests = ['package.json', 'package-lock.json']
      const key = installKey(dir, manifests)
      expect(installKey(dir, manifests)).toBe(key)
      writeFileSync(path.join(dir, 'package-lock.json'), '{"lockfileVersion":3,"x":1}')
      expect(installKey(dir, manifests)).not.toBe(key)
      // A release made before keys has none: it is installed as before.
      expect(readInstallKey(dir)).toBeUndefined()
      writeInstallKey(dir, key)
      expect(readInstallKey(dir)).toBe(key)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('links the live tree: every file a hard link, every symlink as it reads', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'link-'))
    try {
      const live = path.join(dir, '1', 'node_modules')
      const next = path.join(dir, '2', 'node_modules')
      mkdirSync(path.join(live, 'node', 'bin'), { recursive: true })
      mkdirSync(path.join(live, '@it-lab'), { recursive: true })
      writeFileSync(path.join(live, 'node', 'bin', 'node'), 'the binary')
      symlinkSync('../../apps/lead-bot', path.join(live, '@it-lab', 'lead-bot'))
      linkTree(live, next)
      expect(statSync(path.join(next, 'node', 'bin', 'node')).ino).toBe(
        statSync(path.join(live, 'node', 'bin', 'node')).ino,
      )
      expect(readlinkSync(path.join(next, '@it-lab', 'lead-bot'))).toBe('../../apps/lead-bot')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
