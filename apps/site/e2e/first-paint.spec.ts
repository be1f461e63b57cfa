import { paths, prerenderPaths } from '#app/config/paths.ts'
import type { Page } from '@playwright/test'
import { expect, onePerKind, test, waitForHydration, waitForIsland } from './fixtures'
import type { PageEntry } from '#app/inline-scripts/page-entry.ts'

/**
 * When the page first painted, and when each request for a file ending in `extension` started.
 * The paint is `paintTime`, when the browser finished drawing that frame; `startTime` is when it
 * reached the screen, which trails by a frame, or by many on a loaded machine.
 */
function fetchTimes(page: Page, extension: string) {
  return page.evaluate((ending) => {
    const starts = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith(ending))
      .map((entry) => entry.startTime)
    const paint = performance.getEntriesByName('first-contentful-paint')[0] as
      (PerformanceEntry & { paintTime?: number }) | undefined
    return { firstPaint: paint?.paintTime ?? Number.NaN, starts }
  }, extension)
}

test('the page is painted before any script is fetched, and still hydrates', async ({ page }) => {
  // A phone's CPU (the bench's ×4). The scripts start after the frame that follows the one that
  // first drew content.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.goto(paths.home) // waits for hydration (fixtures.ts)
  const scripts = await fetchTimes(page, '.js')
  expect(scripts.starts.length).toBeGreaterThan(0)
  expect(Math.min(...scripts.starts)).toBeGreaterThanOrEqual(scripts.firstPaint)
})

test('a page without islands loads the browser entry, its chunks and no React', async ({
  page,
}) => {
  await page.goto(paths.privacyPolicy) // waits for the page's script (fixtures.ts)
  await page.waitForLoadState('networkidle')
  const { fetched, entry } = await page.evaluate(() => {
    const script = document.querySelector('script[data-entry]')
    const scripts = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((pathname) => pathname.endsWith('.js'))
    return {
      fetched: scripts,
      entry: JSON.parse(script?.getAttribute('data-entry') ?? '{}') as PageEntry,
    }
  })
  const entryFiles = [entry.module, ...entry.imports]
  expect(fetched).toEqual(expect.arrayContaining(entryFiles))
  // Besides them, only the code that notes the visit's source, which the entry loads at once
  // (docs/decisions/0078-where-a-lead-came-from.md).
  expect(fetched.filter((pathname) => !entryFiles.includes(pathname)).sort()).toEqual([
    expect.stringMatching(/\/assets\/attribution-[^/]+\.js$/),
    expect.stringMatching(/\/assets\/lead-source-[^/]+\.js$/),
  ])
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true })

  test('the home page loads React only once the visitor nears the contact form', async ({
    page,
  }) => {
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('.js')) scripts.push(new URL(request.url()).pathname)
    })
    const reactLoaded = () => scripts.some((pathname) => /\/react-[^/]*\.js$/.test(pathname))
    await page.goto(paths.home) // waits for the page's script (fixtures.ts)
    await page.waitForLoadState('networkidle')
    expect(reactLoaded()).toBe(false)
    await waitForIsland(page.getByRole('form', { name: 'Заявка на обучение' }))
    expect(reactLoaded()).toBe(true)
  })
})

test('a reader who scrolls before the page hydrates stays where they scrolled', async ({
  page,
}) => {
  // The page's JavaScript is held back until the reader has scrolled, as on a slow phone link.
  let releaseScripts = () => {}
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve))
  await page.route('**/assets/*.js', async (script) => {
    await scriptsHeld
    await script.continue()
  })
  // The frame's own goto: the fixture's page.goto would wait for hydration.
  await page.mainFrame().goto(paths.home, { waitUntil: 'domcontentloaded' })
  await page.mouse.wheel(0, 900)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600)
  const scrolled = await page.evaluate(() => window.scrollY)

  releaseScripts()
  await waitForHydration(page)
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
})

type ShiftWindow = Window & { __layoutShift?: number }

/** Sums every layout shift of the page from its start (none here follows input). */
function recordLayoutShift() {
  const shiftWindow = window as ShiftWindow
  shiftWindow.__layoutShift = 0
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { value: number }[])
      shiftWindow.__layoutShift = (shiftWindow.__layoutShift ?? 0) + entry.value
  }).observe({ type: 'layout-shift', buffered: true })
}

/** The family the browser draws the page's main heading in, and what it has to draw it with. */
function headingFont(page: Page) {
  return page.evaluate(() => {
    const heading = document.querySelector('h1')
    return {
      family: heading ? getComputedStyle(heading).fontFamily.split(',')[0]?.trim() : undefined,
      nunitoReady: document.fonts.check('800 16px "Nunito Variable"', 'Ш'),
    }
  })
}

test('a first visit paints without a web font, then caches Nunito for the next page load', async ({
  page,
}) => {
  await page.goto(paths.home)
  // Once the page is idle the faces its text needs arrive, and the mark says so.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('fontCached')), { timeout: 15_000 })
    .toBe('true')
  const fonts = await fetchTimes(page, '.woff2')
  expect(fonts.starts.length).toBeGreaterThan(0)
  expect(Math.min(...fonts.starts)).toBeGreaterThan(fonts.firstPaint)
  // Loaded, but not drawn on this page: it keeps the local font it was painted in.
  expect(await headingFont(page)).toEqual({ family: '"Nunito fallback"', nunitoReady: true })

  await page.goto(paths.courses)
  expect(await page.evaluate(() => document.documentElement.dataset.font)).toBe('nunito')
  expect(await headingFont(page)).toEqual({ family: '"Nunito Variable"', nunitoReady: true })
})

test('a visitor who saves data is not sent the web font', async ({ page }) => {
  await page.addInitScript(() =>
    Object.defineProperty(navigator, 'connection', { value: { saveData: true } }),
  )
  await page.goto(paths.home)
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)))
  await page.waitForLoadState('networkidle')
  expect(await page.evaluate(() => localStorage.getItem('fontCached'))).toBeNull()
  expect((await fetchTimes(page, '.woff2')).starts).toEqual([])
})

for (const [width, routes] of [
  [375, prerenderPaths],
  [1280, onePerKind(prerenderPaths)],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } })

    for (const route of routes) {
      test(`${route}: nothing moves, in the local font on a first visit and in Nunito after`, async ({
        page,
      }) => {
        await page.addInitScript(recordLayoutShift)
        await page.goto(route)
        expect((await headingFont(page)).family).toBe('"Nunito fallback"')
        await expect
          .poll(() => page.evaluate(() => localStorage.getItem('fontCached')), { timeout: 15_000 })
          .toBe('true')
        expect(
          await page.evaluate(() => (window as ShiftWindow).__layoutShift),
        ).toBeLessThanOrEqual(0.01)

        await page.reload()
        await page.evaluate(() => document.fonts.ready)
        expect((await headingFont(page)).family).toBe('"Nunito Variable"')
        expect(
          await page.evaluate(() => (window as ShiftWindow).__layoutShift),
        ).toBeLessThanOrEqual(0.01)
      })
    }
  })
}
