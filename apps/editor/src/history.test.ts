import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { putBackShippedSamples } from '@it-lab/content-check/shipped-fixture'
import { contentDir } from '@it-lab/shared/content'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentCheck } from './content-check.ts'
import { ContentService } from './content-service.ts'
import { developerGit } from '../test/developer-git.ts'

// The owner's own history and undo through the content service (history.ts), on a scratch
// repository holding a copy of content/, with the real content check on every return.

const scratch = mkdtempSync(path.join(tmpdir(), 'it-lab-history-'))
const repo = path.join(scratch, 'repo')
let service: ContentService

const git = developerGit(repo)

const head = () => git('rev-parse', 'HEAD')
const file = (name: string) => path.join(repo, name)
const read = (name: string) => readFileSync(file(name), 'utf8')
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
/** Prices as Intl writes them for ru-RU: a no-break space between thousands and before ₽. */
const spaced = (text: string) => text.replace(/(\d) (\d)/g, '$1\u00a0$2').replace(' ₽', '\u00a0₽')

function request(action: string, params: Record<string, unknown>) {
  return service.handle({ action, params: { branch: 'main', ...params } })
}

const errorOf = (answer: { body: unknown }) => (answer.body as { error?: string }).error ?? ''

type Item = { commit: string; at: string; who: string; subject: string; changes: string[] }

async function history(name: string): Promise<Item[]> {
  const answer = await request('history', { path: name })
  expect(answer.status).toBe(200)
  return answer.body as Item[]
}

/** Saves a course with its data changed by `edit`, as the editor does. */
async function saveCourse(name: string, edit: (course: Record<string, unknown>) => void) {
  const course = JSON.parse(read(name)) as Record<string, unknown>
  edit(course)
  const saved = await request('persistEntry', {
    dataFiles: [{ path: name, slug: path.basename(name, '.json'), raw: JSON.stringify(course) }],
    assets: [],
    options: { commitMessage: 'Update', useWorkflow: false, status: 'draft' },
  })
  expect(saved.status).toBe(200)
  return head()
}

const prices = (course: Record<string, unknown>) => course.prices as Record<string, number>
/** A course's title as the school's content has it: she may have renamed it. */
const titleOf = (name: string) => (JSON.parse(read(name)) as { title: string }).title
/** `text` as a regular expression that matches exactly it. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

beforeAll(() => {
  cpSync(contentDir(), file('content'), { recursive: true })
  putBackShippedSamples(file('content'))
  git('init', '--quiet', '--initial-branch=main')
  git('add', '--all')
  git('commit', '--quiet', '--message', 'shipped content')
  service = new ContentService({
    repo,
    branch: 'main',
    identity: { name: 'Редактор сайта', email: 'editor@it-lab.local' },
    check: contentCheck,
    warn: () => undefined,
  })
})

afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('history and «Вернуть как было»', () => {
  const course = 'content/courses/4.json'
  let shipped = ''
  let first = ''
  let second = ''

  it('lists each change of a course, newest first, in words', async () => {
    shipped = read(course)
    first = await saveCourse(course, (data) => {
      prices(data).basic = 17_500
    })
    second = await saveCourse(course, (data) => {
      prices(data).month = 1000
      data.onMainPage = false
      data.description = `${String(data.description)} Ещё одна фраза.`
      data.skills = [...(data.skills as string[]).slice(1), 'Собирать своего чат-бота']
    })

    const items = await history(course)
    expect(items.map((item) => item.commit)).toEqual([second, first, git('rev-parse', 'HEAD~2')])
    expect(items[0]).toMatchObject({
      who: 'Редактор сайта',
      subject: `Правка: курс 4 — ${titleOf(course)}`,
      changes: [
        'Описание: изменён текст',
        'Показывать на главной: да → нет',
        spaced('Цены → Абонемент на 1 месяц: 1 125 → 1 000 ₽'),
        'Чему научится ребёнок: добавлено: «Собирать своего чат-бота»; убрано: «Писать программы на Python: переменные, типы данных, условия и циклы»',
      ],
    })
    expect(items[1]?.changes).toEqual([spaced('Цены → Разовое посещение: 1 500 → 17 500 ₽')])
    expect(items[2]).toMatchObject({ who: 'developer', changes: ['Новая запись'] })
    expect(Date.parse(items[0]?.at ?? '')).toBeGreaterThan(Date.now() - 60_000)
    expect(items[0]?.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/)
  })

  it('a stale tab cannot return a version (409), and nothing changes', async () => {
    const before = head()
    const answer = await request('revert', {
      path: course,
      commit: first,
      baseIds: { [course]: sha256(shipped) },
    })
    expect(answer.status).toBe(409)
    expect(head()).toBe(before)
  })

  it('returns the course as it was before the first change, in one new commit', async () => {
    const answer = await request('revert', {
      path: course,
      commit: first,
      baseIds: { [course]: sha256(read(course)) },
    })
    expect(answer.status).toBe(200)
    expect(read(course)).toBe(shipped)
    expect(git('rev-parse', 'HEAD~1')).toBe(second)
    expect(git('show', '--name-only', '--format=%an <%ae>%n%s', 'HEAD').split('\n')).toEqual([
      'Редактор сайта <editor@it-lab.local>',
      expect.stringMatching(
        new RegExp(
          `^Возврат: курс 4 — ${literally(titleOf(course))} — ` +
            'как было до \\d\\d\\.\\d\\d\\.\\d{4} \\d\\d:\\d\\d$',
        ),
      ),
      '',
      course,
    ])
    expect(git('status', '--porcelain')).toBe('')
    const [returned] = await history(course)
    expect(returned?.changes).toContain(spaced('Цены → Разовое посещение: 17 500 → 1 500 ₽'))
    // Returned already: a second return of the same change has nothing to do.
    const again = await request('revert', { path: course, commit: first })
    expect(again.status).toBe(422)
    expect(again.body).toEqual({ error: 'Запись уже такая, какой была до этой правки.' })
  })

  it('a version the publish check refuses is not returned (422, the check’s words)', async () => {
    const data = JSON.parse(shipped) as Record<string, unknown>
    prices(data).basic = 0
    writeFileSync(file(course), JSON.stringify(data))
    git('commit', '--quiet', '--all', '--message', 'a broken price, by hand')
    writeFileSync(file(course), shipped)
    git('commit', '--quiet', '--all', '--message', 'the price mended')
    const before = head()
    const answer = await request('revert', { path: course, commit: before })
    expect(answer.status).toBe(422)
    expect(errorOf(answer)).toContain('Разовое посещение')
    // Each problem by its field too, for the editor to show there.
    expect((answer.body as { problems?: unknown }).problems).toContainEqual({
      file: course,
      field: 'prices.basic',
      message: 'цена в рублях за занятие: не меньше 1 (сейчас: 0)',
    })
    expect(head()).toBe(before)
    expect(read(course)).toBe(shipped)
  })

  it('returning the change that created an entry deletes it', async () => {
    const faq = 'content/faq/novyj.json'
    const created = await request('persistEntry', {
      // The owner's own question, in a shipped sample's words: a new entry is never a sample.
      dataFiles: [
        {
          path: faq,
          raw: JSON.stringify({
            ...(JSON.parse(read('content/faq/vozrast.json')) as object),
            sample: false,
          }),
        },
      ],
      assets: [],
      options: { useWorkflow: false },
    })
    expect(created.status).toBe(200)
    const answer = await request('revert', { path: faq, commit: head() })
    expect(answer.status).toBe(200)
    expect(existsSync(file(faq))).toBe(false)
    expect(git('show', '--name-status', '--format=', 'HEAD')).toBe(`D\t${faq}`)
  })
})

describe('deleted entries', () => {
  const course = 'content/courses/10.json'
  const picture = 'content/uploads/course-10.svg'

  it('lists a deleted course, brings it back with its picture, then lists it no more', async () => {
    const [courseBytes, pictureBytes] = [read(course), read(picture)]
    const title = titleOf(course)
    const deleted = await request('deleteFile', { path: course, options: {} })
    expect(deleted.status).toBe(200)
    const deletion = head()
    expect(git('show', '--name-only', '--format=', 'HEAD').split('\n').sort()).toEqual([
      course,
      picture,
    ])

    const listed = await request('deletedEntries', {})
    expect(listed.status).toBe(200)
    expect(listed.body).toEqual([
      {
        path: course,
        commit: deletion,
        at: expect.stringMatching(/Z$/),
        who: 'Редактор сайта',
        title: `курс «${title}»`,
      },
      // The faq entry the test above created, then took back.
      expect.objectContaining({ path: 'content/faq/novyj.json' }),
    ])

    const notDeleting = await request('restoreEntry', {
      path: course,
      commit: git('rev-parse', 'HEAD~1'),
    })
    expect(notDeleting.status).toBe(422)

    const restored = await request('restoreEntry', { path: course, commit: deletion })
    expect(restored.status).toBe(200)
    expect(read(course)).toBe(courseBytes)
    expect(read(picture)).toBe(pictureBytes)
    expect(git('show', '--name-only', '--format=%s', 'HEAD').split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^Возврат: курс 10 — ${literally(title)} — как было до `)),
      '',
      course,
      picture,
    ])
    expect(git('status', '--porcelain')).toBe('')
    const paths = (await request('deletedEntries', {})).body as { path: string }[]
    expect(paths.map((entry) => entry.path)).toEqual(['content/faq/novyj.json'])

    const twice = await request('restoreEntry', { path: course, commit: deletion })
    expect(twice.status).toBe(409)
    expect(errorOf(twice)).toMatch(/^Вернуть запись нельзя: в этом разделе снова есть запись/)
  })
})

describe('only its own entries, only changes of the branch', () => {
  it.each([
    'package.json',
    'content/../package.json',
    'content/courses/../school.json',
    'content/courses/1.json/',
    'content/uploads/course-1.svg',
    ':(glob)content/**',
    '--output=/tmp/x',
    'content',
  ])('the history of %s is refused (422)', async (name) => {
    const answer = await request('history', { path: name })
    expect(answer.status).toBe(422)
    expect(errorOf(answer)).toBe('История правок есть только у записей и разделов редактора.')
  })

  it('a hostile path or commit id returns nothing and changes nothing (422)', async () => {
    const course = 'content/courses/4.json'
    const touching = git('log', '--format=%H', '--max-count=1', '--', course)
    const elsewhere = git('log', '--format=%H', '--max-count=1', '--', 'content/faq/novyj.json')
    // A commit of the repository that the branch does not hold.
    const stray = git('commit-tree', 'HEAD^{tree}', '-p', 'HEAD', '-m', 'not on the branch')
    const before = head()
    const refused = [
      { path: course, commit: stray },
      { path: course, commit: elsewhere },
      { path: course, commit: touching.toUpperCase() },
      { path: course, commit: touching.slice(0, 12) },
      { path: course, commit: 'HEAD~1' },
      { path: course, commit: `--output=${path.join(scratch, 'written')}` },
      { path: course, commit: '0'.repeat(40) },
      { path: course, commit: git('rev-parse', 'HEAD^{tree}') },
      { path: course },
      { path: 'package.json', commit: touching },
      { path: 'content/courses/../courses/4.json', commit: touching },
      { path: ':(literal)content/courses/4.json', commit: touching },
    ]
    for (const params of refused) {
      for (const action of ['revert', 'restoreEntry']) {
        const answer = await request(action, params)
        expect(answer.status, `${action} ${JSON.stringify(params)}`).toBe(422)
        expect(errorOf(answer)).toMatch(/^(Такой правки в истории|История правок есть только)/)
      }
    }
    expect(errorOf(await request('revert', { path: course, commit: stray }))).toBe(
      'Такой правки в истории этой записи нет. Обновите страницу и выберите снова.',
    )
    expect(head()).toBe(before)
    expect(git('status', '--porcelain')).toBe('')
    expect(existsSync(path.join(scratch, 'written'))).toBe(false)
  })

  it('a single section is returned, never deleted', async () => {
    const school = 'content/school.json'
    const created = git('log', '--format=%H', '--reverse', '--', school).split('\n')[0] ?? ''
    const answer = await request('revert', { path: school, commit: created })
    expect(answer.status).toBe(422)
    expect(existsSync(file(school))).toBe(true)
    expect((await request('restoreEntry', { path: school, commit: created })).status).toBe(422)
  })
})
