// `npm run bench`: builds the site, serves the production build, runs Lighthouse (mobile) three
// times on every indexable route and one policy page, and prints the medians with the first-load
// JavaScript and CSS. Figures go to bench-results/site.json. It measures; it does not gate.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { paths, sitemapPaths } from '../app/config/paths.ts'
import { firstLoad, htmlFileFor } from './first-load.ts'
import { CATEGORIES, median, runLighthouse, type LighthouseFigures } from './lighthouse-runner.ts'
import { buildSite, clientDir, serveBuild, siteDir } from './serve-build.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const routes = [...sitemapPaths, paths.privacyPolicy]
const TARGETS = { score: 100, lcpMs: 1200, tbtMs: 50, cls: 0.01, homeJsGzip: 110 * 1024 }

if (!process.argv.includes('--no-build')) buildSite()
const server = await serveBuild()

type Row = {
  route: string
  scores: LighthouseFigures['scores']
  lcpMs: number
  tbtMs: number
  cls: number
  jsGzip: number
  cssGzip: number
}

const rows: Row[] = []
try {
  for (const route of routes) {
    const runs: LighthouseFigures[] = []
    for (let run = 0; run < RUNS; run += 1)
      runs.push(await runLighthouse(`${server.origin}${route}`))
    const size = await firstLoad(clientDir, htmlFileFor(clientDir, route))
    const row: Row = {
      route,
      scores: Object.fromEntries(
        CATEGORIES.map((category) => [category, median(runs.map((r) => r.scores[category]))]),
      ) as Row['scores'],
      lcpMs: median(runs.map((r) => r.lcpMs)),
      tbtMs: median(runs.map((r) => r.tbtMs)),
      cls: median(runs.map((r) => r.cls)),
      jsGzip: size.jsGzip,
      cssGzip: size.cssGzip,
    }
    rows.push(row)
    console.log(`measured ${route}`)
  }
} finally {
  await server.close()
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
console.log(`\nLighthouse mobile, median of ${RUNS} runs (Perf / A11y / BP / SEO)\n`)
console.log(
  [
    'route'.padEnd(22),
    'perf',
    'a11y',
    '  bp',
    ' seo',
    '    LCP',
    '   TBT',
    '   CLS',
    '  JS gzip',
    ' CSS gzip',
  ].join(' '),
)
for (const row of rows) {
  console.log(
    [
      row.route.padEnd(22),
      ...CATEGORIES.map((category) => String(row.scores[category]).padStart(4)),
      `${(row.lcpMs / 1000).toFixed(2)} s`.padStart(7),
      `${Math.round(row.tbtMs)} ms`.padStart(6),
      row.cls.toFixed(3).padStart(6),
      kb(row.jsGzip).padStart(9),
      kb(row.cssGzip).padStart(9),
    ].join(' '),
  )
}

const misses: string[] = []
for (const row of rows) {
  for (const category of CATEGORIES) {
    if (row.scores[category] < TARGETS.score)
      misses.push(`${row.route}: ${category} ${row.scores[category]}`)
  }
  if (row.lcpMs > TARGETS.lcpMs) misses.push(`${row.route}: LCP ${Math.round(row.lcpMs)} ms`)
  if (row.tbtMs > TARGETS.tbtMs) misses.push(`${row.route}: TBT ${Math.round(row.tbtMs)} ms`)
  if (row.cls > TARGETS.cls) misses.push(`${row.route}: CLS ${row.cls.toFixed(3)}`)
}
const home = rows.find((row) => row.route === paths.home)
if (home && home.jsGzip > TARGETS.homeJsGzip) misses.push(`home first-load JS ${kb(home.jsGzip)}`)
console.log(misses.length ? `\nTargets not met:\n  ${misses.join('\n  ')}` : '\nEvery target met.')

const outDir = path.resolve(siteDir, '..', '..', 'bench-results')
await mkdir(outDir, { recursive: true })
await writeFile(
  path.join(outDir, 'site.json'),
  `${JSON.stringify({ runs: RUNS, targets: TARGETS, rows, misses }, null, 2)}\n`,
)
console.log(`\nFigures written to ${path.join(outDir, 'site.json')}`)
