import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import type { EditorBackend } from './editor-backend.ts'
import {
  courseTitle,
  expectNoSidewaysScroll,
  expectOnScreen,
  openEntry,
  openSection,
  readContent,
  save,
  watchConsole,
} from './editor-page.ts'
import { expect, test } from './editor-test.ts'

// The owner's everyday tasks on her phone, 390×844 by touch (docs/decisions/0086-the-owners-own-
// editor.md), found as she finds them, by role and the Russian words on the screen: a price, a
// price with a digit too many, a teacher with a photo straight from the phone's camera, a hidden
// course, a delete brought back, a change undone, two tabs on one entry; and every button and
// chip of a course's form is big enough for a thumb, with nothing wider than the screen.

const ANNOUNCEMENT = 'announcements/2026-11-20-120000.json'
const ANNOUNCEMENT_TITLE = 'Набор в новые группы'

/** The owner's phone: the files she picks. */
let phone = ''
/** A camera's photo: 3000×4000 of noise, about 5 MB as JPEG (sharp cannot shrink noise much). */
let cameraPhoto = ''

// Minutes on a busy machine (a content check runs on every save); seconds on a quiet one.
test.describe.configure({ mode: 'serial', timeout: 90_000 })
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, actionTimeout: 15_000 })

test.use({
  editorSetup: {
    prepare: (repo) =>
      writeFileSync(
        path.join(repo, 'content', ANNOUNCEMENT),
        JSON.stringify({ title: ANNOUNCEMENT_TITLE, text: 'Записывайтесь на осень.' }),
      ),
  },
})

test.beforeAll(async () => {
  phone = mkdtempSync(path.join(tmpdir(), 'it-lab-owner-phone-'))
  cameraPhoto = path.join(phone, 'IMG_20260312_140512.jpg')
  await sharp(randomBytes(3000 * 4000 * 3), { raw: { width: 3000, height: 4000, channels: 3 } })
    .jpeg({ quality: 58 })
    .toFile(cameraPhoto)
})

test.afterAll(() => {
  rmSync(phone, { recursive: true, force: true })
})

const price = (editor: EditorBackend, file: string, key = 'basic') =>
  (readContent(editor, file).prices as Record<string, number> | undefined)?.[key]

test('she changes a course’s price and saves it: «Сохранено.», and the file has the new price', async ({
  page,
  editor,
}) => {
  await openEntry(page, editor, 'courses/4.json')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(courseTitle(4))
  await expectNoSidewaysScroll(page)
  const basic = page.getByRole('textbox', { name: 'Разовое посещение' })
  await expect(basic).toHaveValue('1\u00a0500')
  await basic.fill('1600')
  await expectOnScreen(page, 'Сохранить')
  await save(page)
  await expect.poll(() => price(editor, 'courses/4.json')).toBe(1600)
  await expectNoSidewaysScroll(page)
})

test('a tenfold price asks «Точно 15 000 ₽ вместо 1 500 ₽?»: «Нет, исправлю» saves nothing, «Да, сохранить» saves', async ({
  page,
  editor,
}) => {
  await openEntry(page, editor, 'courses/5.json')
  const head = editor.git('rev-parse', 'HEAD')
  await page.getByRole('textbox', { name: 'Разовое посещение' }).fill('15 000')
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click()
  const question = page.getByRole('dialog', { name: 'Точно 15 000 ₽ вместо 1 500 ₽?' })
  await expect(question).toBeVisible()
  await expect(question).toContainText('Разовое посещение')
  await expectOnScreen(page, 'Да, сохранить')
  await expectOnScreen(page, 'Нет, исправлю')
  await question.getByRole('button', { name: 'Нет, исправлю' }).click()
  await expect(question).toBeHidden()
  // Nothing was sent: her 15 000 stays in the field to correct, the file keeps 1 500.
  await expect(page.getByRole('textbox', { name: 'Разовое посещение' })).toHaveValue('15 000')
  expect(editor.git('rev-parse', 'HEAD')).toBe(head)
  expect(price(editor, 'courses/5.json')).toBe(1500)

  // She meant it (a new price list): asked again, she says yes.
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click()
  await question.getByRole('button', { name: 'Да, сохранить' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Сохранено.' })).toBeVisible()
  await expect.poll(() => price(editor, 'courses/5.json')).toBe(15000)
  // Saved, 15 000 is the price now: a small change after it asks nothing.
  await page.getByRole('textbox', { name: 'Разовое посещение' }).fill('14 000')
  await save(page)
  await expect.poll(() => price(editor, 'courses/5.json')).toBe(14000)
})

test('she adds a teacher with a 5 MB photo from the phone: saved, the photo is in content/uploads and the teacher’s file names it', async ({
  page,
  editor,
}) => {
  expect(statSync(cameraPhoto).size).toBeGreaterThan(4_500_000)
  const before = new Set(readdirSync(editor.content('teachers')))
  await openSection(page, editor, 'Преподаватели')
  await page.getByRole('link', { name: 'Добавить: преподаватель' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Новая запись: преподаватель')
  await page.getByRole('textbox', { name: 'Имя и фамилия' }).fill('Анна Петрова')
  await expect(page.getByText('Фото не выбрано')).toBeVisible()
  await page.getByLabel('Выбрать фото').setInputFiles(cameraPhoto)
  await expect(page.getByRole('img', { name: 'Фото: выбранное фото' })).toBeVisible()
  await expect(page.getByText('Заменить фото')).toBeVisible()
  const courses = page.getByRole('group', { name: /^Ведёт курсы/ })
  await courses.getByText(`4. ${courseTitle(4)}`, { exact: true }).tap()
  await expect(courses.getByRole('checkbox', { name: `4. ${courseTitle(4)}` })).toBeChecked()
  await page
    .getByRole('textbox', { name: 'О преподавателе' })
    .fill('Ведёт Python у старших ребят: от первой программы до своего Telegram-бота.')
  await page.getByRole('textbox', { name: 'Порядок' }).fill('3')
  await expectNoSidewaysScroll(page)
  await save(page)

  const added = () => readdirSync(editor.content('teachers')).filter((file) => !before.has(file))
  await expect.poll(added).toHaveLength(1)
  const [file = ''] = added()
  const teacher = readContent(editor, `teachers/${file}`)
  expect(teacher).toMatchObject({ name: 'Анна Петрова', courses: [4], order: 3 })
  const photo = String(teacher.photo)
  expect(photo).toMatch(/^\/uploads\/img_20260312_140512-[a-z0-9]+\.jpg$/)
  expect(existsSync(editor.content(photo.replace(/^\//, '')))).toBe(true)
  // The saved entry opens at its own address, its photo shown from the gateway's preview.
  await expect(page).toHaveURL(new RegExp(`#/e/content/teachers/${file}$`))
  await expect(page.getByRole('img', { name: 'Фото: выбранное фото' })).toBeVisible()
})

test('«Скрыть с сайта» hides a course: the course list marks it «скрыт»', async ({
  page,
  editor,
}) => {
  await openEntry(page, editor, 'courses/7.json')
  const hide = page.getByRole('checkbox', { name: 'Скрыть с сайта' })
  await expect(hide).not.toBeChecked()
  await hide.check()
  await expect(page.getByText('Скрыт: на сайте его нет')).toBeVisible()
  await save(page)
  await expect.poll(() => readContent(editor, 'courses/7.json').hidden).toBe(true)

  await page.getByRole('link', { name: '← Курсы' }).click()
  const course = page.getByRole('link', { name: /^7\. Создание сайтов/ })
  await expect(course).toContainText('скрыт')
  await expect(page.getByRole('link', { name: /^6\. / })).not.toContainText('скрыт')
  await expectNoSidewaysScroll(page)
})

test('she deletes an announcement («Да, удалить»), is told where it went, and «Вернуть» in «Удалённое» brings it back', async ({
  page,
  editor,
}) => {
  await openEntry(page, editor, ANNOUNCEMENT)
  await expect(page.getByRole('textbox', { name: 'Заголовок' })).toHaveValue(ANNOUNCEMENT_TITLE)
  await expectOnScreen(page, 'Удалить запись')
  await page.getByRole('button', { name: 'Удалить запись' }).click()
  const question = page.getByRole('dialog', { name: `Удалить «${ANNOUNCEMENT_TITLE}»?` })
  await expect(question).toBeVisible()
  await expectOnScreen(page, 'Да, удалить')
  await question.getByRole('button', { name: 'Да, удалить' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Объявления' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'удалена' })).toHaveText(
    `Запись «${ANNOUNCEMENT_TITLE}» удалена. Вернуть её можно в разделе «Удалённое» в течение 90 дней.`,
  )
  await expect.poll(() => existsSync(editor.content(ANNOUNCEMENT))).toBe(false)
  await expect(page.getByRole('link', { name: ANNOUNCEMENT_TITLE })).toHaveCount(0)
  await expectNoSidewaysScroll(page)

  await page.getByRole('link', { name: '← Разделы' }).click()
  await page.getByRole('link', { name: 'Удалённое' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Удалённое' })).toBeVisible()
  const deleted = page.getByRole('listitem').filter({ hasText: ANNOUNCEMENT_TITLE })
  await expect(deleted).toContainText(`Объявление «${ANNOUNCEMENT_TITLE}»`)
  await expect(deleted).toContainText('Удалено')
  await expectNoSidewaysScroll(page)
  await deleted.getByRole('button', { name: `Вернуть: объявление «${ANNOUNCEMENT_TITLE}»` }).tap()

  await expect(page.getByRole('status').filter({ hasText: 'Вернули' })).toHaveText(
    `Вернули: объявление «${ANNOUNCEMENT_TITLE}».`,
  )
  await expect(page.getByRole('textbox', { name: 'Заголовок' })).toHaveValue(ANNOUNCEMENT_TITLE)
  expect(existsSync(editor.content(ANNOUNCEMENT))).toBe(true)
  expect(readContent(editor, ANNOUNCEMENT)).toMatchObject({ title: ANNOUNCEMENT_TITLE })
})

test('«История изменений» tells a save in words, and «Вернуть как было» → «Да, вернуть» puts the old price back', async ({
  page,
  editor,
}) => {
  await openEntry(page, editor, 'courses/6.json')
  await page.getByRole('textbox', { name: 'Разовое посещение' }).fill('1700')
  await save(page)
  await expect.poll(() => price(editor, 'courses/6.json')).toBe(1700)

  await page.getByText('История изменений', { exact: true }).click()
  const change = page
    .getByRole('listitem')
    .filter({ hasText: /Разовое посещение: 1\s500 → 1\s700\s₽/ })
    // The change's own item (its lines are items too), by who made it.
    .filter({ hasText: 'Редактор сайта' })
  await expect(change).toBeVisible()
  await expectNoSidewaysScroll(page)
  await change.getByRole('button', { name: 'Вернуть как было' }).click()
  await expect(change).toContainText('Вернуть запись к виду до этого изменения?')
  await change.getByRole('button', { name: 'Да, вернуть' }).click()

  await expect.poll(() => price(editor, 'courses/6.json')).toBe(1500)
  // The form shows the entry as it is now.
  await expect(page.getByRole('textbox', { name: 'Разовое посещение' })).toHaveValue('1\u00a0500')
  expect(editor.git('log', '-1', '--format=%s')).toMatch(/^Возврат: /)
})

test('two tabs on one entry: the second save is refused as changed in another tab, and what she typed stays', async ({
  page,
  editor,
  context,
}) => {
  const first = page
  const second = await context.newPage()
  // The refused save: Chromium logs the 409 of the gateway's answer.
  const secondErrors = watchConsole(second, [/status of 409/])
  await openEntry(first, editor, 'courses/2.json')
  await openEntry(second, editor, 'courses/2.json')

  await first.getByRole('textbox', { name: 'Разовое посещение' }).fill('1600')
  await save(first)
  await expect.poll(() => price(editor, 'courses/2.json')).toBe(1600)

  const title = second.getByRole('textbox', { name: 'Название' })
  await title.fill(`${courseTitle(2)} для начинающих`)
  await second.getByRole('button', { name: 'Сохранить', exact: true }).click()
  await expect(second.getByRole('alert')).toContainText(
    'Эту запись уже изменили в другой вкладке или на другом устройстве',
  )
  await expect(title).toHaveValue(`${courseTitle(2)} для начинающих`)
  expect(readContent(editor, 'courses/2.json')).toMatchObject({
    title: courseTitle(2),
    prices: { basic: 1600 },
  })
  expect(secondErrors()).toEqual([])
  await second.close()
})

/** Every button, chip and tick that is too low for a thumb or reaches past the screen. */
async function tapTargetsAmiss(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    return [
      ...document.querySelectorAll<HTMLElement>(
        'button, a.button, label.button, .chip, .tick, summary',
      ),
    ].flatMap((element) => {
      if (!element.checkVisibility()) return []
      const box = element.getBoundingClientRect()
      const name = `${element.tagName.toLowerCase()} «${element.textContent?.trim().slice(0, 40)}»`
      return [
        ...(box.height < 44 ? [`${name}: ${box.height} px high`] : []),
        ...(box.left < 0 || box.right > width ? [`${name}: ${box.left}–${box.right} px`] : []),
      ]
    })
  })
}

test('every button and chip of a course’s form is at least 44 px high and on the screen', async ({
  page,
  editor,
}) => {
  await openEntry(page, editor, 'courses/1.json')
  // The history's changes and the list items' buttons included.
  await page.getByText('История изменений', { exact: true }).click()
  await expect(page.getByText(/За последние 90 дней|Вернуть как было/).first()).toBeVisible()
  expect(await page.getByRole('button').count()).toBeGreaterThan(20)
  expect(await tapTargetsAmiss(page)).toEqual([])
  await expectNoSidewaysScroll(page)

  // The question before a tenfold price too.
  await page.getByRole('textbox', { name: 'Полный курс' }).fill('90')
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  expect(await tapTargetsAmiss(page)).toEqual([])
  await expectNoSidewaysScroll(page)
})
