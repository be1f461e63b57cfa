import { test as base, expect, type Page } from '@playwright/test'

export { expect }

/** The counter id the e2e build is made with (see package.json `build:e2e`). */
export const METRIKA_ID = '99999999'

// Stands in for Yandex's tag.js (no network here): records every ym() call, including
// the ones queued before it loaded, the way the real tag consumes the queue.
const FAKE_METRIKA_TAG = `(function () {
  var queued = (window.ym && window.ym.a) || [];
  window.__ymCalls = [];
  window.ym = function () { window.__ymCalls.push(Array.prototype.slice.call(arguments)); };
  queued.forEach(function (args) { window.ym.apply(null, args); });
})();`

type Fixtures = {
  /** Console errors, page errors and React hydration warnings seen during the test; must stay empty. */
  consoleErrors: string[]
}

export const test = base.extend<Fixtures>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        const text = message.text()
        const isHydrationWarning = message.type() === 'warning' && /hydrat/i.test(text)
        // Chromium logs the main document's own 404 status; that status is what we want.
        const isDocument404 = /status of 404/.test(text) && message.location().url === page.url()
        if ((message.type() === 'error' && !isDocument404) || isHydrationWarning) errors.push(text)
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await page.route('https://mc.yandex.ru/**', (route) =>
        route.fulfill({ contentType: 'text/javascript', body: FAKE_METRIKA_TAG }),
      )
      await use(errors)
      expect(errors, 'no console errors').toEqual([])
    },
    { auto: true },
  ],
})

/** Every ym() call so far: those recorded by the tag and those still waiting in the queue. */
export async function metrikaCalls(page: Page): Promise<unknown[][]> {
  return page.evaluate(() => {
    const w = window as unknown as { __ymCalls?: unknown[][]; ym?: { a?: unknown[][] } }
    return [...(w.__ymCalls ?? []), ...(w.ym?.a ?? [])]
  })
}

export async function reachedGoals(page: Page): Promise<unknown[]> {
  const calls = await metrikaCalls(page)
  return calls.filter((call) => call[1] === 'reachGoal').map((call) => call[2])
}

/** Client-side navigation through the app's own router, as a <Link> click would do. */
export async function navigateInApp(page: Page, to: string): Promise<void> {
  await page.evaluate((path) => {
    const w = window as unknown as {
      __reactRouterDataRouter: { navigate: (to: string) => Promise<void> }
    }
    return w.__reactRouterDataRouter.navigate(path)
  }, to)
}
