import { readdirSync, readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { startEditorBackend, type EditorBackend } from './editor-backend.ts'
import { openEntry, publishNow } from './editor-page.ts'

// Questions, reviews and the school's place and licence in the real editor
// (docs/decisions/0076-answers-reviews-way-licence.md): each save a commit in the owner's words; a
// review linked to another service than the one chosen is refused by the gateway's content check.

let editor: EditorBackend

test.describe.configure({ mode: 'serial' })
test.use({ actionTimeout: 15_000 })

test.beforeAll(async () => {
  editor = await startEditorBackend()
})

test.afterAll(async () => {
  await editor.stop()
})

/** The files of a content folder, each parsed. */
const folder = (name: string) =>
  readdirSync(editor.content(name)).map(
    (file) =>
      JSON.parse(readFileSync(editor.content(`${name}/${file}`), 'utf8')) as Record<
        string,
        unknown
      >,
  )

test('the owner adds a review from Яндекс Карты: a VK link is refused, the review’s own link saved', async ({
  page,
}) => {
  const before = editor.git('rev-parse', 'HEAD')
  await openEntry(page, editor, 'reviews/new')
  await page.getByLabel('Текст отзыва').fill('Сыну очень нравится, ходит с удовольствием.')
  await page.getByLabel('Кто написал').fill('мама Маши, 9 лет')
  await page.getByLabel('Где опубликован').click()
  await page.getByRole('option', { name: 'Яндекс Карты', exact: true }).click()
  await page.getByLabel('Ссылка на отзыв').fill('https://vk.com/wall-1_2')
  // The preview draws it as the home page will, with its source's link.
  const preview = page.frameLocator('iframe')
  await expect(preview.getByText('мама Маши, 9 лет')).toBeVisible()
  await expect(preview.getByRole('link', { name: 'Отзыв на Яндекс Картах' })).toBeVisible()
  await publishNow(page)
  await expect(page.getByText(/ссылка ведёт не на «Яндекс Карты»/)).toBeVisible()
  expect(editor.git('rev-parse', 'HEAD')).toBe(before)

  const link = page.getByLabel('Ссылка на отзыв')
  // As the owner corrects it, by the keyboard: after a refused save Decap's field takes keys, and
  // Playwright's fill() (which sets the value at once) no longer reaches it.
  await link.click()
  await page.keyboard.press('Control+A')
  await page.keyboard.press('Backspace')
  await expect(link).toHaveValue('')
  await link.pressSequentially('https://yandex.ru/maps/org/it_lab/1/reviews/')
  await publishNow(page)
  await expect.poll(() => editor.git('rev-parse', 'HEAD')).not.toBe(before)
  expect(editor.git('log', '-1', '--format=%s')).toBe('Новое: отзыв «мама Маши, 9 лет»')
  expect(folder('reviews')).toContainEqual(
    expect.objectContaining({
      author: 'мама Маши, 9 лет',
      source: 'yandex',
      link: 'https://yandex.ru/maps/org/it_lab/1/reviews/',
    }),
  )
})

test('the owner adds a question with its order', async ({ page }) => {
  const before = editor.git('rev-parse', 'HEAD')
  await openEntry(page, editor, 'faq/new')
  await page.getByLabel('Вопрос', { exact: true }).fill('Сколько длится занятие?')
  await page.getByLabel('Ответ', { exact: true }).fill('Первый абзац.\n\nВторой абзац.')
  await page.getByLabel('Порядок').fill('4')
  // The preview shows the answer open, a paragraph each.
  await expect(page.frameLocator('iframe').getByText('Второй абзац.')).toBeVisible()
  await publishNow(page)
  await expect.poll(() => editor.git('rev-parse', 'HEAD')).not.toBe(before)
  expect(editor.git('log', '-1', '--format=%s')).toBe('Новое: вопрос «Сколько длится занятие?»')
  expect(folder('faq')).toContainEqual(
    expect.objectContaining({
      question: 'Сколько длится занятие?',
      answer: 'Первый абзац.\n\nВторой абзац.',
      order: 4,
    }),
  )
})

test('the owner types the coordinates as the map shows them and her licence number', async ({
  page,
}) => {
  const before = editor.git('rev-parse', 'HEAD')
  await openEntry(page, editor, 'school/entries/facts')
  await page.getByLabel('Широта').fill('46.351200')
  await page.getByLabel('Долгота').fill('48.035600')
  // The licence's «Номер», after the phone's (optional fields say «необязательно»).
  const licenceNumber = page.getByLabel(/^Номер( \(необязательно\))?$/).nth(1)
  await expect(licenceNumber).toHaveValue('[номер лицензии]')
  await licenceNumber.fill('Л035-01234-30/00123456')
  await publishNow(page)
  await expect.poll(() => editor.git('rev-parse', 'HEAD')).not.toBe(before)
  const facts = JSON.parse(readFileSync(editor.content('school.json'), 'utf8')) as {
    geo: unknown
    licence: { number: string }
  }
  expect(facts.geo).toEqual({ latitude: '46.351200', longitude: '48.035600' })
  expect(facts.licence.number).toBe('Л035-01234-30/00123456')
})
