import { existsSync, readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { courses } from '#app/content/courses.ts'
import { traitQuestion } from '#app/content/quiz-texts.ts'
import { logIn, startEditorBackend, type EditorBackend } from './editor-backend.ts'

// The owner's courses in the real editor (docs/decisions/0069-hidden-courses-quiz-data.md): she
// hides one, ticks the quiz's answers for one, and deletes one, whose picture goes with it.

let editor: EditorBackend

test.describe.configure({ mode: 'serial' })
test.use({ actionTimeout: 15_000 })

test.beforeAll(async () => {
  editor = await startEditorBackend()
})

test.afterAll(async () => {
  await editor.stop()
})

/** The answers course `id` ticks for a quiz question, as its file says now. */
function ticked(id: number, question: string): string[] {
  const quiz = courseFile(id).quiz as Record<string, string[] | null> | undefined
  return quiz?.[question] ?? []
}

/** A course file of the editor's repository as it is now; nothing while it is not (all) written. */
function courseFile(id: number): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(editor.content(`courses/${id}.json`), 'utf8')) as Record<
      string,
      unknown
    >
  } catch {
    return {}
  }
}

async function openCourse(page: Page, id: number): Promise<void> {
  if (!page.url().startsWith(`${editor.url}/admin/`)) await logIn(page, editor)
  await page.goto('about:blank')
  await page.goto(`${editor.url}/admin/#/collections/courses/entries/${id}`)
  const title = courses.find((course) => course.id === id)?.title ?? ''
  await expect(page.getByLabel('Название')).toHaveValue(title)
}

async function publishSaved(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Опубликовать', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Опубликовать сейчас' }).click()
  await expect(page.getByText('Изменения сохранены')).toBeVisible()
}

const [first, second, third] = courses
if (!first || !second || !third) throw new Error('the catalogue needs three courses')

test('«Скрыть с сайта» hides a course; switched off, it is shown again', async ({ page }) => {
  await openCourse(page, first.id)
  const hide = page.getByRole('switch', { name: 'Скрыть с сайта' })
  await expect(hide).toHaveAttribute('aria-checked', 'false')
  await hide.click()
  await publishSaved(page)
  await expect.poll(() => courseFile(first.id)).toMatchObject({ hidden: true })

  await openCourse(page, first.id)
  await expect(hide).toHaveAttribute('aria-checked', 'true')
  await hide.click()
  await publishSaved(page)
  await expect.poll(() => courseFile(first.id)).toMatchObject({ hidden: false })
})

test('a closed list item shows its own text, not «Пункт»', async ({ page }) => {
  await openCourse(page, second.id)
  const [skill] = courseFile(second.id).skills as string[]
  await expect(page.getByText(skill ?? '', { exact: true }).first()).toBeVisible()
})

test("the quiz's answers for a course are ticked by their Russian texts, and cleared", async ({
  page,
}) => {
  const interest = traitQuestion('interest')
  const [answer] = interest.options.filter(
    (option) => !ticked(second.id, 'interest').includes(option.id),
  )
  if (!answer) throw new Error(`course ${second.id} already ticks every interest`)
  await openCourse(page, second.id)
  await page.getByLabel(interest.question).fill(answer.text)
  await page.keyboard.press('Enter')
  await publishSaved(page)
  await expect.poll(() => ticked(second.id, 'interest')).toContain(answer.id)

  // Every answer of a question taken off: the file says none (null), which the site reads as none.
  const learning = traitQuestion('learning')
  await openCourse(page, second.id)
  const ticks = ticked(second.id, 'learning').length
  expect(ticks).toBeGreaterThan(0)
  // Backspace in the empty box takes off the last answer ticked.
  await page.getByLabel(learning.question).focus()
  for (let left = ticks; left > 0; left -= 1) await page.keyboard.press('Backspace')
  await publishSaved(page)
  await expect
    .poll(() => (courseFile(second.id).quiz as Record<string, unknown> | undefined)?.learning)
    .toBeNull()
})

test('«Удалить запись» deletes a course and its picture, in one commit', async ({ page }) => {
  const picture = `uploads/${third.image.replace('/uploads/', '')}`
  expect(existsSync(editor.content(picture))).toBe(true)
  const commits = Number(editor.git('rev-list', '--count', 'HEAD'))
  await openCourse(page, third.id)
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('button', { name: 'Удалить запись' }).click()
  await expect(page.getByRole('heading', { name: 'Разделы' })).toBeVisible()
  await expect.poll(() => existsSync(editor.content(`courses/${third.id}.json`))).toBe(false)
  expect(existsSync(editor.content(picture))).toBe(false)
  expect(Number(editor.git('rev-list', '--count', 'HEAD'))).toBe(commits + 1)
  expect(editor.git('show', '--name-only', '--format=', 'HEAD').split('\n').sort()).toEqual(
    [`content/courses/${third.id}.json`, `content/${picture}`].sort(),
  )
})
