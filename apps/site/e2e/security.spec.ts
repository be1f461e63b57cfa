import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { BUILD_DIR } from './e2e-env.ts'
import { paths } from '#app/config/paths.ts'
import { expect, MISSING_COURSE_ID, someCourse, test } from './fixtures'

const pages = [
  '/',
  '/courses',
  paths.course(someCourse().id),
  '/cookie',
  '/no-such-page',
  paths.course(MISSING_COURSE_ID),
]

test('every HTML page carries the security headers', async ({ request }) => {
  for (const pagePath of pages) {
    const response = await request.get(pagePath)
    const headers = response.headers()
    const csp = headers['content-security-policy'] ?? ''
    expect(csp, pagePath).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'))
    expect(scriptSrc).toBeDefined()
    expect(scriptSrc).not.toContain("'unsafe-inline'")
    expect(scriptSrc).not.toContain("'unsafe-eval'")
    expect(scriptSrc).toContain("'sha256-")
    expect(scriptSrc).toContain('https://mc.yandex.ru')
    expect(headers['strict-transport-security']).toMatch(/max-age=\d{7,}/)
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(headers['permissions-policy']).toContain('camera=()')
    expect(headers['x-frame-options']).toBe('DENY')
  }
})

test('the site works under its CSP with analytics on: no violation on any page', async ({
  page,
}) => {
  const violations: string[] = []
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text))
  // A visitor who has accepted cookies: Metrika loads on every page.
  await page.addInitScript(() => localStorage.setItem('cookieAccepted', 'true'))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void })
        .reportViolation
      report(`${event.violatedDirective} ${event.blockedURI}`)
    })
  })
  for (const pagePath of pages) {
    await page.goto(pagePath)
    await expect
      .poll(() => page.evaluate(() => Boolean((window as { __ymCalls?: unknown }).__ymCalls)))
      .toBe(true)
  }
  expect(violations).toEqual([])
})

test('caching: hashed assets for a year, HTML revalidated', async ({ request }) => {
  const html = await (await request.get('/')).text()
  const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0]
  expect(asset).toBeDefined()
  const assetResponse = await request.get(asset ?? '', { headers: { 'Accept-Encoding': 'gzip' } })
  expect(assetResponse.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect((await request.get('/')).headers()['cache-control']).toBe('no-cache')
})

test('no secret and no lead-service setting reaches the client bundle', async () => {
  const clientDir = path.join(import.meta.dirname, '..', BUILD_DIR, 'client')
  const files = (await readdir(clientDir, { recursive: true })).filter((file) =>
    /\.(js|html|css|json|webmanifest|txt|xml)$/.test(file),
  )
  expect(files.length).toBeGreaterThan(10)
  // The e2e build runs with these set in its environment (package.json build:e2e).
  const forbidden = [
    'secret-token-must-not-leak',
    'leads-path-must-not-leak',
    'TELEGRAM',
    'LEADS_DB',
    'RATE_LIMIT',
    'SITE_ORIGIN',
  ]
  for (const file of files) {
    const text = await readFile(path.join(clientDir, file), 'utf8')
    for (const needle of forbidden) expect(text, `${file} holds ${needle}`).not.toContain(needle)
  }
})
