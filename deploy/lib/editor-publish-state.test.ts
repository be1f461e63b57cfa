import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parsePublishState } from '@it-lab/shared/publish-state'
import { afterEach, describe, expect, it } from 'vitest'
import { nextPublishState, ownerReasons, publishStateRecorder } from './editor-publish-state.ts'
import { writeRelease } from './releases.ts'

const scratch: string[] = []
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'editor-publish-state-'))
  scratch.push(dir)
  return dir
}

const LIVE = 'a'.repeat(40)
const NEWER = 'b'.repeat(40)
const noon = new Date('2030-03-03T10:32:00.000Z')
const later = new Date('2030-03-03T10:40:00.000Z')

describe("publishing's state for the editor", () => {
  it('keeps the time the live commit went live until another one does', () => {
    const first = nextPublishState({
      previous: undefined,
      liveCommit: LIVE,
      preview: true,
      now: noon,
      outcome: undefined,
    })
    expect(first).toEqual({
      liveCommit: LIVE,
      liveSince: noon.toISOString(),
      preview: true,
      lastRun: noon.toISOString(),
    })
    const idle = nextPublishState({
      previous: first,
      liveCommit: LIVE,
      preview: false,
      now: later,
      outcome: undefined,
    })
    expect(idle).toMatchObject({ liveSince: noon.toISOString(), lastRun: later.toISOString() })
    expect(idle?.preview).toBe(false)
    const published = nextPublishState({
      previous: idle,
      liveCommit: NEWER,
      preview: false,
      now: later,
      outcome: { commit: NEWER, published: true, reasons: [] },
    })
    expect(published?.liveSince).toBe(later.toISOString())
  })

  it('keeps a refusal through idle runs, and drops it once an edit is published', () => {
    const refused = nextPublishState({
      previous: undefined,
      liveCommit: LIVE,
      preview: false,
      now: noon,
      outcome: { commit: NEWER, published: false, reasons: ['content/courses/4.json: цена'] },
    })
    const expected = {
      commit: NEWER,
      at: noon.toISOString(),
      reasons: ['content/courses/4.json: цена'],
    }
    expect(refused?.refused).toEqual(expected)
    const idle = nextPublishState({
      previous: refused,
      liveCommit: LIVE,
      preview: false,
      now: later,
      outcome: undefined,
    })
    expect(idle?.refused).toEqual(expected)
    const published = nextPublishState({
      previous: idle,
      liveCommit: NEWER,
      preview: false,
      now: later,
      outcome: { commit: NEWER, published: true, reasons: [] },
    })
    expect(published).not.toHaveProperty('refused')
  })

  it('is not written while nothing is live', () => {
    expect(
      nextPublishState({
        previous: undefined,
        liveCommit: undefined,
        preview: false,
        now: noon,
        outcome: undefined,
      }),
    ).toBeUndefined()
  })

  it("words a refusal as the chat does: her content's lines, a plain sentence for the rest", () => {
    const content = 'content/courses/4.json: поле «Цены» (prices.basic): должна быть больше 0'
    expect(
      ownerReasons([content, 'SITE_URL: missing'], { outside: false, operatorEmailed: true }),
    ).toEqual([
      content,
      'Кроме того, сайт не удалось обновить по технической причине. Администратор сайта получил письмо с подробностями.',
    ])
    expect(ownerReasons(['build: failed'], { outside: false, operatorEmailed: false })).toEqual([
      'Правка здесь ни при чём: сайт не удалось обновить по технической причине. Сообщите об этом администратору сайта.',
    ])
    const many = Array.from({ length: 20 }, (_, index) => `content/faq/q${index}.json: пусто`)
    expect(ownerReasons(many, { outside: false, operatorEmailed: true }).at(-1)).toBe('…и ещё 5')
    const [outside = ''] = ownerReasons([], { outside: true, operatorEmailed: true })
    expect(outside).toMatch(/^Из редактора публикуются только тексты, цены и картинки сайта/)
  })

  it('is written as the run ends: the live release by its full commit, its preview mark, the refusal', () => {
    const root = folder()
    const repo = path.join(root, 'checkout')
    mkdirSync(repo)
    const run = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: repo,
        encoding: 'utf8',
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 't',
          GIT_AUTHOR_EMAIL: 't@it-lab.test',
          GIT_COMMITTER_NAME: 't',
          GIT_COMMITTER_EMAIL: 't@it-lab.test',
        },
      }).trim()
    run('init', '--quiet', '--initial-branch=main')
    run('commit', '--quiet', '--allow-empty', '--message', 'live')
    const full = run('rev-parse', 'HEAD')
    const id = `20300303T103200Z-${full.slice(0, 7)}`
    mkdirSync(path.join(root, 'releases', id), { recursive: true })
    writeRelease(root, {
      id,
      commit: full.slice(0, 7),
      builtAt: noon.toISOString(),
      assets: [],
      state: 'good',
      preview: true,
    })
    symlinkSync(path.join('releases', id), path.join(root, 'current'))

    const file = path.join(root, 'state', 'editor.json')
    mkdirSync(path.dirname(file))
    const recorder = publishStateRecorder(root, repo, file)
    recorder.finished(NEWER, false, ['content/courses/4.json: поле «Цены»: пусто'], {
      outside: false,
      operatorEmailed: true,
    })
    recorder.write()
    const state = parsePublishState(readFileSync(file, 'utf8'))
    expect(state).toMatchObject({
      liveCommit: full,
      preview: true,
      refused: { commit: NEWER, reasons: ['content/courses/4.json: поле «Цены»: пусто'] },
    })
    // The gateway reads it as another user.
    expect(statSync(file).mode & 0o777).toBe(0o644)

    // Without EDITOR_PUBLISH_STATE: beside the releases.
    publishStateRecorder(root, repo).write()
    expect(
      parsePublishState(readFileSync(path.join(root, 'editor-publish-state.json'), 'utf8')),
    ).toMatchObject({ liveCommit: full, preview: true })
  })
})
