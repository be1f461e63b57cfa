import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { PAGE_TEXT_LIMITS as L } from '@it-lab/shared/content'
import { HOME_TEXTS } from '#app/content/home-texts.ts'
import { EDITOR_GIT, startEditorBackend, type EditorBackend } from './editor-backend.ts'
import { openEntry, publishNow } from './editor-page.ts'

// The page texts and the opening hours in the real editor (docs/decisions/0071-page-texts.md): the
// owner changes them in «Тексты страниц» and «Контакты и реквизиты», each save a commit of the
// file; a text longer than its limit is refused at the field before anything is saved.

let editor: EditorBackend

test.describe.configure({ mode: 'serial' })
test.use({ actionTimeout: 15_000 })

test.beforeAll(async () => {
  editor = await startEditorBackend()
})

test.afterAll(async () => {
  await editor.stop()
})

/** A content file of the editor's repository as it is now. */
const readContent = (file: string) =>
  JSON.parse(readFileSync(editor.content(file), 'utf8')) as Record<string, unknown>

const home = () => readContent('pages/home.json') as typeof HOME_TEXTS

test('the owner changes the home page heading and a page title: each saved to its file by the editor', async ({
  page,
}) => {
  await openEntry(page, editor, 'pages/entries/home')
  // The first «Заголовок» is the first screen's; the sections' follow it.
  const heading = page.getByLabel('Заголовок', { exact: true }).first()
  await expect(heading).toHaveValue(HOME_TEXTS.hero.heading)
  await heading.fill('Научим ребёнка программировать — в Астрахани и онлайн')
  const before = editor.git('rev-parse', 'HEAD')
  await publishNow(page)
  // The file is written, then committed: wait for the commit.
  await expect.poll(() => editor.git('rev-parse', 'HEAD')).not.toBe(before)
  expect(home().hero.heading).toBe('Научим ребёнка программировать — в Астрахани и онлайн')
  expect(editor.git('log', '-1', '--format=%ae')).toBe(EDITOR_GIT.email)
  expect(editor.git('show', '--name-only', '--format=', 'HEAD')).toBe('content/pages/home.json')
  // The rest of the file is as it was.
  expect(home().hero.tags).toEqual(HOME_TEXTS.hero.tags)
  expect(home().quiz).toEqual(HOME_TEXTS.quiz)

  await openEntry(page, editor, 'pages/entries/search')
  const title = page.getByLabel('Заголовок в поиске').nth(1)
  await expect(title).toHaveValue('Курсы программирования для детей — IT Lab, Астрахань')
  await title.fill('Все курсы для детей 5–17 лет — IT Lab, Астрахань')
  await publishNow(page)
  await expect
    .poll(() => (readContent('pages/search.json').courses as { title: string }).title)
    .toBe('Все курсы для детей 5–17 лет — IT Lab, Астрахань')
})

test('a heading longer than its limit, or with a word too long for a phone, is refused before saving', async ({
  page,
}) => {
  const head = editor.git('rev-parse', 'HEAD')
  await openEntry(page, editor, 'pages/entries/home')
  const heading = page.getByLabel('Заголовок', { exact: true }).first()
  await expect(heading).toHaveValue(home().hero.heading)
  await heading.fill('Научим '.repeat(14).trim())
  await publishNow(page)
  const rule = `Не длиннее ${L.heroHeading} знаков, и ни одного слова длиннее ${L.wordMax} букв`
  await expect(page.getByText(rule)).toBeVisible()
  await heading.fill('Научим ребёнка железнодорожникового дела')
  await publishNow(page)
  await expect(page.getByText(rule)).toBeVisible()
  expect(editor.git('rev-parse', 'HEAD')).toBe(head)
})

test('the owner adds opening hours: days by their Russian names, times as 10:00', async ({
  page,
}) => {
  await openEntry(page, editor, 'school/entries/facts')
  await page.getByRole('button', { name: 'Добавить период' }).click()
  const days = page.getByLabel('Дни', { exact: true })
  for (const day of ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница']) {
    await days.click()
    await page.getByRole('option', { name: day, exact: true }).click()
  }
  await page.getByLabel('С', { exact: true }).fill('10:00')
  await page.getByLabel('До', { exact: true }).fill('20:00')
  // A screen reader hears Russian: a chosen day's cross, not «Remove Пятница».
  await expect(page.getByRole('button', { name: 'Убрать «Пятница»' })).toBeVisible()
  const before = editor.git('rev-parse', 'HEAD')
  await publishNow(page)
  await expect.poll(() => editor.git('rev-parse', 'HEAD')).not.toBe(before)
  // Nor a field's widget («Поле «string»»), nor the message's «close» and «notification timer».
  await expect(page.getByRole('button', { name: 'Закрыть' }).first()).toBeAttached()
  const names = await page
    .locator('[aria-label]')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label')))
  expect(names.filter((name) => /^Поле «|[A-Za-z]{3}/.test(name ?? ''))).toEqual([])
  expect(readContent('school.json').openingHours).toEqual([
    {
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      opens: '10:00',
      closes: '20:00',
    },
  ])
})
