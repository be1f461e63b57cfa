// `npm run bench:taps`: does a tap on the first screen take effect, however early it comes? For each
// network profile and each essential control, a fresh phone or desktop in real Chromium (the
// headless shell) loads the page and acts the moment the control is on screen, without waiting
// for the page's script or an island, as an impatient parent would; then it waits up to 10 s for
// the control's effect. It prints when the control was shown, when its effect came (or that the tap was lost), whether
// the form went out as a GET with the name or phone in its URL, and the page's first paint and
// when its script had run. It measures; it does not gate. Figures go to bench-results/taps.json.
//
// `PROBE_BUILD_DIR` probes another build (an older commit's, for a before/after table);
// `--no-build` reuses apps/site/build. The lead service runs for real on the build's
// LEAD_API_URL port (3001 by default) with a fresh SQLite file.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { Browser, Page } from '@playwright/test'
import { startService } from '@it-lab/lead-bot/harness/service'
import { paths } from '#app/config/paths.ts'
import { quizQuestions } from '#app/content/quiz-questions.ts'
import { buildSiteServer } from '../server/site-server.ts'
import { buildDir, buildSite, siteDir } from './serve-build.ts'
import {
  launchBrowser,
  newDeviceContext,
  throttle,
  THROTTLING,
  type ViewportName,
} from './throttled-browser.ts'
import { thanksText } from '#app/content/trial-details.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
/** How long a tap may take to show its effect before it counts as lost. */
const EFFECT_TIMEOUT_MS = 10_000

/**
 * Both on the bench's ×4 CPU. Slow 4G is Lighthouse's mobile link; 3G is WebPageTest's "3G
 * Slow"-like link with a longer round trip, where the gap between the paint and the page's script
 * is widest.
 */
const PROFILES = {
  'slow 4G': {
    latencyMs: THROTTLING.latencyMs,
    downKbps: THROTTLING.downKbps,
    upKbps: THROTTLING.upKbps,
  },
  '3G': { latencyMs: 300, downKbps: 780, upKbps: 330 },
} as const
type ProfileName = keyof typeof PROFILES

const THANKS = thanksText()
const PHONE_DIGITS = '9123456789'

/** A control found by its visible name, whether the build made it a link or a button. */
function control(scope: Page, name: string) {
  return scope
    .getByRole('link', { name, exact: true })
    .or(scope.getByRole('button', { name, exact: true }))
    .first()
}

async function inViewport(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((css) => {
    const box = document.querySelector(css)?.getBoundingClientRect()
    return box !== undefined && box.top < window.innerHeight && box.bottom > 0
  }, selector)
}

type Control = {
  name: string
  viewport: ViewportName
  path: string
  /** Acts as soon as the control is shown; the name is unique to the run (for the form). */
  act: (page: Page, name: string) => Promise<void>
  /** Whether the action has taken effect. */
  effect: (page: Page, name: string) => Promise<boolean>
}

let leadsDb = ''
function stored(name: string): boolean {
  const db = new DatabaseSync(leadsDb, { readOnly: true })
  try {
    return db.prepare('SELECT 1 FROM leads WHERE name = ?').get(name) !== undefined
  } finally {
    db.close()
  }
}

const CONTROLS: Control[] = [
  {
    name: 'burger menu',
    viewport: 'phone',
    path: paths.home,
    act: (page) => page.getByRole('button', { name: 'Открыть меню' }).click(),
    effect: (page) => page.getByRole('navigation', { name: 'Мобильное меню' }).isVisible(),
  },
  {
    name: "hero's «Оставить заявку»",
    viewport: 'phone',
    path: paths.home,
    act: (page) => control(page, 'Оставить заявку').click(),
    effect: (page) => inViewport(page, '#contact'),
  },
  {
    name: "header's «Контакты»",
    viewport: 'desktop',
    path: paths.course(4),
    act: (page) => control(page, 'Контакты').click(),
    effect: (page) => inViewport(page, '#contact'),
  },
  {
    name: 'contact form, sent',
    viewport: 'phone',
    path: paths.home,
    act: async (page, name) => {
      const form = page.getByRole('form', { name: 'Заявка на обучение' })
      await form.getByLabel('Имя').fill(name)
      await form.getByLabel('Телефон').pressSequentially(PHONE_DIGITS)
      await form.getByRole('button', { name: 'Оставить заявку' }).click()
    },
    effect: async (page, name) => (await page.getByText(THANKS).isVisible()) && stored(name),
  },
  {
    name: "quiz's «Начать тест»",
    viewport: 'phone',
    path: paths.home,
    act: (page) => page.locator('#quiz').getByRole('button', { name: 'Начать тест' }).click(),
    effect: (page) =>
      page.getByRole('heading', { name: quizQuestions[0]?.question ?? '' }).isVisible(),
  },
  {
    name: 'copy the number (desktop)',
    viewport: 'desktop',
    path: paths.home,
    act: (page) =>
      page
        .locator('#hero')
        .getByRole('link')
        .or(page.locator('#hero').getByRole('button'))
        .filter({ hasText: /\d/ })
        .first()
        .click(),
    // The button's name: its text also holds a hidden copy of «Скопировано!» that keeps its width.
    effect: (page) =>
      page.locator('#hero').getByRole('button', { name: 'Скопировано!' }).isVisible(),
  },
]

// Runs in the page before its scripts: the first paint and the moment the page's script has run
// (it sets `data-hydrated`; each island hydrates on its own, when due).
function observePaintAndScriptRun() {
  const times = { fcp: Number.NaN, scriptRun: Number.NaN }
  Object.assign(window, { __probe: times })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') times.fcp = entry.startTime
  }).observe({ type: 'paint', buffered: true })
  const scriptRun = new MutationObserver(() => {
    if (document.documentElement.dataset.hydrated !== 'true') return
    times.scriptRun = performance.now()
    scriptRun.disconnect()
  })
  scriptRun.observe(document, { subtree: true, attributeFilter: ['data-hydrated'] })
}

type Run = {
  profile: ProfileName
  control: string
  shownMs: number
  /** Milliseconds from navigation to the effect; null when the tap was lost. */
  effectMs: number | null
  getSubmission: boolean
  fcpMs: number
  scriptRunMs: number
}

async function probe(
  browser: Browser,
  origin: string,
  profile: ProfileName,
  item: Control,
  run: number,
): Promise<Run> {
  const context = await newDeviceContext(browser, item.viewport, [
    'clipboard-read',
    'clipboard-write',
  ])
  try {
    const page = await context.newPage()
    await page.addInitScript(observePaintAndScriptRun)
    const name = `Проба ${profile} ${run} ${Math.random().toString(36).slice(2, 6)}`
    let getSubmission = false
    const leaks = (url: string) =>
      url.includes(PHONE_DIGITS) ||
      url.includes(encodeURIComponent(name)) ||
      /[?&](name|phone)=/.test(url)
    page.on('request', (request) => {
      if (leaks(request.url())) getSubmission = true
    })
    page.on('framenavigated', (frame) => {
      if (leaks(frame.url())) getSubmission = true
    })
    await throttle(context, page, PROFILES[profile])
    const start = Date.now()
    await page.goto(`${origin}${item.path}`, { waitUntil: 'commit', timeout: 60_000 })
    await item.act(page, name)
    const shownMs = Date.now() - start
    let effectMs: number | null = null
    const giveUpAt = Date.now() + EFFECT_TIMEOUT_MS
    while (Date.now() < giveUpAt) {
      if (await item.effect(page, name).catch(() => false)) {
        effectMs = Date.now() - start
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const times = await page
      .evaluate(
        () => (window as unknown as { __probe?: { fcp: number; scriptRun: number } }).__probe,
      )
      .catch(() => undefined)
    return {
      profile,
      control: item.name,
      shownMs,
      effectMs,
      getSubmission,
      fcpMs: times?.fcp ?? Number.NaN,
      scriptRunMs: times?.scriptRun ?? Number.NaN,
    }
  } finally {
    await context.close()
  }
}

function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '—')

export type TapRow = {
  profile: ProfileName
  control: string
  runs: number
  lost: number
  getSubmissions: number
  shownMs: number
  effectMs: number
  fcpMs: number
  scriptRunMs: number
}

/**
 * Probes every control on both profiles against the build in `buildDir`, beside a real lead
 * service on `leadPort` (the build's LEAD_API_URL port); prints the table and returns it.
 */
export async function runTapProbe(buildDir: string, leadPort = 3001): Promise<TapRow[]> {
  const site = await buildSiteServer({ buildDir: path.resolve(buildDir) })
  const origin = await site.listen({ port: 0, host: '127.0.0.1' })
  const dbDir = await mkdtemp(path.join(tmpdir(), 'it-lab-taps-'))
  leadsDb = path.join(dbDir, 'leads.sqlite')
  const service = await startService({
    LEAD_PORT: String(leadPort),
    LEADS_DB: leadsDb,
    SITE_ORIGIN: origin,
    RATE_LIMIT_MAX: '1000',
  })
  const browser = await launchBrowser()
  const runs: Run[] = []
  try {
    for (const profile of Object.keys(PROFILES) as ProfileName[]) {
      for (const item of CONTROLS) {
        for (let run = 0; run < RUNS; run += 1) {
          runs.push(await probe(browser, origin, profile, item, run))
        }
      }
    }
  } finally {
    await browser.close()
    await service.stop()
    await site.close()
    await rm(dbDir, { recursive: true, force: true })
  }

  console.log(`\nTaps the moment each control is shown (${buildDir}), ${RUNS} runs each:\n`)
  console.log(
    `${'profile'.padEnd(8)} ${'control'.padEnd(28)} lost  GET  ${'shown'.padStart(8)} ${'effect'.padStart(8)}   first paint → script run`,
  )
  const table: TapRow[] = []
  for (const profile of Object.keys(PROFILES) as ProfileName[]) {
    for (const item of CONTROLS) {
      const mine = runs.filter((run) => run.profile === profile && run.control === item.name)
      const row: TapRow = {
        profile,
        control: item.name,
        runs: mine.length,
        lost: mine.filter((run) => run.effectMs === null).length,
        getSubmissions: mine.filter((run) => run.getSubmission).length,
        shownMs: median(mine.map((run) => run.shownMs)),
        effectMs: median(mine.map((run) => run.effectMs ?? Number.NaN)),
        fcpMs: median(mine.map((run) => run.fcpMs)),
        scriptRunMs: median(mine.map((run) => run.scriptRunMs)),
      }
      table.push(row)
      console.log(
        `${profile.padEnd(8)} ${item.name.padEnd(28)} ${`${row.lost}/${row.runs}`.padStart(4)} ${String(row.getSubmissions).padStart(4)} ${ms(row.shownMs).padStart(8)} ${ms(row.effectMs).padStart(8)}   ${ms(row.fcpMs)} → ${ms(row.scriptRunMs)} (+${ms(row.scriptRunMs - row.fcpMs)})`,
      )
    }
  }
  const out = path.join(siteDir, '..', '..', 'bench-results')
  await mkdir(out, { recursive: true })
  await writeFile(
    path.join(out, 'taps.json'),
    `${JSON.stringify({ buildDir, table, runs }, null, 2)}\n`,
  )
  return table
}

if (import.meta.main) {
  const probed = process.env.PROBE_BUILD_DIR
  if (probed === undefined && !process.argv.includes('--no-build')) buildSite()
  await runTapProbe(probed ?? buildDir, Number(process.env.PROBE_LEAD_PORT ?? 3001))
}
