import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import type { Browser } from 'playwright'
import { newDeviceContext } from './throttled-browser.ts'

export type FirstLoad = {
  /** The scripts a phone downloaded, as gzip bytes of their files. */
  jsGzip: number
  cssGzip: number
  /** The scripts a phone downloaded, by path. */
  scripts: string[]
  /** Scripts the browser starts fetching while it parses the page, before the first paint. */
  beforePaint: string[]
}

const SCRIPT_SRC = /<script[^>]*\bsrc="(\/[^"]+\.js)"/g
const MODULE_PRELOAD = /<link[^>]*rel="modulepreload"[^>]*\bhref="(\/[^"]+\.js)"/g
const STYLESHEET =
  /<link[^>]*rel="stylesheet"[^>]*href="(\/[^"]+\.css)"|<link[^>]*href="(\/[^"]+\.css)"[^>]*rel="stylesheet"/g
const INLINE_MODULE = /<script type="module"[^>]*>([\s\S]*?)<\/script>/g
const INLINE_STYLE = /<style[^>]*>([\s\S]*?)<\/style>/g
// Static imports of an inline module script are fetched as soon as the parser meets it.
const STATIC_IMPORT = /^\s*import\s+(?:[^"(;]*\sfrom\s*)?"(\/[^"]+\.js)"/gm

const captured = (html: string, pattern: RegExp) =>
  [...html.matchAll(pattern)].map((match) => match[1] ?? match[2] ?? '').filter(Boolean)

const gzipSize = async (clientDir: string, urlPath: string) =>
  gzipSync(await readFile(path.join(clientDir, urlPath)), { level: 9 }).length

/**
 * The JavaScript and CSS a first visit to the prerendered page at `route` downloads while it
 * loads and sits idle, as gzip bytes. The JavaScript is what a phone (the headless shell at a
 * phone's size, fresh profile) really fetched from the site until its page script had run and
 * the network had been quiet for half a second: the entry, its chunks and whatever they import at
 * start. An island's code, loaded when the island nears the viewport (or at once on a desktop),
 * and the popup, Sentry and Metrika's tag come later or from elsewhere, so they do not count. The
 * CSS and the scripts fetched before the first paint come from the HTML.
 */
export async function firstLoad(
  browser: Browser,
  origin: string,
  clientDir: string,
  route: string,
): Promise<FirstLoad> {
  const html = await readFile(htmlFileFor(clientDir, route), 'utf8')
  const beforePaint = new Set([
    ...captured(html, SCRIPT_SRC),
    ...captured(html, MODULE_PRELOAD),
    ...captured(html, INLINE_MODULE).flatMap((body) => captured(body, STATIC_IMPORT)),
  ])
  const css = new Set(captured(html, STYLESHEET))
  let cssGzip = 0
  for (const file of css) cssGzip += await gzipSize(clientDir, file)
  // The stylesheet travels inline in the HTML (docs/performance.md, "Inline stylesheet").
  for (const style of captured(html, INLINE_STYLE)) cssGzip += gzipSync(style, { level: 9 }).length

  const scripts = new Set<string>()
  const context = await newDeviceContext(browser, 'phone')
  try {
    const page = await context.newPage()
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (request.resourceType() === 'script' && url.origin === origin) scripts.add(url.pathname)
    })
    await page.goto(`${origin}${route}`, { waitUntil: 'load' })
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.waitForLoadState('networkidle')
  } finally {
    await context.close()
  }
  let jsGzip = 0
  for (const file of scripts) jsGzip += await gzipSize(clientDir, file)
  return { jsGzip, cssGzip, scripts: [...scripts], beforePaint: [...beforePaint] }
}

const KB = 1024
/** The home page, the catalogue and the course pages: at most what a Vite React SPA of the same site ships. */
const RICH_PAGE_JS_GZIP = 77 * KB
/** Every other page: its text, with the page's own small script. */
const TEXT_PAGE_JS_GZIP = 20 * KB
const RICH_PAGE = /^\/(courses|course\/\d+)?$/

/**
 * The first-load JavaScript a page may download while it loads and sits idle, gzip
 * (docs/performance.md, docs/decisions/0079-light-pages.md).
 */
export function jsBudget(pagePath: string): number {
  return RICH_PAGE.test(pagePath) ? RICH_PAGE_JS_GZIP : TEXT_PAGE_JS_GZIP
}

/** The owner's editor's script (/admin/editor.js, vite/editor-bundle.ts): at most this, gzip. */
export const EDITOR_JS_GZIP_BUDGET = 200 * KB

export type EditorScriptSize = { raw: number; gzip: number; brotli: number }

/**
 * The editor's script as the server sends it: the build's precompressed copies (post-build.ts),
 * or the file compressed here at their levels when a copy is missing; undefined when the build
 * has no editor (a release build without an editor backend).
 */
export async function editorScriptSize(clientDir: string): Promise<EditorScriptSize | undefined> {
  const file = path.join(clientDir, 'admin', 'editor.js')
  let script: Buffer
  try {
    script = await readFile(file)
  } catch {
    return undefined
  }
  const copySize = (suffix: string) =>
    stat(`${file}${suffix}`).then(
      (copy) => copy.size,
      () => undefined,
    )
  return {
    raw: script.length,
    gzip: (await copySize('.gz')) ?? gzipSync(script, { level: 9 }).length,
    brotli:
      (await copySize('.br')) ??
      brotliCompressSync(script, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }).length,
  }
}

function htmlFileFor(clientDir: string, pagePath: string): string {
  return path.join(clientDir, pagePath, 'index.html')
}
