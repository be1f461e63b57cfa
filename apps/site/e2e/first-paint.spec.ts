import { paths, prerenderPaths } from '../app/config/paths'
import { expect, test } from './fixtures'

test('the page is painted before any script is fetched, and still hydrates', async ({ page }) => {
  await page.goto(paths.home) // waits for hydration (fixtures.ts)
  const timing = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => entry.startTime),
  }))
  expect(timing.scripts.length).toBeGreaterThan(0)
  expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.firstPaint)
})

type ShiftWindow = Window & { __layoutShift?: number }

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } })

    for (const route of prerenderPaths) {
      test(`${route}: nothing moves when the fonts arrive after the first paint`, async ({
        page,
      }) => {
        // The fonts arrive only after the page has painted and hydrated in the local fallback
        // (app/nunito.css), as on a first visit over a slow link.
        let releaseFonts = () => {}
        const fontsHeld = new Promise<void>((resolve) => (releaseFonts = resolve))
        await page.route('**/*.woff2', async (font) => {
          await fontsHeld
          await font.continue()
        })
        await page.addInitScript(() => {
          const shiftWindow = window as ShiftWindow
          shiftWindow.__layoutShift = 0
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as {
              value: number
              hadRecentInput: boolean
            }[])
              if (!entry.hadRecentInput)
                shiftWindow.__layoutShift = (shiftWindow.__layoutShift ?? 0) + entry.value
          }).observe({ type: 'layout-shift', buffered: true })
        })
        // Not until `load`: that waits for the fonts held back here.
        await page.goto(route, { waitUntil: 'domcontentloaded' })
        expect(await page.evaluate(() => document.fonts.check('16px "Nunito Variable"', 'Ш'))).toBe(
          false,
        )

        releaseFonts()
        await page.evaluate(async () => {
          await document.fonts.ready
          // Two frames: the one that lays the text out again in Nunito, and one to report it.
          await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)))
        })
        expect(
          await page.evaluate(() => document.fonts.check('800 16px "Nunito Variable"', 'Ш')),
        ).toBe(true)
        expect(
          await page.evaluate(() => (window as ShiftWindow).__layoutShift),
        ).toBeLessThanOrEqual(0.01)
      })
    }
  })
}
