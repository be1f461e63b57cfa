import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { ENTRY_ATTRIBUTE, type PageEntry } from '#app/inline-scripts/page-entry.ts'

export type FirstLoad = {
  jsGzip: number
  cssGzip: number
  files: string[]
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

const ENTRY = new RegExp(`<script ${ENTRY_ATTRIBUTE}="([^"]*)"`)

/** The browser entry and its chunks, as the head script loads them after the first paint. */
export function pageEntry(html: string): PageEntry | undefined {
  const json = ENTRY.exec(html)?.[1]
  return json === undefined ? undefined : (JSON.parse(json.replaceAll('&quot;', '"')) as PageEntry)
}

const captured = (html: string, pattern: RegExp) =>
  [...html.matchAll(pattern)].map((match) => match[1] ?? match[2] ?? '').filter(Boolean)

/**
 * The JavaScript and CSS a first visit to a prerendered page downloads while it loads and sits
 * idle, as gzip bytes: everything its HTML references or holds inline, and the browser entry with
 * its chunks. An island's code, loaded when the island nears the viewport (or at once on a
 * desktop), and the popup, Sentry and Metrika's tag are not, so they do not count: islandLoad
 * gives what a page's islands add.
 */
export async function firstLoad(clientDir: string, htmlFile: string): Promise<FirstLoad> {
  const html = await readFile(htmlFile, 'utf8')
  const moduleScripts = captured(html, INLINE_MODULE)
  // The browser entry, imported after the first paint.
  const entry = pageEntry(html)
  if (!entry) throw new Error(`${htmlFile} has no head script naming its entry`)
  const js = new Set([
    ...captured(html, SCRIPT_SRC),
    ...captured(html, MODULE_PRELOAD),
    entry.module,
    ...entry.imports,
  ])
  const beforePaint = new Set([
    ...captured(html, SCRIPT_SRC),
    ...captured(html, MODULE_PRELOAD),
    ...moduleScripts.flatMap((body) => captured(body, STATIC_IMPORT)),
  ])
  const css = new Set(captured(html, STYLESHEET))
  const gzipSize = async (urlPath: string) =>
    gzipSync(await readFile(path.join(clientDir, urlPath)), { level: 9 }).length
  let jsGzip = 0
  let cssGzip = 0
  for (const file of js) jsGzip += await gzipSize(file)
  for (const file of css) cssGzip += await gzipSize(file)
  // The stylesheet travels inline in the HTML (docs/performance.md, "Inline stylesheet").
  for (const style of captured(html, INLINE_STYLE)) cssGzip += gzipSync(style, { level: 9 }).length
  return { jsGzip, cssGzip, files: [...js, ...css], beforePaint: [...beforePaint] }
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

export function htmlFileFor(clientDir: string, pagePath: string): string {
  return path.join(clientDir, pagePath, 'index.html')
}
