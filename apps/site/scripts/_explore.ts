import path from 'node:path'
import { writeFileSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.ts'
import { EDITOR_PASSWORD, startEditorGateway } from '../harness/editor-gateway.ts'

const editor = await startEditorGateway({ buildDir: 'build' })
const origin = editor.url
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
const routes = process.argv.slice(2)
try {
  for (const [w, h, tag] of [[1280, 800, 'd'], [390, 844, 'p']] as const) {
    const page = await browser.newPage({ viewport: { width: w, height: h }, locale: 'ru-RU' })
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log(tag, 'console', m.type(), m.text().slice(0, 300)) })
    await page.goto(`${origin}/admin/`)
    await page.screenshot({ path: `/tmp/og/${tag}-login.png` })
    await page.getByLabel('Пароль').fill(EDITOR_PASSWORD)
    await page.getByRole('button', { name: 'Войти' }).click()
    const decapLogin = page.getByRole('button', { name: 'Войти' })
    const collections = page.getByRole('heading', { name: 'Коллекции' })
    await decapLogin.or(collections).waitFor()
    if (await decapLogin.isVisible()) await decapLogin.click()
    await collections.waitFor()
    await page.waitForTimeout(1500)
    await page.screenshot({ path: `/tmp/og/${tag}-home.png`, fullPage: true })
    writeFileSync(`/tmp/og/${tag}-home.txt`, await page.locator('body').innerText())
    for (const [i, r] of routes.entries()) {
      await page.goto('about:blank')
      await page.goto(`${origin}/admin/#/${r}`)
      await page.waitForTimeout(4000)
      await page.screenshot({ path: `/tmp/og/${tag}-${i}.png`, fullPage: true })
      writeFileSync(`/tmp/og/${tag}-${i}.txt`, r + '\n' + (await page.locator('body').innerText()))
    }
    await page.close()
  }
} finally {
  await browser.close()
  await editor.stop()
}
