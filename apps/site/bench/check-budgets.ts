// Part of `npm test`: the budgets that do not flicker. A production build (a fresh one, or with
// --no-build the one in SITE_BUILD_DIR: `npm test` reuses the e2e build) must keep every page's
// first-load JavaScript (what a phone in the headless shell downloads) and CSS within budget and
// fetch none of that JavaScript before the first paint, keep the owner's editor's script within
// its budget (gzip, as the server sends it; a build without the editor has none), and one
// Lighthouse run on three pages must give Accessibility, Best Practices and
// SEO 100 and Performance at least 85 (single runs in Chromium's headless shell measured 93–100),
// and Performance at least 97 computed from the same run's trace on thread time, which this
// machine's load does not move (docs/performance.md, "Measuring").
import { paths, prerenderPaths } from '#app/config/paths.ts'
import { EDITOR_JS_GZIP_BUDGET, editorScriptSize, firstLoad, jsBudget } from './first-load.ts'
import { runLighthouse } from './lighthouse-runner.ts'
import { buildSite, clientDir, serveBuild } from './serve-build.ts'
import { launchBrowser } from './throttled-browser.ts'

const CSS_BUDGET = 20 * 1024
const LIGHTHOUSE_PAGES = [paths.home, paths.courses, paths.course(4)]
const MIN_PERFORMANCE = 85
const MIN_THREAD_TIME_PERFORMANCE = 97

let passed = 0
let failed = 0
function check(ok: boolean, label: string) {
  if (ok) passed += 1
  else failed += 1
  console.log(`${ok ? '✓' : '✗'} ${label}`)
}

if (!process.argv.includes('--no-build')) buildSite()

const editorScript = await editorScriptSize(clientDir)
if (editorScript) {
  check(
    editorScript.gzip <= EDITOR_JS_GZIP_BUDGET,
    `/admin/editor.js: ${editorScript.gzip} B gzip (≤ ${EDITOR_JS_GZIP_BUDGET}), ${editorScript.brotli} B brotli`,
  )
} else console.log('– /admin/editor.js: this build has no editor (no editor backend)')

const server = await serveBuild()
try {
  const browser = await launchBrowser()
  try {
    for (const route of prerenderPaths) {
      const size = await firstLoad(browser, server.origin, clientDir, route)
      const jsGzip = jsBudget(route)
      check(
        size.jsGzip <= jsGzip && size.cssGzip <= CSS_BUDGET,
        `${route}: first-load JS ${size.jsGzip} B gzip in ${size.scripts.length} files (≤ ${jsGzip}), CSS ${size.cssGzip} B gzip (≤ ${CSS_BUDGET})`,
      )
      check(
        size.beforePaint.length === 0,
        `${route}: no script fetched before the first paint${size.beforePaint.length ? ` (${size.beforePaint.join(', ')})` : ''}`,
      )
    }
  } finally {
    await browser.close()
  }

  // A first, unscored run warms Chromium and the disk cache, which a cold machine would charge
  // to the first page measured.
  await runLighthouse(`${server.origin}${paths.home}`)
  for (const route of LIGHTHOUSE_PAGES) {
    const { scores, threadTime } = await runLighthouse(`${server.origin}${route}`)
    check(
      scores.accessibility === 100 &&
        scores['best-practices'] === 100 &&
        scores.seo === 100 &&
        scores.performance >= MIN_PERFORMANCE,
      `${route}: Lighthouse perf ${scores.performance} (≥ ${MIN_PERFORMANCE}), a11y ${scores.accessibility}, best practices ${scores['best-practices']}, SEO ${scores.seo} (all 100)`,
    )
    check(
      threadTime.performance >= MIN_THREAD_TIME_PERFORMANCE,
      `${route}: Lighthouse perf on thread time ${threadTime.performance} (≥ ${MIN_THREAD_TIME_PERFORMANCE}), TBT ${Math.round(threadTime.tbtMs)} ms`,
    )
  }
} finally {
  await server.close()
}

console.log(`\nbudgets: ${passed} passed, ${failed} failed`)
process.exitCode = failed === 0 ? 0 : 1
