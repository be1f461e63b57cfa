// `npm run docs:screenshots -w @it-lab/site` (after `npm run build`): the pictures of
// docs/owner-guide.md, taken in Chromium from the built editor behind the editor gateway on a
// scratch copy of content/ (nothing in the repository is written but the pictures). Every task is
// shot twice: on a computer (1280 px wide) and on a phone (390×844), as the owner meets it.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.ts'
import { EDITOR_PASSWORD, startEditorGateway } from '../harness/editor-gateway.ts'

const SITE_DIR = path.join(import.meta.dirname, '..')
const REPO = path.join(SITE_DIR, '..', '..')
const OUT = path.join(REPO, 'docs', 'owner-guide')

const SCREENS = [
  { suffix: '', viewport: { width: 1280, height: 800 }, hasTouch: false },
  { suffix: '-phone', viewport: { width: 390, height: 844 }, hasTouch: true },
]

/** Long enough for a busy machine: Decap loads every entry over the gateway. */
const WAIT = 60_000
const NEXT_YEAR = new Date().getFullYear() + 1

/** The owner's computer: the files she picks. */
const computer = mkdtempSync(path.join(tmpdir(), 'it-lab-owner-files-'))
const pdf = path.join(computer, 'прайс.pdf')
writeFileSync(pdf, '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< >>\n%%EOF\n')

const written = new Set<string>()

/**
 * A small PNG of the screen: a palette of 64 colours is plenty for an interface. Animations are
 * finished first, except with a message of Decap's on the screen: its timer is an animation, and
 * finishing it would close the message.
 */
async function shot(
  page: Page,
  name: string,
  suffix: string,
  animations: 'disabled' | 'allow' = 'disabled',
): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
  const png = await page.screenshot({ animations })
  const file = `${name}${suffix}.png`
  await sharp(png)
    .png({ palette: true, colours: 64, compressionLevel: 9 })
    .toFile(path.join(OUT, file))
  written.add(file)
  console.log(`docs/owner-guide/${file}`)
}

/** Scrolls the editor's form (its own scrolling pane) so `target` is in the middle. */
async function centre(target: Locator): Promise<void> {
  await target.waitFor({ timeout: WAIT })
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }))
}

/** Opens an entry of the editor in a fresh load, as after a tap on it in the list. */
async function open(page: Page, origin: string, hash: string): Promise<void> {
  await page.goto('about:blank')
  await page.goto(`${origin}/admin/#/collections/${hash}`)
  await page.getByText(/^Раздел «/).waitFor({ timeout: WAIT })
}

/** Waits for Decap's message and holds it on the screen: it stays while the pointer is on it. */
async function holdToast(page: Page, text: string | RegExp): Promise<void> {
  const toast = page.locator('.Toastify__toast').filter({ hasText: text })
  await toast.waitFor({ timeout: WAIT })
  await toast.hover()
}

async function publishNow(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Опубликовать', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Опубликовать сейчас' }).click()
}

/** Every task of docs/owner-guide.md on one screen size, each picture named after its task. */
async function tour(page: Page, origin: string, suffix: string): Promise<void> {
  // Logging in: the login page, a wrong password, then straight into the editor.
  await page.goto(`${origin}/admin/`)
  await page.getByLabel('Пароль').waitFor()
  await shot(page, 'login', suffix)
  await page.getByLabel('Пароль').fill('неверный пароль')
  await page.getByRole('button', { name: 'Войти' }).click()
  await page.getByRole('alert').getByText('Неверный пароль').waitFor()
  await shot(page, 'wrong-password', suffix)
  await page.getByLabel('Пароль').fill(EDITOR_PASSWORD)
  await page.getByRole('button', { name: 'Войти' }).click()
  await page.getByText('10. Нейросети и искусственный интеллект').waitFor({ timeout: WAIT })
  await shot(page, 'sections', suffix)

  // A price, the refusal of a price with kopecks, a start date, publishing.
  await open(page, origin, 'courses/entries/4')
  const price = page.getByLabel('Разовое посещение')
  await price.fill('')
  await price.pressSequentially('1600.50')
  await publishNow(page)
  const refusal = page.getByText('Только целые рубли, без копеек')
  await refusal.waitFor({ timeout: WAIT })
  await centre(refusal)
  await shot(page, 'price-refused', suffix)
  await price.fill('')
  await price.pressSequentially('1 600')
  await centre(page.getByText('Цены за занятие', { exact: true }))
  await shot(page, 'price', suffix)
  const start = page.getByLabel('Старт')
  await start.fill('')
  await start.pressSequentially(`0109${NEXT_YEAR}`)
  await centre(start)
  await shot(page, 'start-date', suffix)
  await page.getByRole('button', { name: 'Опубликовать', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Опубликовать сейчас' }).waitFor()
  await shot(page, 'publish', suffix)
  await page.getByRole('menuitem', { name: 'Опубликовать сейчас' }).click()
  await holdToast(page, 'Запись сохранена')
  await page.getByText('Изменения сохранены').waitFor({ timeout: WAIT })
  await shot(page, 'saved', suffix, 'allow')

  // The preview: the course as the site shows it (beside the form, or below it on a phone).
  const preview = page.frameLocator('iframe')
  const previewHeading = preview.getByRole('heading', { level: 1 })
  await previewHeading.waitFor({ timeout: WAIT })
  await page.getByLabel('Название').evaluate((element) => element.scrollIntoView())
  if (suffix !== '') await centre(page.locator('iframe'))
  await shot(page, 'preview', suffix)

  // A tab left open while the same course was saved elsewhere.
  const other = await page.context().newPage()
  await open(other, origin, 'courses/entries/4')
  await other.getByLabel('Полный курс').fill('850')
  await publishNow(other)
  await other.getByText('Изменения сохранены').waitFor({ timeout: WAIT })
  await other.close()
  await page.bringToFront()
  await page.getByLabel('Абонемент от 4 месяцев').fill('950')
  await publishNow(page)
  await holdToast(page, /уже изменили в другой вкладке/)
  await shot(page, 'stale-tab', suffix, 'allow')

  // A new course: its number is already suggested.
  await open(page, origin, 'courses/new')
  await page.getByLabel('Номер курса').and(page.locator('[value="11"]')).waitFor({ timeout: WAIT })
  await page.getByLabel('Название').fill('Робототехника')
  await shot(page, 'new-course', suffix)

  // Hiding a course, and its quiz answers.
  await open(page, origin, 'courses/entries/4')
  await page.getByLabel('Скрыть с сайта').check()
  await centre(page.getByText('Скрыть с сайта'))
  await shot(page, 'hide-course', suffix)
  await open(page, origin, 'courses/entries/4')
  await centre(page.getByText('Чем ребёнок любит заниматься больше всего?'))
  await shot(page, 'course-quiz', suffix)

  // Pictures: the window, a document refused, a picture in use not deleted.
  await page.goto('about:blank')
  await page.goto(`${origin}/admin/#/collections/courses`)
  await page.getByRole('button', { name: 'Картинки', exact: true }).click()
  await page.getByText('course-1.svg', { exact: true }).waitFor({ timeout: WAIT })
  await shot(page, 'pictures', suffix)
  await page.locator('input[type="file"]').setInputFiles(pdf)
  await page.getByText(/«прайс\.pdf» — не картинка/).waitFor({ timeout: WAIT })
  await shot(page, 'picture-refused', suffix)
  await page.getByRole('button', { name: 'Понятно' }).click()
  // The window shows the first pictures only until one is looked for by name.
  await page.getByPlaceholder('Найти по имени файла').fill('course-4')
  await page.getByText('course-4.svg', { exact: true }).click()
  page.once('dialog', (dialog) => void dialog.accept())
  await page.getByRole('button', { name: 'Удалить помеченные' }).click()
  await holdToast(page, /Картинку «course-4\.svg» нельзя удалить/)
  await shot(page, 'picture-in-use', suffix, 'allow')

  // An announcement with its dates, as the preview shows it.
  await open(page, origin, 'announcements/new')
  await page.getByLabel('Заголовок').fill('День открытых дверей')
  await page
    .getByLabel('Текст')
    .fill('Покажем классы и расскажем о курсах. Приходите с детьми, вход свободный.')
  await page.getByLabel('Дата события').pressSequentially(`1209${NEXT_YEAR}`)
  await page.getByLabel('Показывать до').pressSequentially(`1209${NEXT_YEAR}`)
  await preview.getByRole('heading', { name: 'День открытых дверей' }).waitFor({ timeout: WAIT })
  if (suffix !== '') await centre(page.getByLabel('Дата события'))
  await shot(page, 'announcement', suffix)

  // The school's facts: the phone and address, then the opening hours.
  await open(page, origin, 'school/entries/facts')
  await centre(page.getByLabel('Короткий номер'))
  await shot(page, 'school-facts', suffix)
  await page.getByRole('button', { name: /^Добавить период/ }).click()
  for (const day of ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница']) {
    await page.getByLabel('Дни', { exact: true }).click()
    await page.getByRole('option', { name: day, exact: true }).click()
  }
  await page.getByLabel('С', { exact: true }).fill('10:00')
  await page.getByLabel('До', { exact: true }).fill('20:00')
  await centre(page.getByLabel('С', { exact: true }))
  await shot(page, 'opening-hours', suffix)

  // The pages' own words and their search titles.
  await open(page, origin, 'pages/entries/home')
  await page.getByLabel('Надпись над заголовком').first().waitFor({ timeout: WAIT })
  await shot(page, 'page-texts', suffix)
  await open(page, origin, 'pages/entries/search')
  await page.getByLabel('Заголовок в поиске').first().waitFor({ timeout: WAIT })
  await shot(page, 'search-texts', suffix)
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
try {
  for (const { suffix, viewport, hasTouch } of SCREENS) {
    // A fresh scratch repository and browser for each size: the same starting point.
    const editor = await startEditorGateway({ buildDir: 'build' })
    const context = await browser.newContext({ viewport, hasTouch, locale: 'ru-RU' })
    try {
      await tour(await context.newPage(), editor.url, suffix)
    } finally {
      await context.close()
      await editor.stop()
    }
  }
  // Pictures of an earlier guide that no task shows any more.
  for (const file of readdirSync(OUT)) {
    if (file.endsWith('.png') && !written.has(file)) {
      rmSync(path.join(OUT, file))
      console.log(`removed docs/owner-guide/${file}`)
    }
  }
} finally {
  await browser.close()
  rmSync(computer, { recursive: true, force: true })
}
