import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import type { BuildSettings } from '../build-settings.ts'
import { notFoundDocuments, sitemapPaths } from '#app/config/paths.ts'
import {
  contentSecurityPolicy,
  inlineHashes,
  nginxHeaderLines,
  securityHeaders,
} from './security-headers.ts'
import type { ServerBuild } from 'react-router'
import { deferHydration, type DeferScripts } from './defer-hydration.ts'
import { bundleInlineScript } from './inline-script.ts'
import { writeSiteAssets } from './site-assets.ts'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)
const COMPRESSIBLE = /\.(html|js|css|svg|json|xml|txt|webmanifest|ico)$/

/** Writes .br and .gz beside each text file, at the highest levels: served as they are, no work per request. */
async function precompress(dir: string): Promise<void> {
  const files = (await readdir(dir, { recursive: true })).filter((file) => COMPRESSIBLE.test(file))
  for (const file of files) {
    const full = path.join(dir, file)
    const content = await readFile(full)
    await writeFile(
      `${full}.br`,
      await brotli(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
    )
    await writeFile(`${full}.gz`, await gzipAsync(content, { level: 9 }))
  }
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true })
  return entries.filter((entry) => entry.endsWith('.html')).map((entry) => path.join(dir, entry))
}

const inlineScripts = path.join(import.meta.dirname, '..', 'app', 'inline-scripts')

/** The head and boot scripts that load a page's JavaScript after its first paint. */
async function deferScripts(): Promise<DeferScripts> {
  const head = await bundleInlineScript(path.join(inlineScripts, 'preload-after-first-paint.ts'))
  const boot = await bundleInlineScript(
    path.join(inlineScripts, 'boot-after-first-paint.ts'),
    'module',
  )
  return { head: head.code, boot: boot.code }
}

/** Rewrites every prerendered page of `clientDir` (defer-hydration.ts) and returns them. */
async function deferEveryPage(buildDirectory: string, clientDir: string): Promise<string[]> {
  // React Router's manifest of the client build, as the server build carries it.
  const serverBuild = pathToFileURL(path.join(buildDirectory, 'server', 'index.js'))
  const { assets } = (await import(/* @vite-ignore */ serverBuild.href)) as ServerBuild
  const scripts = await deferScripts()
  return Promise.all(
    (await htmlFiles(clientDir)).map(async (file) => {
      // Each page is prerendered to <path>/index.html.
      const folder = path.relative(clientDir, path.dirname(file)).split(path.sep).join('/')
      const html = deferHydration(await readFile(file, 'utf8'), `/${folder}`, assets, scripts)
      await writeFile(file, html)
      return html
    }),
  )
}

/**
 * Runs after React Router has prerendered every page:
 * - defers each page's JavaScript until after its first paint (defer-hydration.ts);
 * - moves the not-found documents out of the public folder (they are served only with 404);
 * - writes the Open Graph image, icons, manifest, sitemap and robots.txt;
 * - precompresses every text file (brotli and gzip);
 * - hashes the inline scripts and styles of every page into the Content-Security-Policy, written for the
 *   Node server (security-headers.json) and for nginx (nginx/security-headers.conf).
 */
export async function postBuild(buildDirectory: string, settings: BuildSettings): Promise<void> {
  const clientDir = path.join(buildDirectory, 'client')
  const errorsDir = path.join(buildDirectory, 'errors')

  await rm(path.join(clientDir, '__spa-fallback.html'), { force: true })
  // Rewritten before the inline scripts are hashed: the CSP must list the scripts as served.
  const documents = await deferEveryPage(buildDirectory, clientDir)

  await mkdir(errorsDir, { recursive: true })
  await rename(
    path.join(clientDir, notFoundDocuments.page, 'index.html'),
    path.join(errorsDir, 'not-found.html'),
  )
  await rename(
    path.join(clientDir, notFoundDocuments.course, 'index.html'),
    path.join(errorsDir, 'course-not-found.html'),
  )
  await rm(path.join(clientDir, notFoundDocuments.page), { recursive: true, force: true })
  await rm(path.join(clientDir, notFoundDocuments.course), { recursive: true, force: true })

  await writeSiteAssets({ clientDir, siteUrl: settings.SITE_URL, sitemapPaths })

  const headers = securityHeaders(contentSecurityPolicy(inlineHashes(documents), settings))
  await writeFile(
    path.join(buildDirectory, 'security-headers.json'),
    `${JSON.stringify(headers, null, 2)}\n`,
  )
  await mkdir(path.join(buildDirectory, 'nginx'), { recursive: true })
  await writeFile(
    path.join(buildDirectory, 'nginx', 'security-headers.conf'),
    `# Generated by the site build (apps/site/scripts/post-build.ts): do not edit.\n${nginxHeaderLines(headers)}\n`,
  )
  await precompress(clientDir)
}
