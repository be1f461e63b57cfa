import { expect, test } from '@playwright/test'
import { startEditorBackend, type EditorBackend } from './editor-backend.ts'
import { openEntry, publishNow, watchConsole, readContent } from './editor-page.ts'

// Two tabs on one course (docs/decisions/0067-exact-values-in-the-editor.md): the second saves a
// new price; the first, still showing the old one, cannot overwrite it without being told.

let editor: EditorBackend

test.describe.configure({ timeout: 180_000 })
test.use({ actionTimeout: 15_000 })

test.beforeAll(async () => {
  editor = await startEditorBackend()
})

test.afterAll(async () => {
  await editor.stop()
})

test('a stale tab cannot undo a newer saved price: it is told so and the file keeps 1700', async ({
  page: first,
  context,
}) => {
  // The refused save: Chromium logs the 409, Decap logs the error object of the refusal it shows.
  const firstErrors = watchConsole(first, [
    /status of 409/,
    /^(?:Object|API_ERROR: Эту запись уже изменили)/,
  ])
  await openEntry(first, editor, 'courses/entries/4')
  const shipped = (readContent(editor, 'courses/4.json').prices as { basic: number }).basic
  await expect(first.getByLabel('Разовое посещение')).toHaveValue(String(shipped))

  const second = await context.newPage()
  const secondErrors = watchConsole(second)
  await openEntry(second, editor, 'courses/entries/4')
  await second.getByLabel('Разовое посещение').fill('1700')
  await publishNow(second)
  await expect(second.getByText('Изменения сохранены')).toBeVisible()
  await expect
    .poll(() => readContent(editor, 'courses/4.json'))
    .toMatchObject({ prices: { basic: 1700 } })

  // The first tab still shows the old price; it changes another field and saves.
  await expect(first.getByLabel('Разовое посещение')).toHaveValue(String(shipped))
  await first.getByLabel('Полный курс').fill('850')
  await publishNow(first)
  await expect(
    first.getByText(/Не удалось сохранить запись: Эту запись уже изменили в другой вкладке/),
  ).toBeVisible()
  expect(readContent(editor, 'courses/4.json')).toMatchObject({ prices: { basic: 1700 } })
  expect(firstErrors()).toEqual([])
  expect(secondErrors()).toEqual([])
})
