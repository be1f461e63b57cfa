import { readdirSync } from 'node:fs'
import { type Page } from '@playwright/test'
import type { EditorBackend } from './editor-backend.ts'
import { openEntry, openSection, PHONE_SCREEN, readContent, save } from './editor-page.ts'
import { expect, test } from './editor-test.ts'

// Questions, reviews and the school's place and licence in the owner's editor
// (docs/decisions/0076-answers-reviews-way-licence.md): each save a commit in her words; a review
// linked to another service than the one chosen is refused at its link before anything is sent,
// with the content check's own rule, which is the gateway's too.

test.describe.configure({ mode: 'serial', timeout: 120_000 })
test.use({ ...PHONE_SCREEN, actionTimeout: 15_000 })

/** The files of a content folder, each parsed. */
const folder = (editor: EditorBackend, name: string) =>
  readdirSync(editor.content(name)).map((file) => readContent(editor, `${name}/${file}`))

/** A new entry of a section, from its list's «Добавить». */
async function newEntry(
  editor: EditorBackend,
  page: Page,
  section: string,
  add: string,
): Promise<void> {
  await openSection(page, editor, section)
  await page.getByRole('link', { name: add }).tap()
  await expect(page.getByRole('button', { name: 'Сохранить', exact: true })).toBeVisible()
}

const WRONG_SITE = 'Ссылка ведёт не на «Яндекс Карты»: нужна ссылка https:// на отзыв там'
const NO_LINK = 'Нужна ссылка на этот отзыв на сайте «Яндекс Карты»'

test('a review from Яндекс Карты: a VK link is refused at its field until it is right, then saved', async ({
  page,
  editor,
}) => {
  const before = editor.git('rev-parse', 'HEAD')
  await newEntry(editor, page, 'Отзывы', 'Добавить: отзыв')
  await page.getByLabel('Текст отзыва').fill('Сыну очень нравится, ходит с удовольствием.')
  await page.getByLabel('Кто написал').fill('мама Маши, 9 лет')
  const source = page.getByLabel('Где опубликован')
  const link = page.getByLabel('Ссылка на отзыв')

  // A review given in writing takes no link; choosing Яндекс Карты asks for one at once.
  await source.selectOption({ label: 'Родитель согласился на публикацию письменно' })
  await expect(link).not.toHaveAttribute('aria-invalid')
  await source.selectOption({ label: 'Яндекс Карты' })
  await expect(link).toHaveAccessibleDescription(new RegExp(NO_LINK))
  await expect(link).toHaveAttribute('aria-invalid', 'true')

  // A VK link for a Яндекс Карты review: refused at the link as it is typed, and by «Сохранить».
  await link.fill('https://vk.com/wall-1_2')
  await expect(link).toHaveAccessibleDescription(new RegExp(WRONG_SITE))
  await page.getByLabel('Кто написал').tap()
  await page.getByRole('button', { name: 'Сохранить', exact: true }).tap()
  await expect(page.getByRole('alert')).toContainText('Не сохранено: 1 поле нужно исправить')
  await expect(link).toBeFocused()
  await expect(link).toHaveAccessibleDescription(new RegExp(WRONG_SITE))
  expect(editor.git('rev-parse', 'HEAD')).toBe(before)

  // It stays while the link is still not the review's own, and goes once it is.
  await link.fill('https://yandex.ru/search/?text=itlab')
  await expect(link).toHaveAccessibleDescription(new RegExp(WRONG_SITE))
  await link.fill('https://yandex.ru/maps/org/it_lab/1/reviews/')
  await expect(link).not.toHaveAttribute('aria-invalid')
  await expect(page.getByText(WRONG_SITE)).toHaveCount(0)
  await save(page)
  await expect.poll(() => editor.git('rev-parse', 'HEAD')).not.toBe(before)
  expect(editor.git('log', '-1', '--format=%s')).toBe('Новое: отзыв «мама Маши, 9 лет»')
  expect(folder(editor, 'reviews')).toContainEqual(
    expect.objectContaining({
      author: 'мама Маши, 9 лет',
      source: 'yandex',
      link: 'https://yandex.ru/maps/org/it_lab/1/reviews/',
      sample: false,
    }),
  )
})

test('the owner adds a question with its order', async ({ page, editor }) => {
  const before = editor.git('rev-parse', 'HEAD')
  await newEntry(editor, page, 'Частые вопросы', 'Добавить: вопрос')
  await page.getByLabel('Вопрос', { exact: true }).fill('Сколько длится занятие?')
  await page.getByLabel('Ответ', { exact: true }).fill('Первый абзац.\n\nВторой абзац.')
  await page.getByLabel('Порядок').fill('4')
  await save(page)
  await expect.poll(() => editor.git('rev-parse', 'HEAD')).not.toBe(before)
  expect(editor.git('log', '-1', '--format=%s')).toBe('Новое: вопрос «Сколько длится занятие?»')
  expect(folder(editor, 'faq')).toContainEqual(
    expect.objectContaining({
      question: 'Сколько длится занятие?',
      answer: 'Первый абзац.\n\nВторой абзац.',
      order: 4,
    }),
  )
})

test('the owner types the coordinates as the map shows them and her licence number', async ({
  page,
  editor,
}) => {
  const before = editor.git('rev-parse', 'HEAD')
  await openEntry(page, editor, 'school.json')
  await page.getByLabel('Широта (необязательно)').fill('46.351200')
  await page.getByLabel('Долгота (необязательно)').fill('48.035600')
  // The licence's «Номер», not the phone's.
  const licenceNumber = page
    .getByRole('group', { name: /^Лицензия/ })
    .getByLabel('Номер (необязательно)')
  await expect(licenceNumber).toHaveValue('[номер лицензии]')
  await licenceNumber.fill('Л035-01234-30/00123456')
  await save(page)
  await expect.poll(() => editor.git('rev-parse', 'HEAD')).not.toBe(before)
  const facts = readContent(editor, 'school.json') as {
    geo: unknown
    licence: { number: string }
  }
  expect(facts.geo).toEqual({ latitude: '46.351200', longitude: '48.035600' })
  expect(facts.licence.number).toBe('Л035-01234-30/00123456')
})
