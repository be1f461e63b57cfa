// `npm run docs:screenshots -w @it-lab/site` (after `npm run build`): the pictures of
// docs/owner-guide.md, taken in Chromium from the built editor behind the editor gateway on a
// scratch copy of content/ (nothing in the repository is written but the pictures).
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import sharp from 'sharp'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.ts'
import { EDITOR_PASSWORD, startEditorGateway } from '../harness/editor-gateway.ts'

const SITE_DIR = path.join(import.meta.dirname, '..')
const REPO = path.join(SITE_DIR, '..', '..')
const OUT = path.join(REPO, 'docs', 'owner-guide')

const editor = await startEditorGateway({ buildDir: 'build' })
const origin = editor.url
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
const page = await browser.newPage({ viewport: { width: 1000, height: 640 }, locale: 'ru-RU' })

/** A small PNG: a palette of 64 colours is plenty for an interface. */
async function shot(name: string, target: Page | ReturnType<Page['locator']> = page) {
  const png = await target.screenshot({ animations: 'disabled' })
  await sharp(png)
    .png({ palette: true, colours: 64, compressionLevel: 9 })
    .toFile(path.join(OUT, `${name}.png`))
  console.log(`docs/owner-guide/${name}.png`)
}

try {
  await page.goto(`${origin}/admin/`)
  await shot('01-login')
  await page.getByLabel('Пароль').fill(EDITOR_PASSWORD)
  await page.getByRole('button', { name: 'Войти' }).click()
  const decapLogin = page.getByRole('button', { name: 'Войти' })
  const collections = page.getByRole('heading', { name: 'Коллекции' })
  await decapLogin.or(collections).waitFor()
  if (await decapLogin.isVisible()) await decapLogin.click()
  await page.getByRole('heading', { name: 'Коллекции' }).waitFor()
  await shot('02-courses')

  await page.goto(`${origin}/admin/#/collections/courses/entries/4`)
  await page.getByLabel('Разовое посещение').waitFor()
  await page.getByLabel('Старт').scrollIntoViewIfNeeded()
  await page.getByLabel('Разовое посещение').fill('1600')
  await page.getByLabel('Старт').fill('2026-09-01')
  await page.getByLabel('Старт').evaluate((element) => element.scrollIntoView({ block: 'start' }))
  await page.mouse.wheel(0, -60)
  await shot('03-course-prices')
  await page.getByRole('button', { name: 'Опубликовать', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Опубликовать сейчас' }).waitFor()
  await shot('04-publish')
  await page.keyboard.press('Escape')

  await page.getByLabel('Разовое посещение').fill('0')
  await page.getByRole('button', { name: 'Опубликовать', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Опубликовать сейчас' }).click()
  await page.getByText('Число от 1 до 100\u00a0000.').waitFor()
  await page
    .getByLabel('Разовое посещение')
    .evaluate((element) => element.scrollIntoView({ block: 'center' }))
  await shot('05-refused')

  await page.goto('about:blank')
  await page.goto(`${origin}/admin/#/collections/announcements/new`)
  await page.getByLabel('Заголовок').fill('Набор в группу по Python')
  await page
    .getByLabel('Текст')
    .fill('С сентября открываем новую группу для ребят 14–17 лет. Запишитесь на пробный урок.')
  await page.getByLabel('Дата события').fill('2026-09-01')
  await shot('06-announcement')

  await page.goto('about:blank')
  await page.goto(`${origin}/admin/#/collections/school/entries/facts`)
  await page.getByLabel('Название школы').waitFor()
  await page
    .getByLabel('Короткий номер')
    .evaluate((element) => element.scrollIntoView({ block: 'center' }))
  await shot('07-school-facts')

  await page.getByRole('button', { name: /^Добавить период/ }).click()
  for (const day of ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница']) {
    await page.getByLabel('Дни', { exact: true }).click()
    await page.getByRole('option', { name: day, exact: true }).click()
  }
  await page.getByLabel('С', { exact: true }).fill('10:00')
  await page.getByLabel('До', { exact: true }).fill('20:00')
  await page
    .getByLabel('С', { exact: true })
    .evaluate((element) => element.scrollIntoView({ block: 'center' }))
  await shot('08-opening-hours')

  await page.goto('about:blank')
  await page.goto(`${origin}/admin/#/collections/pages/entries/home`)
  await page.getByLabel('Надпись над заголовком').first().waitFor()
  await shot('09-page-texts')
} finally {
  await browser.close()
  await editor.stop()
}
