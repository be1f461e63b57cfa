import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Page } from '@playwright/test'
import { pluralRu } from '#app/content/plural.ts'
import type { EditorBackend } from './editor-backend.ts'
import { openEntry, openSection, PHONE_SCREEN, readContent, save } from './editor-page.ts'
import { expect, test } from './editor-test.ts'

// What is left before the launch, in the owner's editor (docs/decisions/0084-preview-before-the-
// launch.md, 0086): the sections screen counts it, the launch screen lists every sample entry and
// stand-in fact with a link to its entry, its count the release check's own (the content check
// run here on the scratch repository, as the gateway runs it); every list marks the samples
// «Образец», and a new entry offers no «Образец» tick.

test.describe.configure({ mode: 'serial', timeout: 120_000 })
test.use({ ...PHONE_SCREEN, actionTimeout: 15_000 })

type CheckItem = { file: string; kind: string; text: string }
type GatewayItem = { path: string; kind: string; text: string }

/** The launch's items as the content check (the release check's source) lists them now. */
function checkedItems(editor: EditorBackend): CheckItem[] {
  const scratch = mkdtempSync(path.join(tmpdir(), 'it-lab-launch-check-'))
  const file = path.join(scratch, 'check.json')
  try {
    const run = spawnSync(
      process.execPath,
      [path.join(import.meta.dirname, '..', 'release', 'content-check.ts')],
      {
        encoding: 'utf8',
        env: { ...process.env, CONTENT_DIR: editor.content(''), CHECK_PROBLEMS_FILE: file },
      },
    )
    expect(run.status, run.stderr).toBe(0)
    const { launch } = JSON.parse(readFileSync(file, 'utf8')) as { launch?: CheckItem[] }
    if (!launch) throw new Error('the content check wrote no launch items')
    return launch
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

/** The gateway's own answer, as the editor asks it. */
async function gatewayItems(
  editor: EditorBackend,
  page: Page,
): Promise<{ items: GatewayItem[]; count: number }> {
  const response = await page.request.post(`${editor.url}/admin/api/v1`, {
    data: { action: 'launchBlockers', params: {} },
  })
  expect(response.status()).toBe(200)
  return (await response.json()) as { items: GatewayItem[]; count: number }
}

const points = (count: number) => `${count} ${pluralRu(count, ['пункт', 'пункта', 'пунктов'])}`

/** The entries (and facts) the release check still refuses as samples, by file. */
const SAMPLE_KINDS = new Set(['sample-entry', 'sample-words'])

/** Each entry folder of the editor with its section's name. */
const FOLDERS = {
  courses: 'Курсы',
  announcements: 'Объявления',
  groups: 'Группы',
  teachers: 'Преподаватели',
  photos: 'Фото школы',
  faq: 'Частые вопросы',
  reviews: 'Отзывы',
} as const

async function expectLaunchList(
  editor: EditorBackend,
  page: Page,
  checked: CheckItem[],
): Promise<void> {
  const answer = await gatewayItems(editor, page)
  // The gateway's list is the check's, item by item.
  expect(answer.count).toBe(checked.length)
  expect(answer.items.map(({ path: file, kind }) => ({ file, kind }))).toEqual(
    checked.map(({ file, kind }) => ({ file, kind })),
  )

  await page.goto(`${editor.url}/admin/#/`)
  const count = page.getByRole('link', {
    name: `Что осталось до запуска: ${points(checked.length)}`,
  })
  await expect(count).toBeVisible()
  await count.tap()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Что осталось до запуска' }),
  ).toBeVisible()
  await expect(page.getByText(`${points(checked.length)}: пока они есть`)).toBeVisible()
  // Every item under a link to the entry it is about, one link an entry.
  const files = [...new Set(answer.items.map(({ path: file }) => file))]
  const links = page.getByRole('main').getByRole('link')
  await expect(links).toHaveCount(files.length)
  for (const item of answer.items) {
    const link = page.locator(`main a[href="#/e/${item.path}"]`)
    await expect(link).toHaveCount(1)
    await expect(link).toContainText(item.text)
  }
}

test('the sections count what is left before the launch, and the launch screen lists each with its link', async ({
  page,
  editor,
}) => {
  const checked = checkedItems(editor)
  // The shipped content: every sample entry and every stand-in fact.
  expect(checked.length).toBeGreaterThan(10)
  expect(checked.some(({ kind }) => kind === 'sample-entry')).toBe(true)
  expect(checked.some(({ file }) => file === 'content/school.json')).toBe(true)
  await openSection(page, editor, 'Курсы')
  await expectLaunchList(editor, page, checked)

  // A fact's link opens the facts; a sample's opens it, with its «Образец» tick.
  const facts = page.locator('main a[href="#/e/content/school.json"]')
  await expect(facts).toHaveAccessibleName(/^Контакты и реквизиты /)
  await facts.tap()
  await expect(page.getByRole('heading', { level: 1, name: 'Контакты и реквизиты' })).toBeVisible()
  await page.goBack()
  const sample = checked.find(({ kind }) => kind === 'sample-entry')
  await page.locator(`main a[href="#/e/${sample?.file}"]`).tap()
  await expect(page.getByRole('checkbox', { name: 'Образец', exact: true })).toBeChecked()
})

test('every list marks its sample entries «Образец», and only those', async ({ page, editor }) => {
  const samples = new Set(
    checkedItems(editor)
      .filter(({ kind }) => SAMPLE_KINDS.has(kind))
      .map(({ file }) => file),
  )
  for (const [folder, name] of Object.entries(FOLDERS)) {
    await openSection(page, editor, name)
    const files = readdirSync(editor.content(folder)).filter((file) => file.endsWith('.json'))
    for (const file of files) {
      const entry = `content/${folder}/${file}`
      const badge = page
        .locator(`main a[href="#/e/${entry}"]`)
        .getByText('Образец', { exact: true })
      const sample = samples.has(entry) || readContent(editor, `${folder}/${file}`).sample === true
      if (sample) await expect(badge, entry).toBeVisible()
      else await expect(badge, entry).toHaveCount(0)
    }
  }
})

test('a new entry offers no «Образец» tick', async ({ page, editor }) => {
  for (const name of ['groups', 'teachers', 'photos', 'faq', 'reviews']) {
    const [shipped] = readdirSync(editor.content(name)).filter((file) => file.endsWith('.json'))
    await openEntry(page, editor, `${name}/${shipped}`)
    // A shipped sample offers it…
    await expect(page.getByRole('checkbox', { name: 'Образец', exact: true })).toBeVisible()
    await page.goto(`${editor.url}/admin/#/new/${name}`)
    await expect(page.getByRole('heading', { level: 1, name: /^Новая запись: / })).toBeVisible()
    // …a new entry never: only the shipped ones are samples.
    await expect(page.getByRole('checkbox', { name: /Образец/ })).toHaveCount(0)
    await expect(page.getByRole('note')).toHaveCount(0)
  }
})

test('a sample replaced by her own words leaves the list, one item fewer', async ({
  page,
  editor,
}) => {
  const before = checkedItems(editor)
  const file = 'content/faq/vozrast.json'
  expect(before.filter((item) => item.file === file)).toHaveLength(1)
  await openEntry(page, editor, 'faq/vozrast.json')
  await page.getByLabel('Вопрос', { exact: true }).fill('С какого возраста берёте детей?')
  await page
    .getByLabel('Ответ', { exact: true })
    .fill('С пяти лет: для младших есть Scratch Junior.')
  await page.getByRole('checkbox', { name: 'Образец', exact: true }).tap()
  await save(page)
  await expect.poll(() => readContent(editor, 'faq/vozrast.json').sample).toBe(false)

  const after = checkedItems(editor)
  expect(after).toEqual(before.filter((item) => item.file !== file))
  await expectLaunchList(editor, page, after)
  await expect(page.locator(`main a[href="#/e/${file}"]`)).toHaveCount(0)
  await openSection(page, editor, 'Частые вопросы')
  await expect(
    page.locator(`main a[href="#/e/${file}"]`).getByText('Образец', { exact: true }),
  ).toHaveCount(0)
})
