import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { EDITOR_PASSWORD, logIn, type EditorBackend } from './editor-backend.ts'
import { courseTitle, openEntry, readContent, save, watchConsole } from './editor-page.ts'
import { expect, test } from './editor-test.ts'

// The editor on the school's own server (docs/decisions/0065-editor-on-the-school-server.md): its
// login and «Выйти», a session that ends while she types, and the files it refuses as pictures,
// as the owner sees them in her editor.

/** The owner's computer: the files she picks. */
let computer = ''

// Minutes on a busy machine (a content check runs on every save); seconds on a quiet one.
test.describe.configure({ mode: 'serial', timeout: 90_000 })
test.use({ actionTimeout: 15_000 })

test.beforeAll(() => {
  computer = mkdtempSync(path.join(tmpdir(), 'it-lab-owner-files-'))
})

test.afterAll(() => {
  rmSync(computer, { recursive: true, force: true })
})

test.beforeEach(({ allowConsoleError }) => {
  // A wrong password and a save without a session: Chromium logs the gateway's 401.
  allowConsoleError(/status of 401/)
})

/** A file of `bytes` on the owner's computer. */
function file(name: string, bytes: Buffer | string): string {
  const at = path.join(computer, name)
  writeFileSync(at, bytes)
  return at
}

/** A PDF as a school's price list would be. */
const pdf = (name: string) =>
  file(name, '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< >>\n%%EOF\n')

const uploads = (editor: EditorBackend) => readdirSync(editor.content('uploads')).sort()

test('a wrong password is refused with «Неверный пароль» (401) and the editor stays closed; the right one opens it', async ({
  page,
  editor,
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
  // The editor's script, and its sections baked in, are behind the login too.
  const script = await page.request.get(`${editor.url}/admin/editor.js`, { maxRedirects: 0 })
  expect(script.status()).toBe(302)

  await expect(page.getByRole('button', { name: 'Войти' })).toBeInViewport()

  await page.setViewportSize({ width: 1280, height: 720 })
  await page.getByLabel('Пароль').fill(EDITOR_PASSWORD)
  await page.getByRole('button', { name: 'Войти' }).click()
  await expect(page).toHaveURL(new RegExp(`^${editor.url}/admin/`))
  await expect(page.getByRole('heading', { level: 1, name: 'Разделы' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Курсы', exact: true })).toBeVisible()
})

test('a .pdf and a 16 MB photo are refused at the picture field in Russian; nothing is stored or saved', async ({
  page,
  editor,
}) => {
  const before = uploads(editor)
  const head = editor.git('rev-parse', 'HEAD')
  await openEntry(page, editor, 'courses/4.json')
  await expect(page.getByRole('textbox', { name: 'Название' })).toHaveValue(courseTitle(4))
  // The editor's script reads the file and refuses it before sending it (admin/pictures.ts); the
  // gateway would refuse it in the same words.
  const picture = page.getByLabel('Заменить фото')
  await picture.setInputFiles(pdf('schedule.pdf'))
  await expect(picture).toHaveAccessibleDescription(
    /Файл «schedule\.pdf» — не картинка\. Загрузите фотографию или рисунок в формате JPG, PNG, WebP или AVIF\./,
  )
  // A JPEG's first bytes, then far more than the gateway takes.
  const huge = Buffer.alloc(16 * 1024 * 1024)
  huge.set([0xff, 0xd8, 0xff, 0xe0])
  await picture.setInputFiles(file('camera.jpg', huge))
  await expect(picture).toHaveAccessibleDescription(
    /Картинка «camera\.jpg» слишком большая: 16 МБ\. Можно до 15 МБ: уменьшите её или выберите другую\./,
  )
  // The course keeps its picture, and «Сохранить» sends nothing while the field is refused.
  await expect(page.getByRole('img', { name: 'Картинка: выбранное фото' })).toBeVisible()
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click()
  await expect(page.getByRole('alert')).toContainText('Не сохранено: 1 поле нужно исправить')

  expect(uploads(editor)).toEqual(before)
  expect(readContent(editor, 'courses/4.json')).toMatchObject({ image: '/uploads/course-4.svg' })
  expect(editor.git('rev-parse', 'HEAD')).toBe(head)
})

test('a session that ends while she types: the save is refused, «Войти снова» opens a new tab, and her text is saved after it', async ({
  page,
  editor,
  context,
}) => {
  await openEntry(page, editor, 'courses/5.json')
  await context.clearCookies()
  const title = page.getByRole('textbox', { name: 'Название' })
  await title.fill(`${courseTitle(5)} для малышей`)
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click()
  await expect(page.getByRole('alert')).toContainText('вход в редактор устарел')
  await expect(title).toHaveValue(`${courseTitle(5)} для малышей`)
  expect(readContent(editor, 'courses/5.json')).toMatchObject({ title: courseTitle(5) })

  const [login] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Войти снова' }).click(),
  ])
  const loginErrors = watchConsole(login)
  await login.getByLabel('Пароль').fill(EDITOR_PASSWORD)
  await login.getByRole('button', { name: 'Войти' }).click()
  await expect(login.getByRole('heading', { level: 1, name: 'Разделы' })).toBeVisible()
  expect(loginErrors()).toEqual([])
  await login.close()

  await expect(title).toHaveValue(`${courseTitle(5)} для малышей`)
  await save(page)
  await expect
    .poll(() => readContent(editor, 'courses/5.json').title)
    .toBe(`${courseTitle(5)} для малышей`)
})

test('after the password the editor opens at once, and «Выйти» ends the session: /admin/ asks for the password again', async ({
  page,
  editor,
}) => {
  await page.goto(`${editor.url}/admin/login`)
  await page.getByLabel('Пароль').fill(EDITOR_PASSWORD)
  await page.getByRole('button', { name: 'Войти' }).click()
  await expect(page.getByRole('heading', { name: 'Разделы' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Войти' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Выйти' }).click()
  await expect(page).toHaveURL(`${editor.url}/admin/login`)
  await expect(page.getByLabel('Пароль')).toBeVisible()

  await page.goto(`${editor.url}/admin/`)
  await expect(page).toHaveURL(`${editor.url}/admin/login`)
  const api = await page.request.post(`${editor.url}/admin/api/v1`, {
    headers: { Origin: editor.url },
    data: { action: 'entriesByFolder', params: { folder: 'content/courses' } },
  })
  expect(api.status()).toBe(401)

  // Logged in again, the editor opens where she was.
  await logIn(page, editor)
})
