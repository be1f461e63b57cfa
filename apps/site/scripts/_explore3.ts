import { chromium } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.ts'
import { EDITOR_PASSWORD, startEditorGateway } from '../harness/editor-gateway.ts'
const editor = await startEditorGateway({ buildDir: 'build' })
const origin = editor.url
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' })
  page.on('console', (m) => { if (m.type() !== 'log') console.log('console', m.type(), m.text().slice(0, 400)) })
  page.on('pageerror', (e) => console.log('pageerror', e.message))
  page.on('dialog', (d) => { console.log('dialog', d.type(), d.message()); void d.accept() })
  page.on('response', async (r) => { if (r.url().includes('/api/')) console.log('resp', r.status(), (r.request().postData() ?? '').slice(0, 150), (await r.text().catch(() => '')).slice(0, 200)) })
  await page.goto(`${origin}/admin/`)
  await page.getByLabel('Пароль').fill(EDITOR_PASSWORD)
  await page.getByRole('button', { name: 'Войти' }).click()
  const decapLogin = page.getByRole('button', { name: 'Войти' })
  const collections = page.getByRole('heading', { name: 'Коллекции' })
  await decapLogin.or(collections).waitFor()
  if (await decapLogin.isVisible()) await decapLogin.click()
  await collections.waitFor()
  await page.getByRole('button', { name: 'Картинки' }).click()
  await page.getByText('course-4.svg', { exact: true }).waitFor()
  await page.getByText('course-4.svg', { exact: true }).click()
  await page.waitForTimeout(1000)
  await page.screenshot({ path: '/tmp/og/sel.png' })
  console.log('clicking delete')
  await page.getByRole('button', { name: 'Удалить выбранную' }).click()
  await page.waitForTimeout(5000)
  await page.screenshot({ path: '/tmp/og/del.png' })
} finally {
  await browser.close()
  await editor.stop()
}
