import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { PublishState } from '@it-lab/shared/publish-state'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ContentService } from './content-service.ts'
import { liveSince } from './publish-status.ts'

// Whether a save is on the site, as the editor asks the content service (`publishState`), in a
// scratch repository with the state publishing leaves (deploy/lib/editor-publish-state.ts).

const scratch = mkdtempSync(path.join(tmpdir(), 'it-lab-publish-status-'))
const repo = path.join(scratch, 'repo')
const stateFile = path.join(scratch, 'editor-publish-state.json')

function git(...args: string[]): string {
  return execFileSync('git', ['-c', 'core.hooksPath=/dev/null', ...args], {
    cwd: repo,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Редактор сайта',
      GIT_AUTHOR_EMAIL: 'editor@it-lab.local',
      GIT_COMMITTER_NAME: 'Редактор сайта',
      GIT_COMMITTER_EMAIL: 'editor@it-lab.local',
    },
  }).trimEnd()
}

/** Commits one course file; its commit. */
function save(title: string): string {
  writeFileSync(path.join(repo, 'content/courses/4.json'), `${JSON.stringify({ id: 4, title })}\n`)
  git('add', 'content')
  git('commit', '--quiet', '--message', `Правка: курс 4 — ${title}`)
  return git('rev-parse', 'HEAD')
}

let older = ''
let live = ''
let newer = ''
let newest = ''

const writeState = (state: PublishState) => writeFileSync(stateFile, JSON.stringify(state))

const service = new ContentService({
  repo,
  branch: 'main',
  identity: { name: 'Редактор сайта', email: 'editor@it-lab.local' },
  check: async () => [],
  publishStateFile: stateFile,
  warn: () => undefined,
})

const ask = (params: Record<string, unknown>) =>
  service.handle({ action: 'publishState', params: { branch: 'main', ...params } })

type Answer = {
  preview: boolean
  notice?: string
  saves: { commit: string; state: string; text: string; reasons?: string[] }[]
}
const saves = async (params: Record<string, unknown>) => {
  const answer = await ask(params)
  expect(answer.status).toBe(200)
  return answer.body as Answer
}

beforeAll(() => {
  mkdirSync(path.join(repo, 'content/courses'), { recursive: true })
  git('init', '--quiet', '--initial-branch=main')
  older = save('Python')
  live = save('Python для детей')
  newer = save('Python с нуля')
  newest = save('Python: первый шаг')
})
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('whether a save is on the site', () => {
  it('waits while publishing has left nothing', async () => {
    const answer = await saves({ commits: [older] })
    expect(answer).toEqual({
      preview: false,
      saves: [{ commit: older, state: 'waiting', text: 'Ждёт публикации' }],
    })
  })

  it('is live when the live commit has it, waits when it came after', async () => {
    const since = new Date(Date.now() - 60_000)
    writeState({
      liveCommit: live,
      liveSince: since.toISOString(),
      preview: false,
      lastRun: new Date().toISOString(),
    })
    const answer = await saves({ commits: [older, live.slice(0, 7), newer] })
    expect(answer.preview).toBe(false)
    expect(answer).not.toHaveProperty('notice')
    expect(answer.saves.map(({ commit, state }) => [commit, state])).toEqual([
      [older, 'live'],
      [live, 'live'],
      [newer, 'waiting'],
    ])
    expect(answer.saves[0]?.text).toBe(`На сайте с ${liveSince(since, new Date())}`)
    expect(answer.saves[0]?.text).toMatch(/^На сайте с \d\d:\d\d$/)
  })

  it('says why publishing refused it, in her words, and the newer save waits', async () => {
    writeState({
      liveCommit: live,
      liveSince: new Date().toISOString(),
      preview: true,
      lastRun: new Date().toISOString(),
      refused: {
        commit: newer,
        at: new Date().toISOString(),
        reasons: [
          'content/courses/4.json: поле «Цены → Разовое посещение» (prices.single): должна быть больше 0 (сейчас: 0)',
          'Кроме того, сайт не удалось обновить по технической причине. Администратор сайта получил письмо с подробностями.',
        ],
      },
    })
    const answer = await saves({ commits: [newer, newest] })
    expect(answer.preview).toBe(true)
    expect(answer.notice).toMatch(/^Сайт ещё не запущен/)
    const [refused, waiting] = answer.saves
    expect(refused).toEqual({
      commit: newer,
      state: 'refused',
      text: 'Не опубликовано: курс 4 — Python: первый шаг: поле «Цены → Разовое посещение»: должна быть больше 0 (сейчас: 0) (и ещё 1)',
      reasons: [
        'курс 4 — Python: первый шаг: поле «Цены → Разовое посещение»: должна быть больше 0 (сейчас: 0)',
        'Кроме того, сайт не удалось обновить по технической причине. Администратор сайта получил письмо с подробностями.',
      ],
    })
    expect(waiting).toEqual({ commit: newest, state: 'waiting', text: 'Ждёт публикации' })
    // Nothing she reads names a file or a field's path.
    for (const line of [refused?.text, ...(refused?.reasons ?? [])]) {
      expect(line).not.toMatch(/content\/|\.json|prices/)
    }
  })

  it("answers for a file's last save, and for the last save of all", async () => {
    writeState({
      liveCommit: newest,
      liveSince: new Date().toISOString(),
      preview: false,
      lastRun: new Date().toISOString(),
    })
    const byPath = await saves({ path: 'content/courses/4.json' })
    expect(byPath.saves).toMatchObject([{ commit: newest, state: 'live' }])
    expect((await saves({})).saves).toMatchObject([{ commit: newest, state: 'live' }])
    expect((await saves({ path: 'content/courses/5.json' })).saves).toEqual([])
  })

  it('refuses what is not a question about saves', async () => {
    for (const params of [
      { commits: ['--output=/tmp/x'] },
      { commits: ['f'.repeat(40)] },
      { commits: 'HEAD' },
      { path: '../etc/passwd' },
    ]) {
      expect((await ask(params)).status).toBe(422)
    }
  })

  it("tells the school's time: today by the clock, another day with its date", () => {
    const at = new Date('2030-03-03T10:32:00Z')
    expect(liveSince(at, new Date('2030-03-03T15:00:00Z'))).toBe('14:32')
    expect(liveSince(at, new Date('2030-03-04T15:00:00Z'))).toBe('3 марта, 14:32')
  })
})
