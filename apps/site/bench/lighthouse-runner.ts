import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, HEADLESS_SHELL_PATH } from '../chromium.ts'

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type Category = (typeof CATEGORIES)[number]

export type LighthouseFigures = {
  scores: Record<Category, number>
  lcpMs: number
  tbtMs: number
  cls: number
  fcpMs: number
  /**
   * The same run's Performance and TBT, recomputed from its own trace with each task's duration
   * replaced by the main thread's CPU time in it (docs/performance.md, "Thread time").
   */
  threadTime: { performance: number; tbtMs: number }
}

// Gathering and auditing must use the same settings: Lighthouse refuses a mismatch.
const FLAGS = {
  output: 'json',
  logLevel: 'error',
  onlyCategories: [...CATEGORIES],
} satisfies Parameters<typeof lighthouse>[1]

class LighthouseRuntimeError extends Error {}

const ATTEMPTS = 3

/**
 * One Lighthouse run (default mobile settings) in a fresh profile of Chromium's headless shell,
 * or of the Chromium at `chromePath` (the bench runs the windowed one too, docs/performance.md):
 * in a real window on `display`, or without one in its new headless mode.
 * A run Lighthouse itself reports as broken (a lost trace, say) is run again, up to three times:
 * that is the tool failing, not the page scoring.
 */
export async function runLighthouse(
  url: string,
  chromePath = HEADLESS_SHELL_PATH,
  display?: string,
): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(url, chromePath, display)
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt >= ATTEMPTS) throw error
      console.warn(`${error.message}; running it again`)
    }
  }
}

async function runOnce(
  url: string,
  chromePath: string,
  display: string | undefined,
): Promise<LighthouseFigures> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'it-lab-lighthouse-'))
  const artifacts = path.join(workDir, 'artifacts')
  const profile = path.join(workDir, 'profile')
  try {
    await mkdir(profile)
    const chrome = await chromeLauncher.launch({
      // The headless shell has no window to draw (docs/performance.md).
      chromePath,
      // The full Chromium with no display: its new headless mode still draws its interface.
      chromeFlags:
        chromePath === HEADLESS_SHELL_PATH || display
          ? CHROMIUM_FLAGS
          : [...CHROMIUM_FLAGS, '--headless=new'],
      envVars: display ? { ...process.env, DISPLAY: display } : process.env,
      userDataDir: profile,
    })
    try {
      // Gathered once, then audited twice: as recorded, and on thread time.
      await lighthouse(url, { ...FLAGS, port: chrome.port, gatherMode: artifacts })
    } finally {
      chrome.kill()
    }
    const lhr = await audit(url, artifacts)
    for (const warning of lhr.runWarnings) console.warn(`Lighthouse warning on ${url}: ${warning}`)
    const threadTimeArtifacts = path.join(workDir, 'thread-time')
    await cp(artifacts, threadTimeArtifacts, { recursive: true })
    await useThreadTime(path.join(threadTimeArtifacts, 'trace.json'))
    const threadTime = await audit(url, threadTimeArtifacts)
    const score = (result: Lhr, category: Category) =>
      Math.round((result.categories[category]?.score ?? 0) * 100)
    const numeric = (result: Lhr, id: string) => result.audits[id]?.numericValue ?? Number.NaN
    return {
      scores: {
        performance: score(lhr, 'performance'),
        accessibility: score(lhr, 'accessibility'),
        'best-practices': score(lhr, 'best-practices'),
        seo: score(lhr, 'seo'),
      },
      lcpMs: numeric(lhr, 'largest-contentful-paint'),
      tbtMs: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      fcpMs: numeric(lhr, 'first-contentful-paint'),
      threadTime: {
        performance: score(threadTime, 'performance'),
        tbtMs: numeric(threadTime, 'total-blocking-time'),
      },
    }
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']

async function audit(url: string, artifacts: string): Promise<Lhr> {
  const result = await lighthouse(undefined, { ...FLAGS, auditMode: artifacts })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  if (result.lhr.runtimeError) {
    throw new LighthouseRuntimeError(
      `Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`,
    )
  }
  return result.lhr
}

type TraceEvent = { ph?: string; dur?: number; tdur?: number }

/**
 * Rewrites a trace so each complete event lasts its thread (CPU) time, not its wall time: what
 * the page cost, without the time its thread waited for a core this machine's other processes
 * held. Lighthouse then simulates the phone from that.
 */
export async function useThreadTime(traceFile: string): Promise<void> {
  const trace = JSON.parse(await readFile(traceFile, 'utf8')) as
    TraceEvent[] | { traceEvents: TraceEvent[] }
  const events = Array.isArray(trace) ? trace : trace.traceEvents
  for (const event of events) {
    if (event.ph === 'X' && event.dur !== undefined && event.tdur !== undefined)
      event.dur = Math.min(event.dur, event.tdur)
  }
  await writeFile(traceFile, JSON.stringify(trace))
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}
