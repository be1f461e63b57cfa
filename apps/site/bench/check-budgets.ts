// Part of `npm test`: the budgets that do not flicker. A production build (a fresh one, or with
// --no-build the one in SITE_BUILD_DIR: `npm test` reuses the e2e build) must keep every page's
// first-load JavaScript (what a phone in the headless shell downloads) and CSS within budget and
// fetch none of that JavaScript before the first paint, keep the owner's editor's script within
// its budget (gzip, as the server sends it; a build without the editor has none), and Lighthouse's
// Accessibility, Best Practices and SEO must give 100 on three pages. Its Performance score is a
// timing a busy machine moves: `npm run bench` measures it (docs/performance.md, "Measuring").
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { paths, prerenderPaths } from '#app/config/paths.ts'
import { EDITOR_JS_GZIP_BUDGET, editorScriptSize, firstLoad, jsBudget } from './first-load.ts'
import { AUDIT_CATEGORIES, type AuditCategory } from './lighthouse-runner.ts'
import { buildSite, clientDir, serveBuild } from './serve-build.ts'
import { launchBrowser } from './throttled-browser.ts'

const CSS_BUDGET = 20 * 1024
const LIGHTHOUSE_PAGES = [paths.home, paths.courses, paths.course(4)]

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

const AUDIT_SCRIPT = path.join(import.meta.dirname, 'lighthouse-audit.ts')

/**
 * Lighthouse's audits of each page, each in a process of its own and all at once, beside the first
 * loads measured below: no timing is scored, and most of a run is waiting for the page to settle.
 */
function auditPages(origin: string) {
  return Promise.all(
    LIGHTHOUSE_PAGES.map(async (route) => {
      const { stdout } = await promisify(execFile)(process.execPath, [
        AUDIT_SCRIPT,
        `${origin}${route}`,
      ])
      return { route, scores: JSON.parse(stdout) as Record<AuditCategory, number> }
    }),
  )
}

const server = await serveBuild()
try {
  const audits = auditPages(server.origin)
  // Its failure is met by the `await` below, not ended early as an unhandled rejection.
  audits.catch(() => {})
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

  for (const { route, scores } of await audits) {
    check(
      AUDIT_CATEGORIES.every((category) => scores[category] === 100),
      `${route}: Lighthouse ${AUDIT_CATEGORIES.map((category) => `${category} ${scores[category]}`).join(', ')} (all 100)`,
    )
  }
} finally {
  await server.close()
}

console.log(`\nbudgets: ${passed} passed, ${failed} failed`)
process.exitCode = failed === 0 ? 0 : 1
