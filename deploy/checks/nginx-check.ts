// `npm run check:nginx` (CI, after the site's build): runs deploy/nginx/it-lab.conf in Debian's
// nginx on loopback against the built site, with the real lead service behind it, and checks what
// a visitor gets: statuses and 404 documents, cache headers, brotli/gzip, HTTP/2, the security
// headers, the HTTP->HTTPS redirect, one lead through the proxy into SQLite (a plain form's with
// its ad tags from Referer), the owner's editor behind its gateway (apps/editor, on a scratch
// repository: the login, the guarded files, the editor's API, the limits), and
// an access log without client addresses or queries. deploy/nginx/acme-default.conf (Debian's
// default site, replaced) runs beside it, as on the server. The stack is the one check:deploy
// builds (stack.ts); everything listens on 127.0.0.1 only and is stopped, and its folder removed,
// however the check ends. Only `itlab.example` is ever named, resolved to 127.0.0.1 (--resolve).
//
// Needs: a site build, nginx with Debian's brotli_static module, openssl, curl.
// Settings (environment):
//   SITE_BUILD_DIR          the build folder (apps/site/build)
//   SECURITY_HEADERS_CONF   the add_header file (<build>/nginx/security-headers.conf)
//   NGINX_BIN               nginx binary (nginx on PATH, else /usr/sbin/nginx)
//   NGINX_MODULES_DIR       where the brotli_static module is (/usr/lib/nginx/modules)
//   NGINX_CHECK_HTTP_PORT   8088 (plain HTTP: redirect only)
//   NGINX_CHECK_HTTPS_PORT  8443 (the site, self-signed certificate made for the run)
//   NGINX_CHECK_LEAD_PORT   3091 (the lead service)
//   NGINX_CHECK_EDITOR_PORT 3095 (the editor gateway)
//   NGINX_CHECK_KEEP=1      keep the temporary folder (configs, logs, database)
// Exit code: 0 when every check passed, 1 otherwise (2: could not set up).
import { execFileSync, spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { createConnection } from 'node:net'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { gunzipSync } from 'node:zlib'
import { startService } from '@it-lab/lead-bot/harness/service'
import type { Service } from '@it-lab/lead-bot/harness/service'
import { LEAD_QUERY, VALID_PHONE } from '@it-lab/lead-bot/harness/sample-leads'
import { scratchDir } from './scratch.ts'
import {
  BROTLI_MODULE,
  curlIn,
  MIME_TYPES,
  NGINX,
  nginxArgs,
  nginxPid,
  stopPid,
  tlsCertificate,
  writeNginxConf,
} from './stack.ts'
import type { Answer } from './stack.ts'

const ROOT = path.resolve(import.meta.dirname, '..', '..')
const BUILD = path.resolve(ROOT, process.env.SITE_BUILD_DIR ?? 'apps/site/build')
const HEADERS_CONF =
  process.env.SECURITY_HEADERS_CONF ?? path.join(BUILD, 'nginx', 'security-headers.conf')
const HTTP_PORT = Number(process.env.NGINX_CHECK_HTTP_PORT ?? 8088)
const HTTPS_PORT = Number(process.env.NGINX_CHECK_HTTPS_PORT ?? 8443)
const LEAD_PORT = Number(process.env.NGINX_CHECK_LEAD_PORT ?? 3091)
const EDITOR_PORT = Number(process.env.NGINX_CHECK_EDITOR_PORT ?? 3095)
/** The owner's password in this run (its hash is the gateway's setting). */
const EDITOR_PASSWORD = 'nginx-check пароль редактора'
const HOST = 'itlab.example'
const ORIGIN = `https://${HOST}`
const BASE = `https://${HOST}:${HTTPS_PORT}`
const PAGE_404 = 'Страница не найдена'
const COURSE_404 = 'Курс не найден'

let passed = 0
const failures: string[] = []

function ok(what: string): void {
  passed += 1
  process.stdout.write(`  ok    ${what}\n`)
}
function bad(what: string, why: string): void {
  failures.push(`${what}: ${why}`)
  process.stdout.write(`  FAIL  ${what}: ${why}\n`)
}
/** One check: ok when no problem was found, else its problems. */
function verdict(what: string, problems: string[], failedAs = what): void {
  if (problems.length === 0) ok(what)
  else bad(failedAs, problems.join('; '))
}
const log = (line: string) => process.stdout.write(`${line}\n`)

/** Could not set up: nothing was checked (exit status 2). */
class SetupFailed extends Error {}
function die(message: string): never {
  throw new SetupFailed(message)
}

const portBusy = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })

// --- prerequisites -------------------------------------------------------------------------------
function prerequisites(): void {
  if (!existsSync(NGINX)) die('nginx not found (apt-get install -y nginx)')
  for (const tool of ['openssl', 'curl']) {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' })
    } catch {
      die(`${tool} not found (apt-get install -y ${tool})`)
    }
  }
  if (!existsSync(path.join(BUILD, 'client', 'index.html')))
    die(`no site build in ${BUILD} (npm run build)`)
  for (const doc of ['not-found', 'course-not-found']) {
    if (!existsSync(path.join(BUILD, 'errors', `${doc}.html`)))
      die(`missing ${BUILD}/errors/${doc}.html`)
  }
  if (!existsSync(HEADERS_CONF)) die(`missing ${HEADERS_CONF} (written by the site build)`)
  if (!existsSync(MIME_TYPES)) die(`missing ${MIME_TYPES}`)
  if (!existsSync(BROTLI_MODULE))
    die(`missing ${BROTLI_MODULE} (apt-get install -y libnginx-mod-http-brotli-static)`)
}

let lead: Service | undefined
let editor: ChildProcess | undefined

/** Stops the editor gateway (SIGTERM: a save in flight finishes its commit) and waits for it. */
async function stopEditor(): Promise<void> {
  const running = editor
  editor = undefined
  if (!running || running.exitCode !== null || running.signalCode !== null) return
  const exited = new Promise((resolve) => running.once('exit', resolve))
  running.kill('SIGTERM')
  const waited = await Promise.race([
    exited.then(() => true),
    new Promise((resolve) => setTimeout(resolve, 10_000, false)),
  ])
  if (!waited) running.kill('SIGKILL')
}

async function stopProcesses(dir: string): Promise<void> {
  await stopPid(nginxPid(dir), 5_000)
  await lead?.stop()
  lead = undefined
  await stopEditor()
}

const scratch = scratchDir('nginx-check-', {
  keep: process.env.NGINX_CHECK_KEEP === '1',
  stop: () => stopProcesses(scratch.dir),
})
const TMP = scratch.dir
const fetch = curlIn(TMP, [`${HOST}:${HTTPS_PORT}:127.0.0.1`, `${HOST}:${HTTP_PORT}:127.0.0.1`])

/**
 * The deploy file as it is; only its literal deployment paths, listen lines and the lead
 * service's and the gateway's ports replaced. A literal left means the file changed shape.
 */
function configure(): void {
  tlsCertificate(TMP, HOST)
  mkdirSync(path.join(TMP, 'acme', '.well-known', 'acme-challenge'), { recursive: true })
  const substitute = (
    file: string,
    replacements: [RegExp, string][],
    mustBeGone: string[],
    out: string,
  ) => {
    let text = readFileSync(path.join(ROOT, 'deploy', 'nginx', file), 'utf8')
    for (const [from, to] of replacements) text = text.replace(from, to)
    text = text.replace(/^ *listen \[::\].*\n/gm, '')
    const code = text
      .split('\n')
      .filter((line) => !/^ *#/.test(line))
      .join('\n')
    for (const left of mustBeGone) {
      if (code.includes(left))
        die(`deploy/nginx/${file} changed shape: '${left}' was not substituted; update this check`)
    }
    writeFileSync(path.join(TMP, out), text)
  }
  substitute(
    'it-lab.conf',
    [
      [/\/var\/www\/it-lab\/nginx\/security-headers\.conf/g, HEADERS_CONF],
      [/\/var\/www\/it-lab\//g, `${BUILD}/`],
      [/\/var\/www\/letsencrypt/g, `${TMP}/acme`],
      [/\/var\/log\/nginx\//g, `${TMP}/`],
      [new RegExp(`/etc/letsencrypt/live/${HOST.replace('.', '\\.')}/`, 'g'), `${TMP}/tls/`],
      [/^( *)listen 443 ssl/gm, `$1listen 127.0.0.1:${HTTPS_PORT} ssl`],
      [/^( *)listen 80;/gm, `$1listen 127.0.0.1:${HTTP_PORT};`],
      [/http:\/\/127\.0\.0\.1:3001\//g, `http://127.0.0.1:${LEAD_PORT}/`],
      [/http:\/\/127\.0\.0\.1:3096\//g, `http://127.0.0.1:${EDITOR_PORT}/`],
    ],
    [
      '/var/www/it-lab',
      '/etc/letsencrypt',
      '/var/log/nginx',
      '127.0.0.1:3001',
      '127.0.0.1:3096',
      'listen 443',
      'listen 80',
      'listen [',
    ],
    'it-lab.conf',
  )
  // Debian's default site as step 5 of deploy/README.md replaces it: the default server on port 80.
  substitute(
    'acme-default.conf',
    [
      [/^( *)listen 80 default_server;/gm, `$1listen 127.0.0.1:${HTTP_PORT} default_server;`],
      [/\/var\/www\/html/g, `${TMP}/acme`],
    ],
    ['/var/www/html', 'listen 80', 'listen ['],
    'default.conf',
  )
  writeFileSync(
    path.join(TMP, 'acme', '.well-known', 'acme-challenge', 'nginx-check'),
    'nginx-check-token\n',
  )
  writeNginxConf(TMP, {
    includes: [path.join(TMP, 'it-lab.conf'), path.join(TMP, 'default.conf')],
    workerConnections: 256,
  })
  try {
    execFileSync(NGINX, ['-t', '-q', ...nginxArgs(TMP)], { stdio: 'inherit' })
  } catch {
    die('nginx -t rejected the configuration')
  }
}

/** The lead service, the editor gateway on a scratch repository holding a copy of content/, nginx. */
async function start(): Promise<void> {
  log(
    `lead service on 127.0.0.1:${LEAD_PORT}, nginx on 127.0.0.1:${HTTPS_PORT} (https) and :${HTTP_PORT} (http)`,
  )
  try {
    lead = await startService(
      {
        LEAD_PORT: String(LEAD_PORT),
        LEADS_DB: path.join(TMP, 'leads.sqlite'),
        SITE_ORIGIN: ORIGIN,
        TRUST_PROXY: 'loopback',
      },
      { logFile: path.join(TMP, 'lead.log') },
    )
  } catch {
    die('the lead service did not become healthy')
  }

  log(`editor gateway on 127.0.0.1:${EDITOR_PORT} (a scratch repository in ${TMP}/editor)`)
  const repo = path.join(TMP, 'editor')
  cpSync(path.join(ROOT, 'content'), path.join(repo, 'content'), { recursive: true })
  const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { stdio: 'pipe' })
  try {
    git('init', '-q', '-b', 'main')
    git('add', '-A')
    git(
      '-c',
      'user.name=nginx-check',
      '-c',
      'user.email=check@itlab.example',
      'commit',
      '-qm',
      'start',
    )
  } catch {
    die("could not make the editor's scratch repository")
  }
  const hash = execFileSync(
    process.execPath,
    [path.join(ROOT, 'apps', 'editor', 'scripts', 'password.ts')],
    { input: EDITOR_PASSWORD, encoding: 'utf8' },
  ).trim()
  const editorLog = openSync(path.join(TMP, 'editor.log'), 'a')
  const gateway = spawn(process.execPath, [path.join(ROOT, 'apps', 'editor', 'src', 'main.ts')], {
    stdio: ['ignore', editorLog, editorLog],
    env: {
      ...process.env,
      EDITOR_PASSWORD_HASH: hash,
      EDITOR_REPO: repo,
      EDITOR_BRANCH: 'main',
      EDITOR_HOST: '127.0.0.1',
      EDITOR_PORT: String(EDITOR_PORT),
      EDITOR_ORIGIN: ORIGIN,
      LOG_LEVEL: 'warn',
    },
  })
  editor = gateway
  const answers = async () => {
    try {
      return (await globalThis.fetch(`http://127.0.0.1:${EDITOR_PORT}/admin/login`)).status === 200
    } catch {
      return false
    }
  }
  let up = false
  for (let i = 0; i < 600 && !up; i += 1) {
    up = await answers()
    if (up) break
    if (gateway.exitCode !== null) die('the editor gateway exited at start')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if (!up) die('the editor gateway did not answer within 60 s')

  try {
    execFileSync(NGINX, nginxArgs(TMP), { stdio: 'inherit' })
  } catch {
    die('nginx did not start')
  }
  for (let i = 0; i < 50 && nginxPid(TMP) === 0; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if (nginxPid(TMP) === 0) die('nginx wrote no pid file')
}

// The security headers: the issue's list, plus any other name the build's file adds.
const SECURITY_HEADERS = [
  'Content-Security-Policy',
  'Strict-Transport-Security',
  'X-Content-Type-Options',
  'Referrer-Policy',
  'Permissions-Policy',
  'X-Frame-Options',
]

/** What is wrong with the security headers of an answer (none: empty). */
function securityProblems(answer: Answer): string[] {
  const issues: string[] = []
  for (const name of SECURITY_HEADERS) {
    const count = answer.count(name)
    if (count === 0) issues.push(`no ${name}`)
    else if (count !== 1) issues.push(`${name} x${count}`)
  }
  if (answer.header('X-Content-Type-Options') !== 'nosniff')
    issues.push('X-Content-Type-Options not nosniff')
  if (answer.header('Referrer-Policy') !== 'strict-origin-when-cross-origin')
    issues.push('Referrer-Policy not strict-origin-when-cross-origin')
  if (!/max-age=[1-9]/.test(answer.header('Strict-Transport-Security')))
    issues.push('HSTS without max-age')
  const csp = answer.header('Content-Security-Policy')
  if (!csp.includes("frame-ancestors 'none'")) issues.push("CSP without frame-ancestors 'none'")
  const scriptSrc = csp.split('script-src')[1]?.split(';')[0] ?? ''
  if (csp.includes('script-src') && scriptSrc.includes('unsafe-inline'))
    issues.push("script-src allows 'unsafe-inline'")
  return issues
}

/** An HTML answer with that status, no-cache, the security headers, `text` (not `notText`) in it. */
function checkHtml(pathname: string, want: string, text = '', notText = ''): void {
  const answer = fetch(`${BASE}${pathname}`)
  const problems: string[] = []
  if (answer.status !== want) problems.push(`status ${answer.status}`)
  if (!/^text\/html/i.test(answer.header('Content-Type')))
    problems.push(`Content-Type '${answer.header('Content-Type')}'`)
  if (answer.header('Cache-Control') !== 'no-cache')
    problems.push(`Cache-Control '${answer.header('Cache-Control')}'`)
  if (text && !answer.text.includes(text)) problems.push(`body lacks '${text}'`)
  if (notText && answer.text.includes(notText)) problems.push(`body has '${notText}'`)
  problems.push(...securityProblems(answer))
  verdict(`${want} ${pathname}${text ? ` (${text})` : ''}`, problems, `${want} ${pathname}`)
}

/**
 * Asked for that encoding, `pathname` comes encoded and decodes to the build's `file`; when the
 * build wrote file.gz / file.br, that very copy is what is sent. gzip without a copy is made on
 * the fly; brotli only ever comes from a copy.
 */
function checkEncoding(encoding: 'gzip' | 'br', pathname: string, file: string): void {
  const full = path.join(BUILD, 'client', file)
  const copy = `${full}.${encoding === 'gzip' ? 'gz' : 'br'}`
  const answer = fetch(`${BASE}${pathname}`, '-H', `Accept-Encoding: ${encoding}`)
  const problems: string[] = []
  let how = 'on the fly'
  if (answer.status !== '200') problems.push(`status ${answer.status}`)
  if (answer.header('Content-Encoding') !== encoding)
    problems.push(`Content-Encoding '${answer.header('Content-Encoding')}'`)
  if (!/accept-encoding/i.test(answer.header('Vary'))) problems.push('no Vary: Accept-Encoding')
  if (existsSync(copy)) {
    how = `precompressed ${path.basename(copy)}`
    if (!answer.body.equals(readFileSync(copy)))
      problems.push(`not the build's ${path.basename(copy)}`)
  } else if (encoding === 'br') {
    problems.push(`the build has no ${path.basename(copy)}`)
  }
  if (encoding === 'gzip') {
    let same = false
    try {
      same = gunzipSync(answer.body).equals(readFileSync(full))
    } catch {
      // Not gzip.
    }
    if (!same) problems.push(`does not gunzip to ${file}`)
  }
  verdict(
    `${encoding} on ${pathname} (${how}: ${answer.body.length} of ${statSync(full).size} bytes)`,
    problems,
    `${encoding} on ${pathname}`,
  )
}

const STATIC_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"

/** What is wrong with an answer as a file that is not a page: that CSP once, nosniff, each header once. */
function staticProblems(answer: Answer): string[] {
  const issues: string[] = []
  for (const name of SECURITY_HEADERS) {
    const count = answer.count(name)
    if (count !== 1) issues.push(`${name} x${count}`)
  }
  if (answer.header('Content-Security-Policy') !== STATIC_CSP)
    issues.push(`CSP '${answer.header('Content-Security-Policy')}'`)
  if (answer.header('X-Content-Type-Options') !== 'nosniff')
    issues.push('X-Content-Type-Options not nosniff')
  return issues
}

/** 200 with that Content-Type and the static files' headers. */
function checkStatic(pathname: string, type: string): void {
  const answer = fetch(`${BASE}${pathname}`)
  const problems: string[] = []
  if (answer.status !== '200') problems.push(`status ${answer.status}`)
  if (!answer.header('Content-Type').startsWith(type))
    problems.push(`Content-Type '${answer.header('Content-Type')}'`)
  problems.push(...staticProblems(answer))
  verdict(`200 ${pathname} (${type}): CSP sandbox, nosniff`, problems, pathname)
}

/** The build's files under `dir` (relative), largest first when `bySize`. */
function filesIn(dir: string, test: (name: string) => boolean): string[] {
  const full = path.join(BUILD, 'client', dir)
  if (!existsSync(full)) return []
  return readdirSync(full, { recursive: true, encoding: 'utf8' }).filter(
    (name) => statSync(path.join(full, name)).isFile() && test(name),
  )
}

function checks(): void {
  log('pages (200, text/html, Cache-Control: no-cache, security headers):')
  // The indexable pages come from the build's sitemap, so the course ids are the course data's own.
  const sitemapPaths = [
    ...readFileSync(path.join(BUILD, 'client', 'sitemap.xml'), 'utf8').matchAll(
      /<loc>[a-z]*:\/\/[^/]*(\/[^<]*)<\/loc>/g,
    ),
  ].map((match) => match[1] ?? '')
  if (sitemapPaths.length === 0) die(`no page paths in ${BUILD}/client/sitemap.xml`)
  const courses = sitemapPaths
    .map((pathname) => /^\/course\/(\d+)$/.exec(pathname)?.[1])
    .filter((id) => id !== undefined)
    .map(Number)
  const course = courses[0] ?? 4
  /** A course number the content has none of. */
  let unknown = 99
  while (courses.includes(unknown)) unknown += 1
  for (const pathname of [
    ...sitemapPaths,
    '/privacy-policy',
    '/personal-data-policy',
    '/cookie',
    '/courses/',
    `/course/${course}/`,
  ]) {
    checkHtml(pathname, '200', '', PAGE_404)
  }

  log("a course number with leading zeros (301 to the course's own address):")
  for (const [from, want] of [
    [`/course/0${course}`, `/course/${course}`],
    [`/course/00${course}/`, `/course/${course}`],
    ['/course/012?x=1', '/course/12?x=1'],
  ] as const) {
    const answer = fetch(`${BASE}${from}`)
    if (
      answer.status === '301' &&
      answer.header('Location') === want &&
      answer.header('X-Content-Type-Options') === 'nosniff'
    )
      ok(`301 ${from} -> ${want}`)
    else bad(from, `status ${answer.status}, Location '${answer.header('Location')}'`)
  }

  log('unknown paths (404 documents, no-cache, security headers):')
  for (const pathname of [`/course/${unknown}`, '/course/abc', '/course/0', `/course/${unknown}/`])
    checkHtml(pathname, '404', COURSE_404, PAGE_404)
  for (const pathname of [
    '/nope',
    '/nope/deeper',
    '/course',
    `/course/${course}/extra`,
    '/assets/',
    '/assets/missing-0000.js',
    '/_errors/not-found.html',
    '/.env',
    '/lead/health',
    '/courses/index.html.gz',
    '/index.html.br',
  ])
    checkHtml(pathname, '404', PAGE_404, COURSE_404)

  log('assets:')
  const assetsDir = path.join(BUILD, 'client', 'assets')
  const jsFile = filesIn('assets', (name) => name.endsWith('.js'))
    .map((name) => ({ name, size: statSync(path.join(assetsDir, name)).size }))
    .filter(({ size }) => size > 2048)
    .sort((a, b) => b.size - a.size)[0]?.name
  const cssFile = filesIn('assets', (name) => name.endsWith('.css'))[0]
  if (jsFile === undefined) {
    bad('hashed JS asset', `none over 2 KB in ${assetsDir}`)
  } else {
    for (const asset of [jsFile, ...(cssFile ? [cssFile] : [])]) {
      const answer = fetch(`${BASE}/assets/${asset}`)
      const problems: string[] = []
      if (answer.status !== '200') problems.push(`status ${answer.status}`)
      if (answer.header('Cache-Control') !== 'public, max-age=31536000, immutable')
        problems.push(`Cache-Control '${answer.header('Cache-Control')}'`)
      if (answer.header('X-Content-Type-Options') !== 'nosniff') problems.push('no nosniff')
      if (!answer.body.equals(readFileSync(path.join(assetsDir, asset))))
        problems.push('body differs from the file')
      verdict(`200 /assets/${asset} immutable`, problems, `/assets/${asset}`)
    }
    checkEncoding('gzip', `/assets/${jsFile}`, `assets/${jsFile}`)
    checkEncoding('br', `/assets/${jsFile}`, `assets/${jsFile}`)
    checkHtml(`/assets/${jsFile}.gz`, '404', PAGE_404, COURSE_404)
    const plain = fetch(`${BASE}/assets/${jsFile}`)
    if (plain.header('Content-Encoding') === '') ok('no gzip unless asked')
    else bad('no gzip unless asked', `Content-Encoding '${plain.header('Content-Encoding')}'`)
  }
  checkEncoding('gzip', '/courses', 'courses/index.html')
  checkEncoding('br', '/courses', 'courses/index.html')
  const browser = fetch(`${BASE}/courses`, '-H', 'Accept-Encoding: gzip, deflate, br, zstd')
  if (browser.header('Content-Encoding') === 'br') ok("a browser's Accept-Encoding gets br")
  else
    bad("a browser's Accept-Encoding", `Content-Encoding '${browser.header('Content-Encoding')}'`)

  log('public files of the build (checked when present):')
  for (const file of [
    'robots.txt',
    'sitemap.xml',
    'manifest.webmanifest',
    'favicon.ico',
    'og-image.png',
  ]) {
    if (!existsSync(path.join(BUILD, 'client', file))) {
      log(`  skip  /${file} (not in this build)`)
      continue
    }
    const answer = fetch(`${BASE}/${file}`)
    const problems: string[] = []
    if (answer.status !== '200') problems.push(`status ${answer.status}`)
    if (answer.header('Cache-Control') !== 'public, max-age=3600')
      problems.push(`Cache-Control '${answer.header('Cache-Control')}'`)
    if (answer.header('X-Content-Type-Options') !== 'nosniff') problems.push('no nosniff')
    if (
      file === 'manifest.webmanifest' &&
      answer.header('Content-Type') !== 'application/manifest+json'
    )
      problems.push(`Content-Type '${answer.header('Content-Type')}'`)
    verdict(`200 /${file} (${answer.header('Content-Type')})`, problems, `/${file}`)
  }

  log('files that are not pages run no script (their own CSP, nosniff; the pages keep theirs):')
  // An SVG the owner could upload, with a script in it: served as an image that runs nothing.
  const svg = path.join(BUILD, 'client', 'uploads', 'nginx-check-script.svg')
  writeFileSync(svg, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>\n')
  try {
    checkStatic('/uploads/nginx-check-script.svg', 'image/svg+xml')
  } finally {
    rmSync(svg, { force: true })
  }
  const upload = filesIn('uploads', (name) => !/\.(gz|br)$/.test(name))[0]
  if (upload) checkStatic(`/uploads/${upload}`, 'image/')
  const font = filesIn('assets', (name) => name.endsWith('.woff2'))[0]
  if (jsFile) checkStatic(`/assets/${jsFile}`, 'application/javascript')
  if (cssFile) checkStatic(`/assets/${cssFile}`, 'text/css')
  if (font) checkStatic(`/assets/${font}`, 'font/woff2')
  for (const [file, type] of [
    ['manifest.webmanifest', 'application/manifest+json'],
    ['favicon.ico', 'image/'],
    ['robots.txt', 'text/plain'],
  ] as const) {
    if (existsSync(path.join(BUILD, 'client', file))) checkStatic(`/${file}`, type)
  }
  for (const pathname of ['/', '/courses', `/course/${unknown}`]) {
    const csp = fetch(`${BASE}${pathname}`).header('Content-Security-Policy')
    if (csp.includes('script-src') && csp !== STATIC_CSP)
      ok(`${pathname}: the page's own CSP (script-src), not the static files'`)
    else bad(pathname, `CSP '${csp}'`)
  }

  log('protocol:')
  const { httpVersion } = fetch(`${BASE}/`, '--http2')
  if (httpVersion === '2') ok('HTTP/2 on https')
  else bad('HTTP/2', `got HTTP/${httpVersion}`)
  const redirect = fetch(`http://${HOST}:${HTTP_PORT}/courses?utm_source=test`)
  if (
    redirect.status === '301' &&
    redirect.header('Location') === `https://${HOST}/courses?utm_source=test`
  )
    ok(`http -> 301 ${redirect.header('Location')}`)
  else bad('http redirect', `status ${redirect.status}, Location '${redirect.header('Location')}'`)

  log("the default site (Debian's, replaced; deploy/nginx/acme-default.conf):")
  // Another name, or the bare address, as a scanner or certbot before the first certificate asks.
  const challenge = fetch(
    `http://127.0.0.1:${HTTP_PORT}/.well-known/acme-challenge/nginx-check`,
    '-H',
    'Host: other.example',
  )
  if (challenge.status === '200' && challenge.text.trim() === 'nginx-check-token')
    ok('another name: the ACME challenge file is served')
  else
    bad(
      'default site',
      `challenge: status ${challenge.status}, body ${challenge.text.slice(0, 100)}`,
    )
  const bare = fetch(`http://127.0.0.1:${HTTP_PORT}/Ivan-Petrov-89123456789?x=1`)
  if (bare.status.includes('(52)'))
    ok(
      'the bare address: anything else is closed unanswered (444; logged nowhere: checked with the access log below)',
    )
  else
    bad('default site', `${bare.status} for another path (want the connection closed unanswered)`)
  const own = fetch(`http://${HOST}:${HTTP_PORT}/.well-known/acme-challenge/nginx-check`)
  if (own.status === '200' && own.text.trim() === 'nginx-check-token')
    ok("the site's own name: the challenge is served from the same folder (renewals)")
  else bad("site's challenge", `status ${own.status}, body ${own.text.slice(0, 100)}`)

  log('https for an unknown name (the default server: no handshake, no answer):')
  for (const [url, ...options] of [
    [`https://127.0.0.1:${HTTPS_PORT}/`, '-k'],
    [
      `https://other.example:${HTTPS_PORT}/`,
      '-k',
      '--resolve',
      `other.example:${HTTPS_PORT}:127.0.0.1`,
    ],
  ] as const) {
    const answer = fetch(url, ...options)
    if (answer.status.includes('(35)')) ok(`${url}: the TLS handshake is refused`)
    else bad(url, `${answer.status} (want the TLS handshake refused)`)
  }
  // The site's name in TLS, another in Host: a virtual host the site does not serve, closed (444).
  for (const version of ['--http1.1', '--http2']) {
    const answer = fetch(`${BASE}/`, '-H', 'Host: 127.0.0.1', version)
    if (answer.status.startsWith('curl error') && !/[^\n]/.test(answer.text))
      ok(`Host: 127.0.0.1 over the site's TLS (${version}): closed unanswered`)
    else
      bad(
        `Host: 127.0.0.1 over the site's TLS (${version})`,
        `${answer.status}, body ${answer.text.slice(0, 100)}`,
      )
  }
  const site = fetch(`${BASE}/`)
  if (site.status === '200') ok("the site's own name still gets the site")
  else bad("the site's name", `status ${site.status}`)
}

const storedLeads = () => {
  const db = new DatabaseSync(path.join(TMP, 'leads.sqlite'), { readOnly: true })
  try {
    return db.prepare('SELECT * FROM leads ORDER BY id').all()
  } finally {
    db.close()
  }
}

async function leadChecks(): Promise<void> {
  log(`lead service through the proxy (/lead/send -> 127.0.0.1:${LEAD_PORT}/send):`)
  const sent = { name: 'Проверка nginx', phone: VALID_PHONE }
  const leadBody = JSON.stringify(sent)
  const leadUrl = `${BASE}/lead/send?${LEAD_QUERY}`
  const json = ['-X', 'POST', '-H', 'Content-Type: application/json']
  const posted = fetch(
    leadUrl,
    ...json,
    '-H',
    `Origin: ${ORIGIN}`,
    '-H',
    'X-Forwarded-For: 203.0.113.7',
    '--data',
    leadBody,
  )
  if (posted.status === '200' && posted.text.includes('"ok":true'))
    ok(`POST lead -> 200 ${posted.text}`)
  else bad('POST lead', `status ${posted.status}, body ${posted.text.slice(0, 300)}`)

  const rows = storedLeads()
  const [row, ...rest] = rows
  if (
    row !== undefined &&
    rest.length === 0 &&
    row.name === sent.name &&
    row.phone === sent.phone &&
    row.form === 'feedback' &&
    !('client_ip' in row) &&
    !('user_agent' in row)
  )
    ok('1 row in SQLite, as sent, with no IP address or User-Agent')
  else bad('lead in SQLite', `sent ${leadBody}, stored ${JSON.stringify(rows)}`)

  // The site's plain form (before or without JavaScript): answered with the site's thank-you page.
  // Posted from a page opened from an ad: the browser names that page, its query included, in
  // Referer (same origin), and the service keeps its tags as the lead's source (decision 0078).
  const form = fetch(
    `${BASE}/lead/send`,
    '-X',
    'POST',
    '-H',
    'Content-Type: application/x-www-form-urlencoded',
    '-H',
    `Origin: ${ORIGIN}`,
    '-H',
    `Referer: ${ORIGIN}/course/4?utm_source=yandex&utm_medium=cpc&utm_campaign=nginx-check`,
    '--data-urlencode',
    'name=Форма nginx',
    '--data-urlencode',
    'phone=8 912 345-67-89',
    '--data',
    'form=feedback&consent=&course=&quiz=&page=%2F&website=',
  )
  if (form.status === '303' && form.header('Location') === `${ORIGIN}/thanks`)
    ok(`plain form POST -> 303 ${form.header('Location')}`)
  else
    bad(
      'plain form POST',
      `status ${form.status}, Location '${form.header('Location')}', body ${form.text.slice(0, 200)}`,
    )
  const formRows = storedLeads()
  const formRow = formRows.find((stored) => stored.name === 'Форма nginx')
  if (
    formRow?.utm_source === 'yandex' &&
    formRow.utm_medium === 'cpc' &&
    formRow.utm_campaign === 'nginx-check' &&
    formRow.landing_page === '/course/4'
  )
    ok(
      "the plain form's lead keeps the ad's tags from its page's address (Referer through the proxy)",
    )
  else bad("plain form's source", `stored ${JSON.stringify(formRows)}`)

  // The groups' free places (docs/decisions/0103): proxied, read only, numbers and no lead.
  const seats = fetch(`${BASE}/lead/seats`, '-H', `Origin: ${ORIGIN}`)
  const seatsProblems = securityProblems(seats)
  if (seats.status !== '200') seatsProblems.push(`status ${seats.status}`)
  if (!/^public, max-age=\d+$/.test(seats.header('Cache-Control')))
    seatsProblems.push(`Cache-Control '${seats.header('Cache-Control')}'`)
  if (seats.header('Access-Control-Allow-Origin') !== ORIGIN)
    seatsProblems.push(
      `Access-Control-Allow-Origin '${seats.header('Access-Control-Allow-Origin')}'`,
    )
  if (!seats.text.startsWith('{"groups":{') || seats.text.includes(sent.name))
    seatsProblems.push(`body ${seats.text.slice(0, 200)}`)
  if (seatsProblems.length === 0) ok(`GET /lead/seats -> 200 ${seats.text.slice(0, 80)}`)
  else bad('GET /lead/seats', seatsProblems.join('; '))
  const seatsPost = fetch(`${BASE}/lead/seats`, ...json, '-H', `Origin: ${ORIGIN}`, '--data', '{}')
  if (seatsPost.status === '403') ok('POST /lead/seats -> 403 (read only)')
  else bad('POST /lead/seats', `status ${seatsPost.status}`)

  const foreign = fetch(leadUrl, ...json, '-H', 'Origin: https://evil.example', '--data', leadBody)
  if (foreign.status === '403') ok('foreign Origin -> 403 (Origin reaches the service)')
  else bad('foreign Origin', `status ${foreign.status}`)

  const big = path.join(TMP, 'big.json')
  writeFileSync(big, 'a'.repeat(20_000))
  const oversized = fetch(leadUrl, ...json, '-H', `Origin: ${ORIGIN}`, '--data-binary', `@${big}`)
  if (oversized.status === '413') ok('20 KB body -> 413')
  else bad('oversized body', `status ${oversized.status}`)

  trialPageChecks()

  await lead?.stop()
  lead = undefined
  const down = fetch(leadUrl, ...json, '-H', `Origin: ${ORIGIN}`, '--data', leadBody)
  const downProblems = securityProblems(down)
  if (
    down.status === '503' &&
    down.text.includes('"error":"unavailable"') &&
    downProblems.length === 0
  )
    ok('service down -> 503 JSON with the security headers')
  else
    bad(
      'service down',
      `status ${down.status}, body ${down.text.slice(0, 200)}, ${downProblems.map((p) => `${p}; `).join('')}`,
    )
  const trialDown = fetch(`${BASE}/lead/trial/${'A'.repeat(22)}`)
  if (
    trialDown.status === '503' &&
    trialDown.text.includes('Страница записи сейчас недоступна') &&
    /^content-type: text\/html; charset=utf-8/im.test(trialDown.headers) &&
    /^cache-control: no-store/im.test(trialDown.headers)
  )
    ok('service down -> her trial page answers 503, a page in Russian, not stored')
  else
    bad(
      'her trial page with the service down',
      `status ${trialDown.status}, body ${trialDown.text.slice(0, 200)}`,
    )
}

async function editorChecks(): Promise<void> {
  log("the owner's editor (/admin/ behind the gateway; deploy/README.md, step 8):")
  // The editor's own CSP (ADMIN_CONTENT_SECURITY_POLICY, apps/site/vite/editor-config/admin-page.ts): its own
  // script and stylesheet only, no eval, no inline code.
  const ADMIN_CSP =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
  for (const pathname of ['/admin', '/admin/', '/admin/editor.js']) {
    const answer = fetch(`${BASE}${pathname}`)
    if (answer.status === '302' && answer.header('Location') === '/admin/login')
      ok(`${pathname} without a session -> 302 /admin/login`)
    else
      bad(
        `${pathname} without a session`,
        `status ${answer.status}, Location '${answer.header('Location')}'`,
      )
  }

  const login = fetch(`${BASE}/admin/login`)
  const loginProblems: string[] = []
  if (login.status !== '200') loginProblems.push(`status ${login.status}`)
  if (!/^text\/html/i.test(login.header('Content-Type')))
    loginProblems.push(`Content-Type '${login.header('Content-Type')}'`)
  if (!login.text.includes('name="password"')) loginProblems.push('no password field')
  if (login.header('Cache-Control') !== 'no-store')
    loginProblems.push(`Cache-Control '${login.header('Cache-Control')}'`)
  for (const name of ['Content-Security-Policy', 'Strict-Transport-Security']) {
    if (login.count(name) !== 1) loginProblems.push(`${name} x${login.count(name)}`)
  }
  if (login.header('Content-Security-Policy') === ADMIN_CSP)
    loginProblems.push("the editor's CSP on the login page")
  verdict(
    "200 /admin/login: the gateway's page, its own CSP once, HSTS, no-store",
    loginProblems,
    '/admin/login',
  )

  const post = ['-X', 'POST', '-H', `Origin: ${ORIGIN}`]
  // A wrong password's 401 is the gateway's (apps/editor/src/app.test.ts) and, through the live
  // nginx, check:deploy's: here the right one proves the way through.
  const right = fetch(
    `${BASE}/admin/login`,
    ...post,
    '--data-urlencode',
    `password=${EDITOR_PASSWORD}`,
  )
  const setCookie = right.header('Set-Cookie')
  const cookie = setCookie.split(';')[0] ?? ''
  const rightProblems: string[] = []
  if (right.status !== '303') rightProblems.push(`status ${right.status}`)
  if (right.header('Location') !== '/admin/')
    rightProblems.push(`Location '${right.header('Location')}'`)
  if (!/^it_lab_editor=./.test(cookie)) rightProblems.push('no it_lab_editor cookie')
  for (const part of ['Secure', 'HttpOnly', 'SameSite=Strict', 'Path=/admin']) {
    if (!setCookie.includes(part)) rightProblems.push(`cookie without ${part}`)
  }
  verdict(
    'the right password -> 303 /admin/, a Secure HttpOnly SameSite=Strict session cookie',
    rightProblems,
    'the right password',
  )

  const withSession = ['-H', `Cookie: ${cookie}`]
  const admin = fetch(`${BASE}/admin/`, ...withSession)
  const adminProblems: string[] = []
  if (admin.status !== '200') adminProblems.push(`status ${admin.status}`)
  if (!admin.body.equals(readFileSync(path.join(BUILD, 'client', 'admin', 'index.html'))))
    adminProblems.push("not the build's admin/index.html")
  if (admin.header('Content-Security-Policy') !== ADMIN_CSP)
    adminProblems.push(`CSP '${admin.header('Content-Security-Policy')}', not the editor's`)
  if (admin.header('Cache-Control') !== 'no-cache')
    adminProblems.push(`Cache-Control '${admin.header('Cache-Control')}'`)
  verdict(
    '200 /admin/ with the session: the editor, its own headers',
    adminProblems,
    '/admin/ with the session',
  )
  const script = fetch(`${BASE}/admin/editor.js`, ...withSession)
  const scriptProblems: string[] = []
  if (script.status !== '200') scriptProblems.push(`status ${script.status}`)
  if (!script.body.equals(readFileSync(path.join(BUILD, 'client', 'admin', 'editor.js'))))
    scriptProblems.push("not the build's admin/editor.js")
  if (!/^application\/javascript/i.test(script.header('Content-Type')))
    scriptProblems.push(`Content-Type '${script.header('Content-Type')}'`)
  if (script.header('Content-Security-Policy') !== ADMIN_CSP)
    scriptProblems.push(`CSP '${script.header('Content-Security-Policy')}', not the editor's`)
  if (script.header('X-Content-Type-Options') !== 'nosniff') scriptProblems.push('no nosniff')
  if (script.header('Cache-Control') !== 'no-cache')
    scriptProblems.push(`Cache-Control '${script.header('Cache-Control')}'`)
  verdict(
    "200 /admin/editor.js with the session: the build's script, the editor's headers",
    scriptProblems,
    '/admin/editor.js with the session',
  )
  const missing = fetch(`${BASE}/admin/missing.js`, ...withSession)
  if (missing.status === '404' && missing.text.includes(PAGE_404))
    ok('404 /admin/missing.js with the session: the not-found document')
  else bad('/admin/missing.js', `status ${missing.status}`)
  checkHtml('/admin/auth', '404', PAGE_404, COURSE_404)

  // The first course file of the content, as the editor lists the folder.
  const courseFile = `content/courses/${
    readdirSync(path.join(ROOT, 'content', 'courses'))
      .filter((name) => name.endsWith('.json'))
      .sort()[0] ?? '1.json'
  }`
  const apiRead = JSON.stringify({
    action: 'entriesByFolder',
    params: { branch: 'main', folder: 'content/courses', extension: 'json', depth: 1 },
  })
  const api = ['-X', 'POST', '-H', `Origin: ${ORIGIN}`, '-H', 'Content-Type: application/json']
  const read = fetch(`${BASE}/admin/api/v1`, ...api, ...withSession, '--data', apiRead)
  const readProblems: string[] = []
  if (read.status !== '200') readProblems.push(`status ${read.status}`)
  if (!read.text.includes(`"${courseFile}"`))
    readProblems.push(`no ${courseFile} in ${read.text.slice(0, 200)}`)
  if (read.header('Cache-Control') !== 'no-store')
    readProblems.push(
      `Cache-Control '${read.header('Cache-Control')}' x${read.count('Cache-Control')}`,
    )
  verdict(
    "the editor's API with the session: the courses, Cache-Control: no-store",
    readProblems,
    '/admin/api/v1',
  )
  const anonymous = fetch(`${BASE}/admin/api/v1`, ...api, '--data', apiRead)
  if (
    anonymous.status === '401' &&
    anonymous.text.includes('"error"') &&
    anonymous.header('Cache-Control') === 'no-store'
  )
    ok("the editor's API without a session -> 401 JSON, no-store")
  else
    bad(
      '/admin/api/v1 without a session',
      `status ${anonymous.status}, body ${anonymous.text.slice(0, 200)}`,
    )

  // A 14 MB photo travels as 19 MB of base64: nginx lets it through to the gateway (which judges
  // it); a body over 25 MB is refused by nginx itself, in the JSON the editor shows.
  const photo = path.join(TMP, 'photo.json')
  writeFileSync(
    photo,
    `{"action":"persistMedia","params":{"branch":"main","asset":{"path":"content/uploads/big.png","encoding":"base64","content":"${'A'.repeat(19_000_000)}"}}}`,
  )
  const saved = fetch(`${BASE}/admin/api/v1`, ...api, ...withSession, '--data-binary', `@${photo}`)
  if (saved.status !== '413' && saved.status !== '502' && saved.text.includes('"error"'))
    ok(
      `a 19 MB save (a 14 MB photo) reaches the gateway (it answered ${saved.status} with its own JSON)`,
    )
  else bad('a 19 MB save', `status ${saved.status}, body ${saved.text.slice(0, 200)}`)
  const huge = path.join(TMP, 'huge.json')
  writeFileSync(huge, 'A'.repeat(27_000_000))
  const refused = fetch(`${BASE}/admin/api/v1`, ...api, ...withSession, '--data-binary', `@${huge}`)
  if (refused.status === '413' && refused.text.includes('Файл слишком большой'))
    ok('a 27 MB body -> 413 from nginx, in Russian JSON')
  else bad('a 27 MB body', `status ${refused.status}, body ${refused.text.slice(0, 200)}`)
  rmSync(photo, { force: true })
  rmSync(huge, { force: true })

  const plain = fetch(`http://${HOST}:${HTTP_PORT}/admin/login`)
  if (plain.status === '301' && plain.header('Location') === `https://${HOST}/admin/login`)
    ok('http://…/admin/login -> 301 https')
  else bad('the editor over http', `status ${plain.status}, Location '${plain.header('Location')}'`)

  // Wrong passwords in a row: the gateway refuses the address after 5 (429 for 15 minutes), and
  // nginx refuses more than 10 POSTs at once (429) before they reach it. nginx lets one more
  // through every 6 s, so on a slow machine it takes more of them: sent until both answered 429.
  let gateway429 = 0
  let nginx429 = 0
  let sent = 0
  while (sent < 60 && (gateway429 === 0 || nginx429 === 0)) {
    sent += 1
    const guess = fetch(
      `${BASE}/admin/login`,
      ...post,
      '--data-urlencode',
      'password=guessing again',
    )
    if (guess.status === '429' && guess.text.includes('Слишком много попыток входа'))
      gateway429 += 1
    if (guess.status === '429' && guess.text.includes('Подождите минуту')) nginx429 += 1
  }
  if (gateway429 > 0 && nginx429 > 0)
    ok(
      `${sent} wrong passwords more: 429 from the gateway (after 5 wrong ones), then from nginx's limit_req`,
    )
  else bad('wrong passwords in a row', `gateway 429: ${gateway429}, nginx 429: ${nginx429}`)

  await stopEditor()
  const downPage = fetch(`${BASE}/admin/`, ...withSession)
  if (downPage.status === '503' && downPage.text.includes('Редактор сайта сейчас не отвечает'))
    ok('the gateway down: /admin/ -> 503 in Russian')
  else bad('the gateway down', `status ${downPage.status}, body ${downPage.text.slice(0, 200)}`)
  const downApi = fetch(`${BASE}/admin/api/v1`, ...api, ...withSession, '--data', apiRead)
  if (
    downApi.status === '503' &&
    downApi.text.includes('"error":"Редактор сайта сейчас не отвечает')
  )
    ok('the gateway down: the API -> 503 JSON in Russian')
  else
    bad(
      'the API with the gateway down',
      `status ${downApi.status}, body ${downApi.text.slice(0, 200)}`,
    )
}

/** A made-up link of a trial through the proxy: the service's 404 page, with its own headers only. */
function trialPageChecks(): void {
  log('her trial page through the proxy (/lead/trial/ -> the service):')
  const page = fetch(`${BASE}/lead/trial/${'A'.repeat(22)}`)
  const csps = page.headers.match(/^content-security-policy:/gim) ?? []
  const problems = [
    ...(page.status === '404' ? [] : [`status ${page.status}`]),
    ...(page.text.includes('Запись не найдена') ? [] : ['no «Запись не найдена»']),
    ...(csps.length === 1 ? [] : [`${csps.length} CSP headers (want the page's one)`]),
    ...[
      /^content-security-policy: default-src 'none';/im,
      /^referrer-policy: no-referrer\r?$/im,
      /^x-robots-tag: noindex\r?$/im,
      /^cache-control: no-store\r?$/im,
      /^x-frame-options: DENY\r?$/im,
      /^strict-transport-security: max-age=[1-9]/im,
      /^content-type: text\/html; charset=utf-8/im,
    ].flatMap((header) => (header.test(page.headers) ? [] : [`no ${header.source}`])),
  ]
  if (problems.length === 0)
    ok("a made-up link -> the service's 404 page, its own CSP, no-referrer, noindex, no-store")
  else bad('GET /lead/trial/<made-up>', problems.join('; '))
}

function logChecks(): void {
  log("access log (the site's own format: no client address, no query string):")
  // nginx writes a request's line when it has answered: every request above is in the log now.
  const access = readFileSync(path.join(TMP, 'access.log'), 'utf8')
  const lines = access.split('\n').filter(Boolean).length
  if (access.includes('"POST /lead/send HTTP/')) ok('the lead POST is logged as /lead/send')
  else bad('access log', `no line for POST /lead/send in ${lines} lines`)
  if (access.includes('"GET /lead/trial/- HTTP/') && !access.includes('A'.repeat(22)))
    ok("her trial page is logged as /lead/trial/-, without the link's token")
  else bad('access log', `her trial page's token is logged, or no line for it in ${lines} lines`)
  const address = access
    .split('\n')
    .find((line) => /127\.0\.0\.1|203\.0\.113\.7|89123456789/.test(line))
  if (address === undefined) ok(`no client address in ${lines} lines`)
  else bad('access log', `a client address is logged: ${address}`)
  const query = access.split('\n').find((line) => line.includes('?'))
  if (query === undefined)
    ok(
      "no query string (the lead's form, page, course and the redirect's utm_source are not logged)",
    )
  else bad('access log', `a query string is logged: ${query}`)
  const logs = ['access.log', 'error.log', 'editor.log']
    .map((file) => path.join(TMP, file))
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, 'utf8'))
  if (logs.some((text) => text.includes(EDITOR_PASSWORD)))
    bad('logs', "the editor's password is in a log")
  else ok("the editor's password is in no log (nginx's two, the gateway's)")
}

let setupFailed = false
try {
  prerequisites()
  for (const port of [HTTP_PORT, HTTPS_PORT, LEAD_PORT, EDITOR_PORT]) {
    if (await portBusy(port)) die(`port 127.0.0.1:${port} is already in use`)
  }
  configure()
  await start()
  checks()
  await leadChecks()
  await editorChecks()
  logChecks()
} catch (error) {
  if (!(error instanceof SetupFailed)) throw error
  setupFailed = true
  process.stderr.write(`nginx-check: ${error.message}\n`)
} finally {
  if (failures.length > 0 || setupFailed) {
    for (const file of ['error.log', 'lead.log', 'editor.log']) {
      const full = path.join(TMP, file)
      if (existsSync(full) && statSync(full).size > 0)
        log(`--- tail of ${file}\n${readFileSync(full, 'utf8').split('\n').slice(-31).join('\n')}`)
    }
  }
  await scratch.close()
}
if (failures.length > 0) log(`\nfailed checks:\n${failures.map((line) => `  ${line}`).join('\n')}`)
log(`\nnginx-check: ${passed} passed, ${failures.length} failed`)
process.exitCode = setupFailed ? 2 : failures.length > 0 ? 1 : 0
