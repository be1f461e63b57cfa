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

/** The categories whose audits no timing moves: `npm run test:budgets` asks 100 of each. */
export const AUDIT_CATEGORIES = ['accessibility', 'best-practices', 'seo'] as const
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number]

class LighthouseRuntimeError extends Error {}

const ATTEMPTS = 3

/**
 * Runs `measure` again, up to three times in all, while Lighthouse itself reports the run as
 * broken (a lost trace, say): that is the tool failing, not the page scoring.
 */
async function retried<T>(measure: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure()
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt >= ATTEMPTS) throw error
      console.warn(`${error.message}; running it again`)
    }
  }
}

/**
 * One Lighthouse run (default mobile settings) in a fresh profile of Chromium's headless shell,
 * or of the Chromium at `chromePath` (the bench runs the windowed one too, docs/performance.md):
 * in a real window on `display`, or without one in its new headless mode.
 */
export function runLighthouse(
  url: string,
  chromePath = HEADLESS_SHELL_PATH,
  display?: string,
): Promise<LighthouseFigures> {
  return retried(() => runOnce(url, chromePath, display))
}

/**
 * One run of the audits of AUDIT_CATEGORIES only, in the headless shell: no performance trace is
 * recorded or scored, so nothing in it depends on how busy the machine is.
 */
export function runAudits(url: string): Promise<Record<AuditCategory, number>> {
  return retried(() =>
    inWorkDir(async (workDir) => {
      const result = await withChrome(workDir, HEADLESS_SHELL_PATH, undefined, (port) =>
        lighthouse(url, {
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...AUDIT_CATEGORIES],
          port,
        }),
      )
      const lhr = checked(url, result)
      const scores = AUDIT_CATEGORIES.map((category) => [category, score(lhr, category)] as const)
      return Object.fromEntries(scores) as Record<AuditCategory, number>
    }),
  )
}

/** A work folder of its own for `use`, removed after it however it ends. */
async function inWorkDir<T>(use: (workDir: string) => Promise<T>): Promise<T> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'it-lab-lighthouse-'))
  try {
    return await use(workDir)
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

/** Chromium in a fresh profile under `workDir`, for `use` only. */
async function withChrome<T>(
  workDir: string,
  chromePath: string,
  display: string | undefined,
  use: (port: number) => Promise<T>,
): Promise<T> {
  const profile = path.join(workDir, 'profile')
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
    return await use(chrome.port)
  } finally {
    chrome.kill()
  }
}

function runOnce(
  url: string,
  chromePath: string,
  display: string | undefined,
): Promise<LighthouseFigures> {
  return inWorkDir(async (workDir) => {
    const artifacts = path.join(workDir, 'artifacts')
    // Gathered once, then audited twice: as recorded, and on thread time.
    await withChrome(workDir, chromePath, display, (port) =>
      lighthouse(url, { ...FLAGS, port, gatherMode: artifacts }),
    )
    const lhr = await audit(url, artifacts)
    for (const warning of lhr.runWarnings) console.warn(`Lighthouse warning on ${url}: ${warning}`)
    const threadTimeArtifacts = path.join(workDir, 'thread-time')
    await cp(artifacts, threadTimeArtifacts, { recursive: true })
    await useThreadTime(path.join(threadTimeArtifacts, 'trace.json'))
    const threadTime = await audit(url, threadTimeArtifacts)
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
  })
}

type RunnerResult = Awaited<ReturnType<typeof lighthouse>>
type Lhr = NonNullable<RunnerResult>['lhr']

const score = (result: Lhr, category: Category) =>
  Math.round((result.categories[category]?.score ?? 0) * 100)

/** The report of a run, or a LighthouseRuntimeError when Lighthouse says the run broke. */
function checked(url: string, result: RunnerResult): Lhr {
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  if (result.lhr.runtimeError) {
    throw new LighthouseRuntimeError(
      `Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`,
    )
  }
  return result.lhr
}

async function audit(url: string, artifacts: string): Promise<Lhr> {
  return checked(url, await lighthouse(undefined, { ...FLAGS, auditMode: artifacts }))
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
