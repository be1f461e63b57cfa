// The owner's editor on her phone (/admin/: admin/ and vite/editor-bundle.ts), part of
// `npm run bench` and alone as `npm run bench:editor` (`-- --no-build` reuses the build in
// SITE_BUILD_DIR; figures to bench-results/editor.json): the real editor gateway on a scratch
// repository behind the site's server (harness/editor-gateway.ts), a phone of 390×844 with touch
// and ru-RU in Chromium's headless shell, slow 4G and the CPU ×4 (throttled-browser.ts), a fresh
// profile (empty cache) for every load.
// It measures:
// - the size of editor.js as the server sends it (gzip and brotli);
// - from pressing «Войти» on /admin/login until the heading «Разделы» is drawn;
// - a fresh load, with a session, of an entry's address until its form is drawn with «Сохранить»,
//   its fields and its picture's preview (a course and a teacher with a photo), and a tap on an
//   entry of a section's list until the same;
// - the bytes a phone receives opening a teacher and two lists, with the uploads as shipped and
//   with 20 more large photos committed to content/uploads: they must not grow with the photos.
// It measures; it does not gate (the size is checked in `npm run test:budgets`).
import { writeFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { availableParallelism, loadavg } from 'node:os'
import path from 'node:path'
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test'
import {
  EDITOR_PASSWORD,
  startEditorGateway,
  type EditorGateway,
} from '../harness/editor-gateway.ts'
import { largePhotoJpeg } from '../harness/large-photo.ts'
import { EDITOR_JS_GZIP_BUDGET, editorScriptSize, type EditorScriptSize } from './first-load.ts'
import { median } from './lighthouse-runner.ts'
import { buildDir, buildSite, clientDir, siteDir } from './serve-build.ts'
import { launchBrowser, throttle, THROTTLING } from './throttled-browser.ts'

/** Each time is the median of this many runs (EDITOR_BENCH_RUNS). */
export const EDITOR_RUNS = Number(process.env.EDITOR_BENCH_RUNS ?? 5)

/** The owner's phone (as the editor's e2e specs have it), in Russian. */
export const EDITOR_PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  locale: 'ru-RU',
} as const

export const EDITOR_TARGETS = {
  scriptGzip: EDITOR_JS_GZIP_BUDGET,
  loginMs: 3000,
  entryMs: 1000,
  /** Bytes more with 20 more photos that still count as the same figure (headers, dates). */
  bytesGrowth: 1024,
}

/** The entries opened: a course (its picture an SVG drawing) and a teacher with a photo. */
const COURSE = 'content/courses/4.json'
const TEACHER = 'content/teachers/sample-teacher-2.json'
const TEACHER_NAME = 'Имя Отчество Фамилия'
const EXTRA_PHOTOS = 20
const WAIT = 60_000

/** One request of a load, as the DevTools protocol saw it. */
type Fetched = {
  url: string
  /** The editor API's action (`getEntry`), for a request to /admin/api/v1. */
  action?: string
  /** Milliseconds from the load's first request. */
  startMs: number
  endMs: number
  /** Bytes received: headers and body as they came over the wire (compressed). */
  bytes: number
}

export type Timing = { ms: number; runs: number[]; waterfall: Fetched[] }

type BytesFigures = {
  bytes: number
  apiBytes: number
  ms: number
  /** What each request brought: `getEntry 0.9 KB`. */
  requests: string[]
}

export type BytesRow = { label: string; shipped: BytesFigures; morePhotos: BytesFigures }

export type EditorBench = {
  runs: number
  /** The machine's load average over a minute, before and after, and its cores. */
  machine: { loadBefore: number; loadAfter: number; cores: number }
  script: EditorScriptSize
  login: Timing & { breakdown: Record<string, number> }
  course: Timing
  teacher: Timing
  /** Diagnostic: the teacher's load with the editor's files in the cache. */
  teacherWarm: Timing
  listToEntry: Timing
  bytes: BytesRow[]
}

// Runs in every document before its scripts: the moment (performance.now(), at the frame that
// draws it) the heading «Разделы», an entry's finished form and a list's entries first show, the
// last tap or click, and the moment «Войти» submitted (kept for the next page in sessionStorage).
function watchEditor() {
  const marks: Record<string, number> = {}
  Object.assign(window, { __editorBench: marks })
  document.addEventListener(
    'submit',
    () =>
      sessionStorage.setItem('benchSubmitAt', String(performance.timeOrigin + performance.now())),
    true,
  )
  document.addEventListener('click', () => (marks.clickAt = performance.now()), true)
  const loaded = new WeakSet<EventTarget>()
  document.addEventListener('load', (event) => event.target && loaded.add(event.target), true)
  const formReady = (form: Element) => {
    const save = [...form.querySelectorAll('button[type="submit"]')].some(
      (button) => button.textContent === 'Сохранить',
    )
    const fields = form.querySelector('input:not([type="file"]), textarea, select') !== null
    const pictures = [...form.querySelectorAll('.picture')].every((picture) => {
      const image = picture.querySelector('img')
      return image ? loaded.has(image) : picture.textContent?.includes('Фото не выбрано')
    })
    return save && fields && pictures
  }
  const frame = () => {
    const now = performance.now()
    const heading = document.querySelector('main h1')?.textContent
    if (marks.sections === undefined && heading === 'Разделы') marks.sections = now
    const form = document.querySelector('form.entry')
    if (marks.entry === undefined && form && formReady(form)) marks.entry = now
    if (marks.list === undefined && document.querySelector('ul.entries li')) marks.list = now
    requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
}

type Marks = { sections?: number; entry?: number; list?: number; clickAt?: number }

const marksOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __editorBench: Marks }).__editorBench)

async function waitForMark(page: Page, mark: keyof Marks): Promise<number> {
  await page.waitForFunction(
    (name) =>
      (window as unknown as { __editorBench?: Record<string, number> }).__editorBench?.[name] !==
      undefined,
    mark,
    { timeout: WAIT, polling: 100 },
  )
  return (await marksOf(page))[mark] ?? Number.NaN
}

type Recorder = {
  /** The requests so far, by start. */
  (): Fetched[]
  /** Forgets them: the next request starts the count again. */
  restart(): void
  /**
   * Waits until no request has been in flight for `quietMs`. (Playwright's `networkidle` is
   * reached once: a pause while the script runs would end it before the API is asked.)
   */
  settle(quietMs?: number): Promise<void>
}

/** Records every request of `page` with its timing and the bytes received. */
async function recordRequests(context: BrowserContext, page: Page): Promise<Recorder> {
  const cdp: CDPSession = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  const started = new Map<string, Omit<Fetched, 'endMs' | 'bytes'>>()
  let done: Fetched[] = []
  let origin: number | undefined
  let lastActivity = Date.now()
  const inFlight = new Set<string>()
  cdp.on('Network.requestWillBeSent', (event) => {
    // A picture's preview shown from its data: URL is no request over the network.
    if (!event.request.url.startsWith('http')) return
    origin ??= event.timestamp
    let action: string | undefined
    if (event.request.url.endsWith('/admin/api/v1') && event.request.postData) {
      try {
        action = (JSON.parse(event.request.postData) as { action?: string }).action
      } catch {
        action = '?'
      }
    }
    inFlight.add(event.requestId)
    lastActivity = Date.now()
    started.set(event.requestId, {
      url: event.request.url,
      action,
      startMs: (event.timestamp - origin) * 1000,
    })
  })
  cdp.on('Network.loadingFailed', (event) => {
    inFlight.delete(event.requestId)
    lastActivity = Date.now()
  })
  cdp.on('Network.loadingFinished', (event) => {
    inFlight.delete(event.requestId)
    lastActivity = Date.now()
    const request = started.get(event.requestId)
    if (!request || origin === undefined) return
    done.push({
      ...request,
      endMs: (event.timestamp - origin) * 1000,
      bytes: event.encodedDataLength,
    })
  })
  return Object.assign(() => done.toSorted((a, b) => a.startMs - b.startMs), {
    restart: () => {
      started.clear()
      inFlight.clear()
      done = []
      origin = undefined
    },
    settle: async (quietMs = 1000) => {
      const deadline = Date.now() + WAIT
      while (inFlight.size > 0 || Date.now() - lastActivity < quietMs) {
        if (Date.now() > deadline) throw new Error('the page did not stop loading')
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
  })
}

/** A fresh profile on the owner's phone, throttled, recording its requests. */
async function phonePage(browser: Browser) {
  const context = await browser.newContext(EDITOR_PHONE)
  const page = await context.newPage()
  await page.addInitScript(watchEditor)
  await throttle(context, page)
  const requests = await recordRequests(context, page)
  return { context, page, requests }
}

/** The session cookie in `context`, logged in by a script (not through the throttled page). */
async function logInQuietly(context: BrowserContext, url: string): Promise<void> {
  const answer = await context.request.post(`${url}/admin/login`, {
    form: { password: EDITOR_PASSWORD },
    maxRedirects: 0,
  })
  if (answer.status() !== 303) throw new Error(`logging in answered ${answer.status()}`)
}

/** «Войти» pressed → «Разделы» drawn, on one cold load; with where the time went. */
async function measureLogin(browser: Browser, url: string) {
  const { context, page, requests } = await phonePage(browser)
  try {
    await page.goto(`${url}/admin/login`, { waitUntil: 'load', timeout: WAIT })
    await page.getByLabel('Пароль').fill(EDITOR_PASSWORD)
    await page.getByRole('button', { name: 'Войти' }).tap()
    await page.waitForURL(`${url}/admin/`, { timeout: WAIT })
    const sections = await waitForMark(page, 'sections')
    const times = await page.evaluate(() => {
      const script = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find(
        (entry) => entry.name.endsWith('/admin/editor.js'),
      )
      const document = performance.getEntriesByType('navigation')[0] as
        PerformanceNavigationTiming | undefined
      return {
        origin: performance.timeOrigin,
        submitAt: Number(sessionStorage.getItem('benchSubmitAt')),
        documentEnd: document?.responseEnd ?? Number.NaN,
        scriptStart: script?.startTime ?? Number.NaN,
        scriptEnd: script?.responseEnd ?? Number.NaN,
      }
    })
    const fromSubmit = (ms: number) => times.origin + ms - times.submitAt
    return {
      ms: fromSubmit(sections),
      waterfall: requests(),
      breakdown: {
        'page /admin/ received': fromSubmit(times.documentEnd),
        'editor.js requested': fromSubmit(times.scriptStart),
        'editor.js received': fromSubmit(times.scriptEnd),
        '«Разделы» drawn': fromSubmit(sections),
      },
    }
  } finally {
    await context.close()
  }
}

/**
 * A fresh load of an entry's address, with a session: until its form is drawn, and the bytes.
 * `warm`: the editor's script and stylesheet are in the cache already (she opened the editor
 * within the hour: they are cached for one), so only the page and the API's answers come.
 */
async function measureEntry(browser: Browser, url: string, file: string, warm = false) {
  const { context, page, requests } = await phonePage(browser)
  try {
    await logInQuietly(context, url)
    if (warm) {
      await page.goto(`${url}/admin/#/`, { timeout: WAIT })
      await waitForMark(page, 'sections')
      await requests.settle()
      await page.goto('about:blank')
      requests.restart()
    }
    await page.goto(`${url}/admin/#/e/${file}`, { timeout: WAIT })
    const ms = await waitForMark(page, 'entry')
    await requests.settle()
    return { ms, waterfall: requests() }
  } finally {
    await context.close()
  }
}

/** A fresh load of a section's list, with a session: until its entries show, and the bytes. */
async function measureList(browser: Browser, url: string, section: string) {
  const { context, page, requests } = await phonePage(browser)
  try {
    await logInQuietly(context, url)
    await page.goto(`${url}/admin/#/s/${section}`, { timeout: WAIT })
    const ms = await waitForMark(page, 'list')
    await requests.settle()
    return { ms, waterfall: requests() }
  } finally {
    await context.close()
  }
}

/** The teachers' list loaded and settled, then a tap on a teacher: until the form is drawn. */
async function measureListToEntry(browser: Browser, url: string) {
  const { context, page, requests } = await phonePage(browser)
  try {
    await logInQuietly(context, url)
    await page.goto(`${url}/admin/#/s/teachers`, { timeout: WAIT })
    await waitForMark(page, 'list')
    await requests.settle()
    const before = requests().length
    await page.getByRole('link', { name: new RegExp(`^${TEACHER_NAME}`) }).tap()
    const entry = await waitForMark(page, 'entry')
    const { clickAt } = await marksOf(page)
    await requests.settle()
    const tap = clickAt ?? Number.NaN
    return {
      ms: entry - tap,
      // From the tap: the requests' times count from the load's first request, as the page's do.
      waterfall: requests()
        .slice(before)
        .map((r) => ({ ...r, startMs: r.startMs - tap, endMs: r.endMs - tap })),
    }
  } finally {
    await context.close()
  }
}

async function repeat(
  runs: number,
  measure: () => Promise<{ ms: number; waterfall: Fetched[] }>,
): Promise<Timing> {
  const results = []
  for (let run = 0; run < runs; run += 1) results.push(await measure())
  const ms = median(results.map((result) => result.ms))
  // The waterfall of the run nearest the median, to read where its time went.
  const typical = results.reduce((best, result) =>
    Math.abs(result.ms - ms) < Math.abs(best.ms - ms) ? result : best,
  )
  return { ms, runs: results.map((result) => result.ms), waterfall: typical.waterfall }
}

const isApi = (request: Fetched) => request.action !== undefined
const sum = (requests: Fetched[]) => requests.reduce((total, r) => total + r.bytes, 0)

type Load = { ms: number; waterfall: Fetched[] }
const BYTES_LOADS: { label: string; load: (browser: Browser, url: string) => Promise<Load> }[] = [
  { label: 'teacher with a photo', load: (b, url) => measureEntry(b, url, TEACHER) },
  { label: "teachers' list", load: (b, url) => measureList(b, url, 'teachers') },
  { label: "photos' list", load: (b, url) => measureList(b, url, 'photos') },
]

/** The shipped content; or it with `photos` more large JPEGs in content/uploads, committed. */
async function gateway(photos: Buffer[] = []): Promise<EditorGateway> {
  return startEditorGateway({
    buildDir: path.relative(siteDir, buildDir),
    prepare: (repo) =>
      photos.forEach((photo, index) =>
        writeFileSync(path.join(repo, 'content', 'uploads', `bench-photo-${index + 1}.jpg`), photo),
      ),
  })
}

/** Measures the editor in the build at `buildDir` (bench/serve-build.ts). */
export async function runEditorBench(runs: number): Promise<EditorBench> {
  const loadBefore = loadavg()[0] ?? Number.NaN
  const script = await editorScriptSize(clientDir)
  if (!script) throw new Error(`${clientDir} has no admin/editor.js: a build without the editor`)
  const browser = await launchBrowser()
  try {
    let bench: Omit<EditorBench, 'bytes' | 'machine'>
    const shipped: Load[] = []
    const editor = await gateway()
    try {
      // A first, unmeasured load warms the gateway, the server and the disk cache.
      await measureEntry(browser, editor.url, TEACHER)
      const breakdownRuns: Record<string, number>[] = []
      const loginRuns = await repeat(runs, async () => {
        const run = await measureLogin(browser, editor.url)
        breakdownRuns.push(run.breakdown)
        return run
      })
      bench = {
        runs,
        script,
        login: {
          ...loginRuns,
          breakdown: Object.fromEntries(
            Object.keys(breakdownRuns[0] ?? {}).map((key) => [
              key,
              median(breakdownRuns.map((run) => run[key] ?? Number.NaN)),
            ]),
          ),
        },
        course: await repeat(runs, () => measureEntry(browser, editor.url, COURSE)),
        teacher: await repeat(runs, () => measureEntry(browser, editor.url, TEACHER)),
        teacherWarm: await repeat(runs, () => measureEntry(browser, editor.url, TEACHER, true)),
        listToEntry: await repeat(runs, () => measureListToEntry(browser, editor.url)),
      }
      for (const { load } of BYTES_LOADS) shipped.push(await load(browser, editor.url))
    } finally {
      await editor.stop()
    }

    const photos: Buffer[] = []
    for (let index = 0; index < EXTRA_PHOTOS; index += 1) photos.push(await largePhotoJpeg())
    const withPhotos = await gateway(photos)
    const bytes: BytesRow[] = []
    try {
      await measureEntry(browser, withPhotos.url, TEACHER)
      for (const [index, { label, load }] of BYTES_LOADS.entries()) {
        const more = await load(browser, withPhotos.url)
        const before = shipped[index] ?? { ms: Number.NaN, waterfall: [] }
        const figures = (run: Load): BytesFigures => ({
          bytes: sum(run.waterfall),
          apiBytes: sum(run.waterfall.filter(isApi)),
          ms: run.ms,
          requests: run.waterfall.map(
            (r) => `${r.action ?? new URL(r.url).pathname} ${kb(r.bytes)}`,
          ),
        })
        bytes.push({ label, shipped: figures(before), morePhotos: figures(more) })
      }
    } finally {
      await withPhotos.stop()
    }
    const machine = {
      loadBefore,
      loadAfter: loadavg()[0] ?? Number.NaN,
      cores: availableParallelism(),
    }
    return { ...bench, machine, bytes }
  } finally {
    await browser.close()
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const ms = (value: number) => `${Math.round(value)} ms`
const verdict = (ok: boolean) => (ok ? 'pass' : 'FAIL')

/** Prints the editor's table; returns the targets missed, for the bench's summary. */
export function printEditorBench(bench: EditorBench): string[] {
  const { latencyMs, downKbps, upKbps, cpuSlowdown } = THROTTLING
  const { width, height } = EDITOR_PHONE.viewport
  const misses: string[] = []
  const rows: [string, string, string, string][] = []
  const row = (figure: string, measured: string, target: string, ok?: boolean) => {
    rows.push([figure, measured, target, ok === undefined ? '' : verdict(ok)])
    if (ok === false) misses.push(`editor: ${figure} ${measured} (target ${target})`)
  }
  const { script } = bench
  row(
    'editor.js, gzip (brotli)',
    `${kb(script.gzip)} (${kb(script.brotli)}; ${kb(script.raw)} raw)`,
    `≤ ${kb(EDITOR_TARGETS.scriptGzip)} gzip`,
    script.gzip <= EDITOR_TARGETS.scriptGzip,
  )
  const timing = (figure: string, measured: Timing, target?: number) =>
    row(
      figure,
      `${ms(measured.ms)} (${measured.runs.map((run) => Math.round(run)).join(', ')})`,
      target === undefined ? 'none (diagnostic)' : `≤ ${ms(target)}`,
      target === undefined ? undefined : measured.ms <= target,
    )
  timing('«Войти» → «Разделы» drawn', bench.login, EDITOR_TARGETS.loginMs)
  timing(`load of ${COURSE} → form drawn`, bench.course, EDITOR_TARGETS.entryMs)
  timing('load of a teacher → form and photo drawn', bench.teacher, EDITOR_TARGETS.entryMs)
  timing('the same, editor.js and .css in the cache', bench.teacherWarm)
  timing('teachers list, tap → form and photo drawn', bench.listToEntry)
  for (const { label, shipped, morePhotos } of bench.bytes) {
    row(
      `bytes received, ${label}: shipped → +${EXTRA_PHOTOS} photos`,
      `${kb(shipped.bytes)} → ${kb(morePhotos.bytes)} (API ${kb(shipped.apiBytes)} → ${kb(morePhotos.apiBytes)})`,
      'does not grow',
      morePhotos.bytes - shipped.bytes <= EDITOR_TARGETS.bytesGrowth,
    )
  }

  console.log(
    `\nThe owner's editor: a phone of ${width}×${height}, touch, ru-RU, ${latencyMs} ms RTT, ${downKbps / 1000} Mbit/s down, ${upKbps} kbit/s up, CPU ×${cpuSlowdown}, a fresh profile each load; times are medians of ${bench.runs} runs (each run in brackets)\n`,
  )
  const { loadBefore, loadAfter, cores } = bench.machine
  const busy = Math.max(loadBefore, loadAfter) > cores
  console.log(
    `The machine's load average: ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after, on ${cores} cores${busy ? ': busy, the times are slower than the phone would see' : ''}\n`,
  )
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((r) => r[column]?.length ?? 0)))
  const line = (cells: string[]) =>
    cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')
  console.log(line(['figure', 'measured', 'target', 'result']))
  for (const cells of rows) console.log(line(cells))

  console.log('\nWhere the time went (ms after «Войти», medians):')
  for (const [step, value] of Object.entries(bench.login.breakdown))
    console.log(`  ${step.padEnd(24)} ${ms(value).padStart(8)}`)
  const waterfall = (title: string, timing: Timing) => {
    console.log(`\n${title}, the run nearest the median (${ms(timing.ms)}): requests, ms`)
    for (const request of timing.waterfall) {
      const name = request.action ?? new URL(request.url).pathname
      console.log(
        `  ${name.padEnd(24)} ${ms(request.startMs).padStart(8)} → ${ms(request.endMs).padStart(8)}  ${kb(request.bytes).padStart(9)}`,
      )
    }
  }
  waterfall(`Load of ${COURSE}`, bench.course)
  waterfall('Load of a teacher', bench.teacher)
  waterfall("Load of a teacher, the editor's files in the cache", bench.teacherWarm)
  waterfall('Tap on a teacher in the list (from the tap)', bench.listToEntry)
  for (const { label, shipped, morePhotos } of bench.bytes) {
    console.log(`\nBytes of the ${label}, shipped: ${shipped.requests.join(', ')}`)
    console.log(`  with ${EXTRA_PHOTOS} photos more: ${morePhotos.requests.join(', ')}`)
  }
  console.log(
    `\nBytes: the load's every request, headers included, as received (the API's answers as the site's server sends them); the time to the form or list in the same runs: ${bench.bytes.map((r) => `${r.label} ${ms(r.shipped.ms)} → ${ms(r.morePhotos.ms)}`).join(', ')}`,
  )
  return misses
}

if (import.meta.main) {
  if (!process.argv.includes('--no-build')) buildSite()
  const bench = await runEditorBench(EDITOR_RUNS)
  const misses = printEditorBench(bench)
  console.log(
    misses.length ? `\nTargets not met:\n  ${misses.join('\n  ')}` : '\nEvery target met.',
  )
  const outDir = path.resolve(siteDir, '..', '..', 'bench-results')
  await mkdir(outDir, { recursive: true })
  const file = path.join(outDir, 'editor.json')
  await writeFile(
    file,
    `${JSON.stringify({ targets: EDITOR_TARGETS, throttling: THROTTLING, ...bench, misses }, null, 2)}\n`,
  )
  console.log(`\nFigures written to ${file}`)
}
