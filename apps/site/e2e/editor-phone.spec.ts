import { existsSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { startEditorBackend, type EditorBackend } from './editor-backend.ts'
import {
  expectNoSidewaysScroll,
  expectOnScreen,
  openEntry,
  publishNow,
  watchConsole,
  readContent,
} from './editor-page.ts'

// The owner's everyday tasks on a phone, 390×844 (docs/decisions/0068-the-editor-on-a-phone.md):
// each screen fits the width (nothing reached by scrolling sideways) and every button she needs
// lies on the screen.

const ANNOUNCEMENT = 'announcements/2026-11-20-120000.json'

let editor: EditorBackend
let consoleErrors: () => string[]

test.describe.configure({ mode: 'serial', timeout: 180_000 })
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, actionTimeout: 15_000 })

test.beforeAll(async () => {
  editor = await startEditorBackend({
    prepare: (repo) =>
      writeFileSync(
        path.join(repo, 'content', ANNOUNCEMENT),
        JSON.stringify({ title: 'Набор в новые группы', text: 'Записывайтесь на осень.' }),
      ),
  })
})

test.afterAll(async () => {
  await editor.stop()
})

test.beforeEach(({ page }) => {
  consoleErrors = watchConsole(page)
})

test.afterEach(() => {
  expect(consoleErrors(), 'no console errors').toEqual([])
})

test('she opens a course, changes its price and publishes it', async ({ page }) => {
  await openEntry(page, editor, 'courses/entries/4')
  await expectNoSidewaysScroll(page)
  await expectOnScreen(page, 'Опубликовано')
  await page.getByLabel('Разовое посещение').fill('1600')
  await expectNoSidewaysScroll(page)
  await expectOnScreen(page, 'Опубликовать')
  await publishNow(page)
  await expect(page.getByText('Изменения сохранены')).toBeVisible()
  await expect
    .poll(() => readContent(editor, 'courses/4.json'))
    .toMatchObject({
      prices: { basic: 1600 },
    })

  // The course list, and the preview below the form.
  await page.goto(`${editor.url}/admin/#/collections/courses`)
  await expect(page.getByText('4. ', { exact: false }).first()).toBeVisible()
  await expectNoSidewaysScroll(page)
})

test('she uploads a photo for a course from the picture window', async ({ page }) => {
  const photo = path.join(editor.repo, '..', 'robotics.jpg')
  await sharp({ create: { width: 1280, height: 800, channels: 3, background: '#2f6fed' } })
    .jpeg()
    .toFile(photo)
  await openEntry(page, editor, 'courses/entries/4')
  await page.getByRole('button', { name: 'Выберите другое изображение' }).click()
  await expect(page.getByRole('button', { name: 'Загрузить картинку' })).toBeVisible()
  await expectNoSidewaysScroll(page)
  await expectOnScreen(page, 'Загрузить картинку')
  await page.locator('input[type="file"]').setInputFiles(photo)
  await expect(page.getByText('robotics.jpg')).toBeVisible()
  await expectOnScreen(page, 'Выбрать помеченные')
  await page.getByRole('button', { name: 'Выбрать помеченные' }).click()
  await expectOnScreen(page, 'Опубликовать')
  await publishNow(page)
  await expect(page.getByText('Изменения сохранены')).toBeVisible()
  await expect
    .poll(() => readContent(editor, 'courses/4.json'))
    .toMatchObject({
      image: '/uploads/robotics.jpg',
    })
  await expectNoSidewaysScroll(page)

  // Opened again before it is published: the built site has no /uploads/robotics.jpg yet, and the
  // editor shows the photo from its repository (admin/new-pictures.ts), no broken picture.
  await openEntry(page, editor, 'courses/entries/4')
  await expect
    .poll(() =>
      page.evaluate(() => [...document.images].some((image) => image.naturalWidth === 1280)),
    )
    .toBe(true)
})

test('she deletes an announcement', async ({ page }) => {
  await openEntry(page, editor, `announcements/entries/${path.basename(ANNOUNCEMENT, '.json')}`)
  await expect(page.getByLabel('Заголовок')).toHaveValue('Набор в новые группы')
  await expectNoSidewaysScroll(page)
  await expectOnScreen(page, 'Удалить запись')
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('button', { name: 'Удалить запись' }).click()
  await expect.poll(() => existsSync(editor.content(ANNOUNCEMENT))).toBe(false)
  await expectNoSidewaysScroll(page)
})
