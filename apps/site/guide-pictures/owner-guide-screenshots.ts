// `npm run docs:screenshots -w @it-lab/site` (after `npm run build:e2e -w @it-lab/site`): the
// pictures of docs/owner-guide.md, taken in Chromium from the e2e build's editor behind the real
// editor gateway (harness/editor-gateway.ts) on a scratch copy of content/; nothing in the
// repository is written but the pictures. Every task is shot on a phone (390×844, touch), as the
// owner meets it; a few on a computer too (1280×800, `-desktop`). Pictures no task makes any more
// are deleted, and the run fails when the guide links a picture it did not make or leaves one of
// them out (owner-guide-pictures.ts, also a unit test).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.ts'
import {
  EDITOR_PASSWORD,
  startEditorGateway,
  type EditorGateway,
} from '../harness/editor-gateway.ts'
import {
  GUIDE,
  GUIDE_PICTURES,
  guidePictureProblems,
  linkedPictures,
} from './owner-guide-pictures.ts'

const BUILD_DIR = process.env.E2E_BUILD_DIR ?? 'build-e2e'

const PHONE = { suffix: '-phone', viewport: { width: 390, height: 844 }, hasTouch: true }
const DESKTOP = { suffix: '-desktop', viewport: { width: 1280, height: 800 }, hasTouch: false }
type Screen = typeof PHONE

/** The tasks also shown on a computer: how the editor looks on a wide screen. */
const ON_DESKTOP = new Set(['sections', 'price'])

/** Long enough for a busy machine: a save runs the content check. */
const WAIT = 60_000
const NEXT_YEAR = new Date().getFullYear() + 1

/** The owner's computer: the files she picks. */
const computer = mkdtempSync(path.join(tmpdir(), 'it-lab-owner-files-'))
const pdf = path.join(computer, 'прайс.pdf')
writeFileSync(pdf, '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< >>\n%%EOF\n')

/**
 * What publishing leaves for the gateway (packages/shared/src/publish-state.ts), as on a site
 * deployed as a preview before the launch (docs/decisions/0084): the gateway of these runs reads
 * it through EDITOR_PUBLISH_STATE, and `publish()` plays a publishing run.
 */
const publishState = path.join(computer, 'editor-publish-state.json')
process.env.EDITOR_PUBLISH_STATE = publishState

function publish(editor: EditorGateway): void {
  const now = new Date().toISOString()
  const state = { liveCommit: editor.git('rev-parse', 'HEAD'), liveSince: now, preview: true }
  writeFileSync(publishState, `${JSON.stringify({ ...state, lastRun: now })}\n`)
}

const written = new Set<string>()

/** A small PNG of the screen: a palette of 64 colours is plenty for an interface. */
async function shot(page: Page, name: string, screen: Screen): Promise<void> {
  if (screen !== PHONE && !ON_DESKTOP.has(name)) return
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide' })
  const file = `${name}${screen.suffix}.png`
  await sharp(png)
    .png({ palette: true, colours: 64, compressionLevel: 9 })
    .toFile(path.join(GUIDE_PICTURES, file))
  written.add(file)
  console.log(`docs/owner-guide/${file}`)
}

/** Scrolls the page so `target` is at the top of the screen, under a little of what is above. */
async function top(target: Locator): Promise<void> {
  await target.waitFor({ timeout: WAIT })
  await target.evaluate((element) => {
    element.scrollIntoView({ block: 'start' })
    window.scrollBy(0, -16)
  })
}

/** Scrolls the page so `target` is in the middle of the screen. */
async function centre(target: Locator): Promise<void> {
  await target.waitFor({ timeout: WAIT })
  await target.evaluate((element) => element.scrollIntoView({ block: 'center' }))
}

/** Opens an entry or single file (`courses/4.json`) in a fresh load, as after a tap on it. */
async function open(page: Page, editor: EditorGateway, file: string): Promise<void> {
  await page.goto('about:blank')
  await page.goto(`${editor.url}/admin/#/e/content/${file}`)
  await save(page).waitFor({ timeout: WAIT })
}

/** Opens a section's list from «Разделы», as she does. */
async function section(page: Page, editor: EditorGateway, label: string): Promise<void> {
  await page.goto('about:blank')
  await page.goto(`${editor.url}/admin/#/`)
  await page.getByRole('link', { name: label, exact: true }).click()
  await page.getByRole('heading', { level: 1, name: label }).waitFor({ timeout: WAIT })
}

const save = (page: Page) => page.getByRole('button', { name: 'Сохранить', exact: true })

/** «Сохранить», and the editor's word that it is saved. */
async function saved(page: Page): Promise<void> {
  await save(page).click()
  await page.getByText('Сохранено. На сайте правка появится').waitFor({ timeout: WAIT })
}

/** A field's text typed as her thumb types it (the field reads each change). */
async function type(field: Locator, text: string): Promise<void> {
  await field.fill('')
  await field.pressSequentially(text)
}

/** Every task of docs/owner-guide.md on one screen size, each picture named after its task. */
async function tour(page: Page, editor: EditorGateway, screen: Screen): Promise<void> {
  const origin = editor.url

  // Logging in: the login page, a wrong password, then «Разделы» with what is left to launch.
  await page.goto(`${origin}/admin/`)
  await page.getByLabel('Пароль').waitFor()
  await shot(page, 'login', screen)
  await page.getByLabel('Пароль').fill('неверный пароль')
  await page.getByRole('button', { name: 'Войти' }).click()
  await page.getByRole('alert').getByText('Неверный пароль').waitFor()
  await shot(page, 'wrong-password', screen)
  await page.getByLabel('Пароль').fill(EDITOR_PASSWORD)
  await page.getByRole('button', { name: 'Войти' }).click()
  await page.getByRole('heading', { name: 'Разделы' }).waitFor({ timeout: WAIT })
  const launch = page.getByRole('link', { name: /^Что осталось до запуска/ })
  await launch.waitFor({ timeout: WAIT })
  await shot(page, 'sections', screen)
  await launch.click()
  await page.getByText(/пока они есть, сайт работает как предпросмотр/).waitFor({ timeout: WAIT })
  await shot(page, 'launch', screen)

  // A group list: what tells groups apart, and the samples' marks.
  await section(page, editor, 'Группы')
  await page.locator('.sample-badge').first().waitFor({ timeout: WAIT })
  await shot(page, 'groups', screen)
  await open(page, editor, 'groups/python-saturday.json')
  await shot(page, 'group', screen)
  await top(page.locator('.field', { has: page.getByLabel('Свободных мест') }))
  await shot(page, 'sample', screen)

  // A price refused, then a price and a start date, saved; then live after a publishing run.
  await open(page, editor, 'courses/4.json')
  const basic = page.getByLabel('Разовое посещение')
  const prices = page.locator('fieldset', { has: basic })
  await type(basic, '1600.50')
  const refusal = page.getByText('Только целые рубли, без копеек')
  await refusal.waitFor({ timeout: WAIT })
  await top(prices)
  await shot(page, 'price-refused', screen)
  await type(basic, '1 600')
  await refusal.waitFor({ state: 'detached' })
  // The prices with how they are counted: per lesson or per month.
  await top(page.locator('.field', { has: page.getByLabel('Цены абонементов') }))
  await shot(page, 'price', screen)
  // On a computer the editor is the same column: its look is shown up to here.
  if (screen !== PHONE) return
  const start = page.getByLabel(/^Старт/)
  await type(start, `0109${NEXT_YEAR}`)
  await top(page.locator('.field', { has: start }))
  await shot(page, 'start-date', screen)
  await saved(page)
  await page.getByText('Ждёт публикации').waitFor({ timeout: WAIT })
  await centre(page.getByText('Ждёт публикации'))
  await shot(page, 'saved', screen)
  publish(editor)
  await open(page, editor, 'courses/4.json')
  await page.getByText(/^На сайте с /).waitFor({ timeout: WAIT })
  await shot(page, 'live', screen)

  // The question before a price ten times higher.
  await type(basic, '16000')
  await save(page).click()
  await page.getByRole('dialog').waitFor({ timeout: WAIT })
  await shot(page, 'price-question', screen)
  await page.getByRole('button', { name: 'Нет, исправлю' }).click()
  await type(basic, '1 700')
  await saved(page)

  // A tab left open while the same course was saved elsewhere.
  await open(page, editor, 'courses/4.json')
  const other = await page.context().newPage()
  await open(other, editor, 'courses/4.json')
  await type(other.getByLabel('Полный курс'), '850')
  await saved(other)
  await other.close()
  await page.bringToFront()
  await type(page.getByLabel('Абонемент от 4 месяцев'), '950')
  await save(page).click()
  const stale = page.getByText(/уже изменили в другой вкладке/)
  await stale.waitFor({ timeout: WAIT })
  await centre(stale)
  await shot(page, 'stale-tab', screen)

  // The quiz's answers as chips, a picture refused, a course hidden.
  await open(page, editor, 'courses/4.json')
  await top(page.getByRole('group', { name: 'Тест для родителей' }))
  await shot(page, 'course-quiz', screen)
  const picture = page.locator('.picture img')
  await picture.waitFor({ timeout: WAIT })
  await top(page.getByText('Картинка', { exact: true }))
  await shot(page, 'picture', screen)
  await page.getByLabel('Заменить фото').setInputFiles(pdf)
  await page.getByText(/«прайс\.pdf» — не картинка/).waitFor({ timeout: WAIT })
  await top(page.getByText('Картинка', { exact: true }))
  await shot(page, 'picture-refused', screen)
  await open(page, editor, 'courses/4.json')
  await page.getByLabel('Скрыть с сайта').check()
  await saved(page)
  await top(page.getByLabel('Скрыть с сайта'))
  await shot(page, 'hide-course', screen)
  await section(page, editor, 'Курсы')
  await page.getByText('скрыт', { exact: true }).waitFor({ timeout: WAIT })
  await shot(page, 'courses', screen)

  // Her history and «Вернуть как было»: the course hidden by mistake comes back.
  await open(page, editor, 'courses/4.json')
  await page.getByText('История изменений').click()
  const back = page.getByRole('button', { name: 'Вернуть как было' })
  await back.first().waitFor({ timeout: WAIT })
  await back.first().click()
  const question = page.getByText('Вернуть запись к виду до этого изменения?')
  await centre(question)
  await shot(page, 'history', screen)
  await page.getByRole('button', { name: 'Да, вернуть' }).click()
  await page.getByText('Скрыт: на сайте его нет').waitFor({ state: 'detached', timeout: WAIT })
  await save(page).waitFor({ timeout: WAIT })

  // A new course: its number is already suggested.
  await section(page, editor, 'Курсы')
  await page.getByRole('link', { name: 'Добавить: курс' }).click()
  await page.getByRole('heading', { name: 'Новая запись: курс' }).waitFor({ timeout: WAIT })
  await page.getByLabel('Название', { exact: true }).fill('Робототехника')
  await shot(page, 'new-course', screen)

  // An announcement, then deleted and brought back.
  await section(page, editor, 'Объявления')
  await page.getByRole('link', { name: 'Добавить: объявление' }).click()
  await page.getByLabel('Заголовок').fill('День открытых дверей')
  await page
    .getByLabel('Текст')
    .fill('Покажем классы и расскажем о курсах. Приходите с детьми, вход свободный.')
  await type(page.getByLabel(/^Дата события/), `1209${NEXT_YEAR}`)
  await type(page.getByLabel(/^Показывать до/), `1209${NEXT_YEAR}`)
  await top(page.getByRole('heading', { level: 1 }))
  await shot(page, 'announcement', screen)
  // A new entry opens as saved: its state says it waits for publishing.
  await save(page).click()
  await page.getByText('Ждёт публикации').waitFor({ timeout: WAIT })
  await page.getByRole('button', { name: 'Удалить запись' }).click()
  await page.getByRole('dialog').waitFor()
  await shot(page, 'delete', screen)
  await page.getByRole('button', { name: 'Да, удалить' }).click()
  await page.getByText(/удалена\. Вернуть её можно/).waitFor({ timeout: WAIT })
  await shot(page, 'deleted-notice', screen)
  await page.goto(`${origin}/admin/#/deleted`)
  const restore = page.getByRole('button', { name: /^Вернуть.*День открытых дверей/ })
  await restore.waitFor({ timeout: WAIT })
  await shot(page, 'deleted', screen)
  await restore.click()
  await page.getByText(/[Вв]ернули/).waitFor({ timeout: WAIT })

  // A sample teacher: the note, the photo, the courses as chips.
  await open(page, editor, 'teachers/sample-teacher-1.json')
  await page.locator('.picture img').waitFor({ timeout: WAIT })
  await top(page.locator('.picture'))
  await shot(page, 'teacher', screen)

  // A review's link must lead to the site chosen: another choice refuses it at once.
  await open(page, editor, 'reviews/obrazec-yandex.json')
  await page.getByLabel('Где опубликован').selectOption({ label: 'ВКонтакте' })
  await page.getByText(/^Ссылка ведёт не на «ВКонтакте»/).waitFor({ timeout: WAIT })
  await top(page.locator('.field', { has: page.getByLabel('Где опубликован') }))
  await shot(page, 'review', screen)

  // The school's facts: the phone, the opening hours, what is still a sample.
  await open(page, editor, 'school.json')
  await top(page.getByRole('group', { name: 'Телефон' }))
  await shot(page, 'school-facts', screen)
  const hours = page.getByRole('group', { name: /^Часы работы/ })
  await hours.getByRole('button', { name: 'Добавить период' }).click()
  for (const day of ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница']) {
    await hours.getByText(day, { exact: true }).click()
  }
  await hours.getByLabel('С', { exact: true }).fill('10:00')
  await hours.getByLabel('До', { exact: true }).fill('20:00')
  await top(hours)
  await shot(page, 'opening-hours', screen)
  await top(page.getByRole('group', { name: /^Ещё образец/ }))
  await shot(page, 'school-demo', screen)

  // The pages' own words and their search titles.
  await open(page, editor, 'pages/home.json')
  await shot(page, 'page-texts', screen)
  await open(page, editor, 'pages/search.json')
  await shot(page, 'search-texts', screen)
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
try {
  for (const screen of [PHONE, DESKTOP]) {
    // A fresh scratch repository, publishing state and browser for each size: the same start.
    const editor = await startEditorGateway({ buildDir: BUILD_DIR })
    rmSync(publishState, { force: true })
    const context = await browser.newContext({
      viewport: screen.viewport,
      hasTouch: screen.hasTouch,
      locale: 'ru-RU',
      timezoneId: 'Europe/Astrakhan',
    })
    try {
      // The site as deployed before the launch: a preview of the shipped content.
      publish(editor)
      await tour(await context.newPage(), editor, screen)
    } finally {
      await context.close()
      await editor.stop()
    }
  }
  // Pictures of an earlier guide that no task shows any more.
  for (const file of readdirSync(GUIDE_PICTURES)) {
    if (file.endsWith('.png') && !written.has(file)) {
      rmSync(path.join(GUIDE_PICTURES, file))
      console.log(`removed docs/owner-guide/${file}`)
    }
  }
} finally {
  await browser.close()
  rmSync(computer, { recursive: true, force: true })
}

const problems = guidePictureProblems(linkedPictures(readFileSync(GUIDE, 'utf8')), [...written])
if (problems.length > 0) {
  console.error(problems.join('\n'))
  process.exitCode = 1
}
