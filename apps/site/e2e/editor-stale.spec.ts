import { openEntry, readContent, save, watchConsole } from './editor-page.ts'
import { expect, test } from './editor-test.ts'

// Two tabs on one course (docs/decisions/0067-exact-values-in-the-editor.md): the second saves a
// new price; the first, still showing the old one, cannot overwrite it without being told, and
// keeps what she typed there.

test.describe.configure({ timeout: 180_000 })
test.use({ actionTimeout: 15_000 })

test('a stale tab cannot undo a newer saved price: it is told so and the file keeps 1700', async ({
  page: first,
  context,
  editor,
  allowConsoleError,
}) => {
  // The refused save: Chromium logs the gateway's 409 as a failed resource, nothing else.
  allowConsoleError(/status of 409/)
  await openEntry(first, editor, 'courses/4.json')
  const shipped = (readContent(editor, 'courses/4.json').prices as { basic: number }).basic
  await expect(first.getByLabel('Разовое посещение')).toHaveValue(
    shipped.toLocaleString('ru-RU').replace(/\s/g, '\u00a0'),
  )

  const second = await context.newPage()
  const secondErrors = watchConsole(second)
  await openEntry(second, editor, 'courses/4.json')
  await second.getByLabel('Разовое посещение').fill('1700')
  await save(second)
  await expect
    .poll(() => readContent(editor, 'courses/4.json'))
    .toMatchObject({ prices: { basic: 1700 } })
  const head = editor.git('rev-parse', 'HEAD')

  // The first tab still shows the old price; it changes another field and saves.
  await first.bringToFront()
  await expect(first.getByLabel('Разовое посещение')).not.toHaveValue('1700')
  await first.getByLabel('Полный курс').fill('850')
  await first.getByRole('button', { name: 'Сохранить', exact: true }).click()
  await expect(first.getByRole('alert')).toHaveText(
    'Не сохранено. Эту запись уже изменили в другой вкладке или на другом устройстве. Чтобы не стереть те изменения, обновите страницу: откроется последняя версия, и вы сможете внести правку заново.',
  )
  // Nothing was written, and what she typed is still there to type again.
  expect(editor.git('rev-parse', 'HEAD')).toBe(head)
  expect(readContent(editor, 'courses/4.json')).toMatchObject({ prices: { basic: 1700 } })
  await expect(first.getByLabel('Полный курс')).toHaveValue('850')

  // Reloaded, the tab shows the newer price, and her change saves over it.
  await openEntry(first, editor, 'courses/4.json')
  await expect(first.getByLabel('Разовое посещение')).toHaveValue('1\u00a0700')
  await first.getByLabel('Полный курс').fill('850')
  await save(first)
  await expect
    .poll(() => readContent(editor, 'courses/4.json'))
    .toMatchObject({ prices: { basic: 1700, year: 850 } })
  expect(secondErrors()).toEqual([])
})
