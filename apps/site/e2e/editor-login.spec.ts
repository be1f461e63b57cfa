import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { EDITOR_PASSWORD, logIn, startEditorBackend, type EditorBackend } from './editor-backend.ts'

// The editor on the school's own server (docs/decisions/0065-editor-on-the-school-server.md): its
// login, and the gateway's refusals as the owner sees them in the real editor.

let editor: EditorBackend
/** The owner's computer: the files she picks. */
let computer = ''

test.describe.configure({ mode: 'serial' })
test.use({ actionTimeout: 15_000 })

test.beforeAll(async () => {
  editor = await startEditorBackend()
  computer = mkdtempSync(path.join(tmpdir(), 'it-lab-owner-files-'))
})

test.afterAll(async () => {
  await editor.stop()
  rmSync(computer, { recursive: true, force: true })
})

/** A PDF as a school's price list would be. */
function pdf(name: string): string {
  const file = path.join(computer, name)
  writeFileSync(file, '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< >>\n%%EOF\n')
  return file
}

const uploads = () => readdirSync(editor.content('uploads')).sort()

test('a wrong password is refused with «Неверный пароль» (401) and the editor stays closed; the right one opens it', async ({
  page,
}) => {
  // The editor's files are behind the login, which fits a phone.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`${editor.url}/admin/`)
  await expect(page).toHaveURL(`${editor.url}/admin/login`)
  await expect(page.getByRole('heading', { name: 'Редактор сайта' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390)

  await page.getByLabel('Пароль').fill('не тот пароль')
  const answer = page.waitForResponse(
    (response) => response.url().endsWith('/admin/login') && response.request().method() === 'POST',
  )
  await page.getByRole('button', { name: 'Войти' }).click()
  expect((await answer).status()).toBe(401)
  await expect(page.getByRole('alert')).toHaveText('Неверный пароль. Попробуйте ещё раз.')
  await page.goto(`${editor.url}/admin/`)
  await expect(page).toHaveURL(`${editor.url}/admin/login`)
  const config = await page.request.get(`${editor.url}/admin/config.yml`, { maxRedirects: 0 })
  expect(config.status()).toBe(302)

  await expect(page.getByRole('button', { name: 'Войти' })).toBeInViewport()

  await page.setViewportSize({ width: 1280, height: 720 })
  await page.getByLabel('Пароль').fill(EDITOR_PASSWORD)
  await page.getByRole('button', { name: 'Войти' }).click()
  await expect(page).toHaveURL(new RegExp(`^${editor.url}/admin/`))
  await logIn(page, editor)
  await expect(page.getByRole('link', { name: /Курсы/ }).first()).toBeVisible()
})

test('a .pdf is refused as a picture with a Russian message, in the media window and in a course; nothing is stored', async ({
  page,
}) => {
  const before = uploads()
  const head = editor.git('rev-parse', 'HEAD')
  await logIn(page, editor)

  // The media window from the top bar: the editor's script reads the file and refuses it before
  // sending it (admin/pictures.ts); the gateway would refuse it in the same words.
  await page.getByRole('button', { name: 'Картинки', exact: true }).click()
  await page.locator('input[type="file"]').setInputFiles(pdf('prices.pdf'))
  await expect(
    page.getByText(
      'Файл «prices.pdf» — не картинка. Загрузите фотографию или рисунок в формате JPG, PNG, WebP или AVIF.',
      { exact: false },
    ),
  ).toBeVisible()
  await page.keyboard.press('Escape')

  // From a course the same: the file never becomes part of the entry.
  await page.goto('about:blank')
  await page.goto(`${editor.url}/admin/#/collections/courses/entries/4`)
  await expect(page.getByLabel('Название')).toHaveValue('Программирование на Python')
  await page.getByRole('button', { name: 'Выберите другое изображение' }).click()
  await page.locator('input[type="file"]').setInputFiles(pdf('schedule.pdf'))
  await expect(
    page.getByText(
      'Файл «schedule.pdf» — не картинка. Загрузите фотографию или рисунок в формате JPG, PNG, WebP или AVIF.',
    ),
  ).toBeVisible()

  expect(uploads()).toEqual(before)
  expect(existsSync(editor.content('uploads/prices.pdf'))).toBe(false)
  expect(editor.git('rev-parse', 'HEAD')).toBe(head)
})

test('a picture a course uses cannot be deleted: the message names the course', async ({
  page,
}) => {
  const head = editor.git('rev-parse', 'HEAD')
  await logIn(page, editor)
  await page.getByRole('button', { name: 'Картинки', exact: true }).click()
  // A tap while the picture window is still filling its grid can be lost (seen on a busy
  // machine): tapped again until the picture is marked, never twice once it is.
  const remove = page.getByRole('button', { name: 'Удалить помеченные' })
  await expect(async () => {
    if (await remove.isDisabled()) await page.getByText('course-4.svg', { exact: true }).click()
    await expect(remove).toBeEnabled({ timeout: 3_000 })
  }).toPass()
  page.once('dialog', (dialog) => void dialog.accept())
  await remove.click()
  await expect(
    page.getByText(
      'Картинку «course-4.svg» нельзя удалить: она нужна на сайте — курс «Программирование на Python». Сначала выберите там другую картинку.',
      { exact: false },
    ),
  ).toBeVisible()
  expect(existsSync(editor.content('uploads/course-4.svg'))).toBe(true)
  expect(editor.git('rev-parse', 'HEAD')).toBe(head)
})

test('after the password the editor opens at once, and «Выйти» ends the session: /admin/ asks for the password again', async ({
  page,
}) => {
  await page.goto(`${editor.url}/admin/login`)
  await page.getByLabel('Пароль').fill(EDITOR_PASSWORD)
  await page.getByRole('button', { name: 'Войти' }).click()
  await expect(page.getByRole('heading', { name: 'Разделы' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('button', { name: 'Войти' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Меню' }).click()
  await page.getByRole('menuitem', { name: 'Выйти' }).click()
  await expect(page).toHaveURL(`${editor.url}/admin/login`)
  await expect(page.getByLabel('Пароль')).toBeVisible()

  await page.goto(`${editor.url}/admin/`)
  await expect(page).toHaveURL(`${editor.url}/admin/login`)
  const api = await page.request.post(`${editor.url}/admin/api/v1`, {
    headers: { Origin: editor.url },
    data: { action: 'entriesByFolder', params: { branch: 'main', folder: 'content/courses' } },
  })
  expect(api.status()).toBe(401)
})
