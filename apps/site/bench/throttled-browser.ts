import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { CHROMIUM_FLAGS, HEADLESS_SHELL_PATH } from '../chromium.ts'

/** Lighthouse's mobile "slow 4G" link and CPU, applied for real over the DevTools protocol. */
export const THROTTLING = { latencyMs: 150, downKbps: 1600, upKbps: 750, cpuSlowdown: 4 }

export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const
export type ViewportName = keyof typeof VIEWPORTS

/** A network link to emulate: round trip and throughput. */
export type NetworkLink = { latencyMs: number; downKbps: number; upKbps: number }

/** A fresh profile (empty cache) sized as a phone or a desktop. */
export function newDeviceContext(
  browser: Browser,
  viewport: ViewportName,
  permissions: string[] = [],
): Promise<BrowserContext> {
  const phone = viewport === 'phone'
  return browser.newContext({
    viewport: VIEWPORTS[viewport],
    deviceScaleFactor: phone ? 2 : 1,
    isMobile: phone,
    hasTouch: phone,
    permissions,
  })
}

/** Applies `link` and the bench's CPU slowdown to `page`, for real, over the DevTools protocol. */
export async function throttle(
  context: BrowserContext,
  page: Page,
  link: NetworkLink = THROTTLING,
): Promise<void> {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: link.latencyMs,
    downloadThroughput: (link.downKbps * 1000) / 8,
    uploadThroughput: (link.upKbps * 1000) / 8,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown })
}

/** Milliseconds from the start of navigation; `cls` is the sum of every layout shift (no input). */
export type BrowserFigures = { fcpMs: number; lcpMs: number; scriptRunMs: number; cls: number }

// Runs in the page before its own scripts: collects paint and layout-shift entries as they come,
// and the moment the page's script has run (islands/page-behaviours.ts sets `data-hydrated`; the
// islands hydrate on their own, when due).
function observePaints() {
  const figures = { fcp: Number.NaN, lcp: Number.NaN, cls: 0, scriptRun: Number.NaN }
  Object.assign(window, { __benchFigures: figures })
  const scriptRun = new MutationObserver(() => {
    if (document.documentElement.dataset.hydrated !== 'true') return
    figures.scriptRun = performance.now()
    scriptRun.disconnect()
  })
  // The document, not its root element: the parser has not created <html> yet.
  scriptRun.observe(document, { subtree: true, attributeFilter: ['data-hydrated'] })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') figures.fcp = entry.startTime
  }).observe({ type: 'paint', buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) figures.lcp = entry.startTime
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as {
      value: number
      hadRecentInput: boolean
    }[])
      if (!entry.hadRecentInput) figures.cls += entry.value
  }).observe({ type: 'layout-shift', buffered: true })
}

/**
 * Chromium's headless shell by default: the speed figures' browser (docs/performance.md). Another
 * Chromium draws a real window on `display` when one is given.
 */
export async function launchBrowser(
  executablePath = HEADLESS_SHELL_PATH,
  display?: string,
): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: CHROMIUM_FLAGS,
    ...(display ? { headless: false, env: { ...process.env, DISPLAY: display } } : {}),
  })
}

/**
 * One cold load of `url` (fresh profile, empty cache) under THROTTLING. It waits until the page
 * has run its script (`data-hydrated`) and the network has been quiet for half a second, so a
 * late font swap is counted.
 */
export async function measureLoad(
  browser: Browser,
  url: string,
  viewport: ViewportName = 'phone',
): Promise<BrowserFigures> {
  const context = await newDeviceContext(browser, viewport)
  try {
    const page = await context.newPage()
    await page.addInitScript(observePaints)
    await throttle(context, page)
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 })
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, {
      timeout: 60_000,
    })
    await page.waitForLoadState('networkidle', { timeout: 60_000 })
    return await page.evaluate(() => {
      const figures = (window as unknown as { __benchFigures: Record<string, number> })
        .__benchFigures
      return {
        fcpMs: figures.fcp ?? Number.NaN,
        lcpMs: figures.lcp ?? Number.NaN,
        scriptRunMs: figures.scriptRun ?? Number.NaN,
        cls: figures.cls ?? Number.NaN,
      }
    })
  } finally {
    await context.close()
  }
}
