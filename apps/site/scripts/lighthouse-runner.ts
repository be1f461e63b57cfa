import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.ts'

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type Category = (typeof CATEGORIES)[number]

export type LighthouseFigures = {
  scores: Record<Category, number>
  lcpMs: number
  tbtMs: number
  cls: number
  fcpMs: number
}

class LighthouseRuntimeError extends Error {}

/**
 * One Lighthouse run (default mobile settings) in a fresh Chromium profile. A run Lighthouse
 * itself reports as broken (a lost trace, say) is run again, up to three times: that is the
 * tool failing, not the page scoring.
 */
export async function runLighthouse(url: string, attempts = 3): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(url)
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt >= attempts) throw error
      console.warn(`${error.message}; running it again`)
    }
  }
}

async function runOnce(url: string): Promise<LighthouseFigures> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'it-lab-lighthouse-'))
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
    userDataDir,
  })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const { lhr } = result
    if (lhr.runtimeError) {
      throw new LighthouseRuntimeError(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`)
    }
    for (const warning of lhr.runWarnings) console.warn(`Lighthouse warning on ${url}: ${warning}`)
    const score = (category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100)
    const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN
    return {
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
      },
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      fcpMs: numeric('first-contentful-paint'),
    }
  } finally {
    chrome.kill()
    await rm(userDataDir, { recursive: true, force: true })
  }
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}
