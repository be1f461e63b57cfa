import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

export type FirstLoad = { jsGzip: number; cssGzip: number; files: string[] }

const SCRIPT_OR_PRELOAD =
  /<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="(\/[^"]+\.js)"/g
const STYLESHEET =
  /<link[^>]*rel="stylesheet"[^>]*href="(\/[^"]+\.css)"|<link[^>]*href="(\/[^"]+\.css)"[^>]*rel="stylesheet"/g
// The route modules React Router's inline module script imports on load.
const INLINE_IMPORT = /import (?:\* as \w+ from )?"(\/assets\/[^"]+\.js)"/g

/**
 * The JavaScript and CSS a first visit to a prerendered page downloads before it is interactive,
 * as gzip bytes: everything its HTML references. Chunks loaded later (Sentry, Metrika's tag) are
 * not referenced there, so they do not count.
 */
export async function firstLoad(clientDir: string, htmlFile: string): Promise<FirstLoad> {
  const html = await readFile(htmlFile, 'utf8')
  const js = new Set<string>()
  const css = new Set<string>()
  for (const match of html.matchAll(SCRIPT_OR_PRELOAD)) if (match[1]) js.add(match[1])
  for (const match of html.matchAll(INLINE_IMPORT)) if (match[1]) js.add(match[1])
  for (const match of html.matchAll(STYLESHEET)) {
    const href = match[1] ?? match[2]
    if (href) css.add(href)
  }
  const gzipSize = async (urlPath: string) =>
    gzipSync(await readFile(path.join(clientDir, urlPath)), { level: 9 }).length
  let jsGzip = 0
  let cssGzip = 0
  for (const file of js) jsGzip += await gzipSize(file)
  for (const file of css) cssGzip += await gzipSize(file)
  return { jsGzip, cssGzip, files: [...js, ...css] }
}

export function htmlFileFor(clientDir: string, pagePath: string): string {
  return path.join(clientDir, pagePath, 'index.html')
}
