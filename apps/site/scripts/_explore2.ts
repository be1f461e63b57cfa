import { chromium } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.ts'
import { EDITOR_PASSWORD, startEditorGateway } from '../harness/editor-gateway.ts'
const editor = await startEditorGateway({ buildDir: 'build' })
const origin = editor.url
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' })
  page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 400)))
  page.on('pageerror', (e) => console.log('pageerror', e.message))
  await page.goto(`${origin}/admin/`)
  await page.getByLabel('Пароль').fill(EDITOR_PASSWORD)
  await page.getByRole('button', { name: 'Войти' }).click()
  const decapLogin = page.getByRole('button', { name: 'Войти' })
  const collections = page.getByRole('heading', { name: 'Коллекции' })
  await decapLogin.or(collections).waitFor()
  await page.screenshot({ path: '/tmp/og/decap-login.png' })
  if (await decapLogin.isVisible()) await decapLogin.click()
  await collections.waitFor()
  await page.goto('about:blank')
  await page.goto(`${origin}/admin/#/collections/courses/entries/4`)
  await page.getByLabel('Название').waitFor()
  await page.waitForTimeout(5000)
  console.log('frames', page.frames().length, (await page.locator('iframe').count()))
  for (const f of page.frames()) console.log('frame', f.url(), (await f.content()).slice(0, 1500))
  await page.getByLabel('Название').fill('Python для старшеклассников')
  await page.waitForTimeout(3000)
  for (const f of page.frames()) console.log('frame2', f.url(), (await f.content()).length)
  await page.screenshot({ path: '/tmp/og/preview-after.png' })
} finally {
  await browser.close()
  await editor.stop()
}
