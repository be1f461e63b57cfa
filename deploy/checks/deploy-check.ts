// `npm run check:deploy` (CI, after check:nginx): the documented deploy, done for real on this
// machine. The repository is pushed into the server's own repository (EDITOR_REPO: a working tree
// that takes pushes, deploy/README.md step 8), which the server's checkout fetches as its origin;
// a developer's clone commits and pushes there. The owner's editor is the editor gateway
// (apps/editor) behind the scratch nginx, committing into that repository.
// The settings are the shipped env examples with a school's real values filled in. The checkout
// is deployed with `npm run deploy` into a temporary DEPLOY_ROOT, served by Debian's nginx on
// loopback with a self-signed certificate, beside the lead service under a systemd stand-in that
// holds its socket (apps/lead-bot/harness/socket-supervisor.ts). Then: an edit published by
// `npm run publish`; an update by hand (`git pull`, `npm run deploy`); a rollback; a release whose
// lead service crashes at start, refused by its trial start; one that crashes only once live,
// undone by the deploy past systemd's start limit; broken content, refused in the chat and in the
// checkout, with `--list` and `--rollback` working all the same; then the owner's editor: a wrong
// password (401), logging in, a price edited through /admin/api/v1 as the editor does and
// published, `npm run editor:undo` published, and an editor commit outside content/ refused
// (docs/decisions/0066-only-content-from-the-editor.md). During each of these
// a lead is sent through nginx every 100 ms and must be stored: one line per step,
// `leads during <step>: N sent, N stored, 0 refused` (docs/decisions/0061-release-health.md).
// Prints one line per check; exit code 1 if any failed.
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { request } from 'node:https'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { fileURLToPath } from 'node:url'
import { parseEnv, promisify, stripVTControlCharacters } from 'node:util'
import { startFakeTelegram } from '@it-lab/lead-bot/harness/fake-telegram'
import { IMAGE_CACHE_DIR } from '@it-lab/site/image-cache-dir'
import { completeSchoolFacts } from '@it-lab/site/harness/complete-school-facts'
import { prepareLaunch, renameCourses } from '@it-lab/site/harness/owner-edits'
import { ENV_FILES, exampleNames } from '../lib/env-files.ts'
import { scratchDir } from './scratch.ts'
import { curlIn, NGINX, nginxArgs, stopPid, tlsCertificate, writeNginxConf } from './stack.ts'
import type { EnvFile } from '../lib/env-files.ts'

const ROOT = path.resolve(import.meta.dirname, '..', '..')
const HOST = 'itlab-school.ru'
const HTTP_PORT = Number(process.env.DEPLOY_CHECK_HTTP_PORT ?? 8089)
const HTTPS_PORT = Number(process.env.DEPLOY_CHECK_HTTPS_PORT ?? 8444)
const LEAD_PORT = Number(process.env.DEPLOY_CHECK_LEAD_PORT ?? 3093)
const EDITOR_PORT = Number(process.env.DEPLOY_CHECK_EDITOR_PORT ?? 3098)
/** The owner's password in this run; the env file holds its hash only. */
const EDITOR_PASSWORD = 'пароль владелицы для проверки'
/** The editor's commits' author, as deploy/deploy.env.example ships it. */
const EDITOR_EMAIL = 'editor@it-lab.local'
/** The lead service's harness: its systemd stand-ins are run by path. */
const HARNESS = path.dirname(
  fileURLToPath(import.meta.resolve('@it-lab/lead-bot/harness/socket-supervisor')),
)
/**
 * `DEPLOY_CHECK_CONTENT=owner`: the whole check on the content a school makes of the shipped one
 * (courses renamed, samples deleted) instead of the shipped samples.
 */
const OWNER_CONTENT = process.env.DEPLOY_CHECK_CONTENT === 'owner'

const telegram = await startFakeTelegram('deploy-check-token')
/** Which names each env file holds: deploy/<file>.example. */
const examples = exampleNames(ROOT)
/** What `npm run editor:password` prints for the owner's password (deploy/README.md, step 8). */
const editorPasswordHash = execFileSync(
  process.execPath,
  [path.join(ROOT, 'apps', 'editor', 'scripts', 'password.ts')],
  { input: EDITOR_PASSWORD, encoding: 'utf8' },
).trim()

const scratch = scratchDir('deploy-check-', {
  keep: process.env.DEPLOY_CHECK_KEEP === '1',
  stop: stopProcesses,
})
const tmp = scratch.dir
/** The server's repository the editor commits into (EDITOR_REPO), the checkout's origin. */
const editorRepo = path.join(tmp, 'editor-repo')
/** The server's checkout (/opt/it-lab-src). */
const repo = path.join(tmp, 'repo')
/** A developer's clone, which pushes into the server's repository. */
const developer = path.join(tmp, 'developer')
const deployRoot = path.join(tmp, 'srv')
/** The server's /etc/it-lab: one env file per process (deploy/lib/env-files.ts). */
const etc = path.join(tmp, 'etc')
const envFile = (file: EnvFile) => path.join(etc, file)
const leadsDb = path.join(tmp, 'data', 'leads.sqlite')
const serviceState = path.join(tmp, 'lead-service')
let failed = 0
let passed = 0
/** The editor gateway, once started (the last part of the check). */
let gateway: ChildProcess | undefined

function check(what: string, ok: boolean, detail = ''): void {
  if (ok) passed += 1
  else failed += 1
  process.stdout.write(`  ${ok ? 'ok  ' : 'FAIL'}  ${what}${ok || !detail ? '' : `: ${detail}`}\n`)
}

/** The part of the check running now, named when an error stops it. */
let stage = 'setting up the server'

/** A part's heading. */
function section(title: string): void {
  stage = title
  process.stdout.write(`${title}:\n`)
}

/** What the check started in its folder, stopped before the folder is removed. */
async function stopProcesses(): Promise<void> {
  // SIGTERM: a save in flight finishes its commit, then the gateway exits (as `systemctl stop
  // it-lab-editor`).
  if (gateway && gateway.exitCode === null && gateway.signalCode === null) {
    const running = gateway
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.kill('SIGTERM')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
  }
  const pid = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').trim() : '')
  // The supervisor stops the service it runs (SIGTERM: as `systemctl stop` of both units); both
  // waited for, so nothing writes into the folder as it is removed.
  await Promise.all(
    [path.join(serviceState, 'supervisor.pid'), path.join(tmp, 'nginx.pid')].map((file) =>
      stopPid(Number(pid(file)) || 0),
    ),
  )
}

const curlStack = curlIn(tmp, [
  `${HOST}:${HTTPS_PORT}:127.0.0.1`,
  `www.${HOST}:${HTTPS_PORT}:127.0.0.1`,
])

/** curl through the loopback nginx, the host resolved to 127.0.0.1. */
function curl(
  url: string,
  ...options: string[]
): { status: number; body: string; headers: string } {
  const answer = curlStack(url, ...options)
  return { status: Number(answer.status), body: answer.text, headers: answer.headers }
}

const base = `https://${HOST}:${HTTPS_PORT}`

/** Waits (nginx reloads in the background) until the page at `pathname` has `text`. */
async function pageShows(pathname: string, text: string | RegExp): Promise<boolean> {
  for (let i = 0; i < 50; i += 1) {
    const body = curl(`${base}${pathname}`).body
    if (typeof text === 'string' ? body.includes(text) : text.test(body)) return true
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return false
}

const homeShows = (text: string) => pageShows('/', text)

function storedLeads(namePattern: string): number {
  const db = new DatabaseSync(leadsDb, { readOnly: true })
  try {
    const row = db.prepare('SELECT COUNT(*) AS n FROM leads WHERE name LIKE ?').get(namePattern)
    return Number(row?.n ?? 0)
  } finally {
    db.close()
  }
}

/** A lead POSTed through nginx as the site's form does: the status, or the connection's error. */
function postLead(name: string): Promise<number | string> {
  const body = JSON.stringify({ name, phone: '+7 (912) 345-67-89' })
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: HTTPS_PORT,
        servername: HOST,
        path: '/lead/send?form=feedback',
        method: 'POST',
        ca: readFileSync(path.join(tmp, 'tls', 'fullchain.pem')),
        agent: false,
        timeout: 60_000,
        headers: {
          Host: HOST,
          Origin: `https://${HOST}`,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      },
    )
    req.on('timeout', () => req.destroy(new Error('no answer in 60 s')))
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
    req.end(body)
  })
}

async function leadThroughNginx(name: string): Promise<boolean> {
  return (await postLead(name)) === 200 && storedLeads(name) === 1
}

let streams = 0

/**
 * At most this many leads wait at once. Each waiting lead holds two of nginx's 768 connections
 * (Debian's, as on the server). A quiet machine never has more than about 60 waiting. With both
 * cores saturated, one restart took 8.5 s; the stream kept sending and 1,000 waiting leads ran
 * nginx out of connections: it answered 500 before any reached the lead service.
 */
const WAITING_MAX = 250

/**
 * Runs `during` while a lead goes to nginx every `everyMs` (held back while WAITING_MAX wait),
 * each with a name of its own and without waiting for the one before; then checks every one was
 * answered 200 and is in the database.
 */
async function withLeadStream<T>(
  stepName: string,
  during: () => Promise<T>,
  everyMs = 100,
): Promise<T> {
  streams += 1
  const prefix = `Поток ${streams}`
  const answers: Promise<number | string>[] = []
  let longest = 0
  let waiting = 0
  let heldBack = 0
  const send = async (name: string) => {
    const sent = Date.now()
    waiting += 1
    const answer = await postLead(name).finally(() => (waiting -= 1))
    longest = Math.max(longest, Date.now() - sent)
    return answer
  }
  const timer = setInterval(() => {
    if (waiting >= WAITING_MAX) heldBack += 1
    else answers.push(send(`${prefix} ${answers.length + 1}`))
  }, everyMs)
  try {
    return await during()
  } finally {
    clearInterval(timer)
    const results = await Promise.all(answers)
    const refused = results.filter((result) => result !== 200)
    const stored = storedLeads(`${prefix} %`)
    const held = heldBack > 0 ? ` (${heldBack} held back while ${WAITING_MAX} waited)` : ''
    const line = `leads during ${stepName}: ${results.length} sent, ${stored} stored, ${refused.length} refused${held}`
    process.stdout.write(`${line}\n`)
    const why = [...new Set(refused)].map(
      (result) => `${result} ×${refused.filter((r) => r === result).length}`,
    )
    check(
      `every lead sent during ${stepName} was answered 200 and stored (the longest wait ${longest} ms)`,
      results.length > 0 && refused.length === 0 && stored === results.length,
      why.join(', '),
    )
  }
}

interface Run {
  status: number
  stdout: string
  stderr: string
}

/** Runs the deploy from the server's checkout, as `npm run deploy` does; its output is kept. */
async function deploy(...args: string[]): Promise<Run> {
  const run = await promisify(execFile)(
    process.execPath,
    [path.join(repo, 'deploy', 'cli', 'deploy.ts'), '--env-file', envFile('deploy.env'), ...args],
    { cwd: repo, maxBuffer: 64 * 1024 * 1024 },
  ).then(
    ({ stdout, stderr }) => ({ status: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      status: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  )
  writeFileSync(path.join(tmp, `deploy-${Date.now()}.log`), `${run.stdout}\n${run.stderr}`)
  return run
}

/** A line of the env file set to `value` (a commented-out one uncommented), else added. */
function setting(text: string, name: string, value: string): string {
  const line = new RegExp(`^#?${name}=.*$`, 'm')
  return line.test(text) ? text.replace(line, `${name}=${value}`) : `${text}\n${name}=${value}\n`
}

/**
 * The env files as step 3 of deploy/README.md makes them, each from its shipped example: the
 * school's own values filled in (its address, the bot), everything else as shipped (`LEAD_API_URL`
 * empty) but the loopback layout of this machine and a rate limit the stream of leads stays under.
 * A value goes to each file whose example names it. With `editor`, step 8's lines too: the editor
 * gateway as the backend, its password's hash.
 */
function writeEnv(www: 'off' | 'redirect', editor: boolean): void {
  const args = nginxArgs(tmp).join(' ')
  const values: Record<string, string> = {
    SITE_URL: `https://${HOST}`,
    SITE_ORIGIN: `https://${HOST}`,
    TELEGRAM_BOT_TOKEN: telegram.token,
    TELEGRAM_CHAT_ID: '1001',
    // The stand-ins of this machine.
    TELEGRAM_API_URL: telegram.url,
    DEPLOY_ROOT: deployRoot,
    DEPLOY_WWW: www,
    NGINX_SITE_CONF: `${tmp}/sites/it-lab.conf`,
    NGINX_RELOAD: `${NGINX} -t -q ${args} && if [ -s ${tmp}/nginx.pid ]; then ${NGINX} -s reload ${args}; else ${NGINX} ${args}; fi`,
    LEAD_SERVICE_RESTART: `sh ${tmp}/restart-lead.sh`,
    NGINX_HTTP_LISTEN: `127.0.0.1:${HTTP_PORT}`,
    NGINX_HTTPS_LISTEN: `127.0.0.1:${HTTPS_PORT}`,
    TLS_CERT_DIR: `${tmp}/tls`,
    ACME_WEBROOT: `${tmp}/acme`,
    DEPLOY_BACKUP_DIR: `${tmp}/backups`,
    LEADS_DB: leadsDb,
    LEAD_PORT: String(LEAD_PORT),
    LEAD_HOST: '127.0.0.1',
    TRUST_PROXY: 'loopback',
    RATE_LIMIT_MAX: '1000000',
    EDITOR_REPO: editorRepo,
    EDITOR_PORT: String(EDITOR_PORT),
    ...(editor && {
      CMS_BACKEND: 'proxy',
      EDITOR_PASSWORD_HASH: editorPasswordHash,
      EDITOR_ORIGIN: `https://${HOST}`,
    }),
  }
  mkdirSync(etc, { recursive: true })
  for (const file of ENV_FILES) {
    let text = readFileSync(path.join(repo, 'deploy', `${file}.example`), 'utf8')
    for (const [name, value] of Object.entries(values)) {
      if (examples[file].has(name)) text = setting(text, name, value)
    }
    writeFileSync(envFile(file), text, { mode: 0o600 })
  }
  writeRestartScript()
}

/**
 * The environment a unit of deploy/systemd starts its process with, as systemd makes it: its
 * Environment= lines, then its EnvironmentFile= (this run's copy of /etc/it-lab/…) over them,
 * over what systemd itself sets (PATH, LANG; HOME for a service's user).
 */
function unitEnv(unit: string): Record<string, string> {
  const text = readFileSync(path.join(repo, 'deploy', 'systemd', unit), 'utf8')
  const env: Record<string, string> = {}
  for (const name of ['PATH', 'LANG', 'HOME']) {
    const value = process.env[name]
    if (value !== undefined) env[name] = value
  }
  for (const [, name = '', value = ''] of text.matchAll(/^Environment=([^=\n]+)=(.*)$/gm)) {
    env[name] = value
  }
  for (const [, file = ''] of text.matchAll(/^EnvironmentFile=-?\/etc\/it-lab\/(.+)$/gm)) {
    Object.assign(env, parseEnv(readFileSync(path.join(etc, file), 'utf8')))
  }
  return env
}

/** The names a process was started with (/proc/<pid>/environ); none once it is gone. */
function environNames(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((entry) => entry.slice(0, entry.indexOf('=')))
  } catch {
    return []
  }
}

/** The names among `names` that only other processes' env files list (their secrets among them). */
const foreignNames = (names: string[], own: readonly EnvFile[]) =>
  names.filter(
    (name) =>
      !own.some((file) => examples[file].has(name)) &&
      ENV_FILES.some((file) => examples[file].has(name)),
  )

/** What each publish run's processes were started with, seen while it ran (the last check). */
const publishProcesses = new Map<number, { command: string; names: string[] }>()

/** Samples every process carrying `marker` in its environment until `done` settles. */
async function sampleProcesses<T>(marker: string, done: Promise<T>): Promise<T> {
  const look = () => {
    for (const entry of readdirSync('/proc')) {
      const pid = Number(entry)
      if (!Number.isInteger(pid) || publishProcesses.has(pid)) continue
      const names = environNames(pid)
      if (!names.includes(marker)) continue
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
        publishProcesses.set(pid, { command, names })
      } catch {
        // Gone meanwhile.
      }
    }
  }
  const timer = setInterval(look, 50)
  try {
    return await done
  } finally {
    clearInterval(timer)
  }
}

/**
 * git as a developer: their commits are published whatever they change. A failure says which
 * command in which repository, and what git printed (`nothing to commit` goes to its stdout).
 */
function git(cwd: string, ...args: string[]): string {
  const run = spawnSync(
    'git',
    ['-c', 'user.name=Developer', '-c', 'user.email=developer@example.test', ...args],
    { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  )
  if (run.status !== 0) {
    const said = `${run.stdout}${run.stderr}`.trim() || String(run.error ?? `exit ${run.status}`)
    throw new Error(`git ${args.join(' ')} in ${path.relative(tmp, cwd) || cwd} failed: ${said}`)
  }
  return run.stdout.trim()
}

/** A commit of `file` in the developer's clone, pushed into the server's repository. */
function developerWrites(subject: string, file: string, edit: (text: string) => string): void {
  const full = path.join(developer, file)
  writeFileSync(full, edit(readFileSync(full, 'utf8')))
  git(developer, 'commit', '-q', '-am', subject)
  git(developer, 'push', '-q', 'origin', 'HEAD:main')
}

/** A content file changed by the developer (as by hand, past the editor's checks), pushed. */
function developerCommits(
  subject: string,
  file: string,
  edit: (data: Record<string, unknown>) => object,
): void {
  developerWrites(subject, file, (text) => `${JSON.stringify(edit(JSON.parse(text)), null, 2)}\n`)
}

/** The chat's messages about publishing (the leads' own messages left out). */
function publishMessages(from: number): string {
  return telegram.messages
    .slice(from)
    .map((message) => message.text)
    .filter((text) => /Опубликовано|Правка не опубликована/.test(text))
    .join('\n')
}

/** In the environment of every process of a publish run (and of nothing else). */
const PUBLISH_MARKER = 'DEPLOY_CHECK_PUBLISH_RUN'

/** Runs `npm run publish` as its timer does; the chat's messages it caused, and its output. */
async function publish(): Promise<{ status: number; said: string; output: string }> {
  const before = telegram.messages.length
  // Not spawnSync: the fake Telegram answering its message lives in this process. The marker
  // finds the run's processes in /proc, whatever each of them passes on to its children.
  const run = promisify(execFile)(
    process.execPath,
    [path.join(repo, 'deploy', 'cli', 'publish.ts'), '--env-file', envFile('deploy.env')],
    {
      cwd: repo,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, [PUBLISH_MARKER]: '1' },
    },
  )
  const { status, output } = await sampleProcesses(PUBLISH_MARKER, run).then(
    ({ stdout, stderr }) => ({ status: 0, output: `${stdout}${stderr}` }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      status: error.code,
      output: `${error.stdout}${error.stderr}`,
    }),
  )
  writeFileSync(path.join(tmp, `publish-${Date.now()}.log`), output)
  if (status > 1) process.stdout.write(`${output.slice(-3000)}\n`)
  return { status, said: publishMessages(before), output }
}

/** The editor gateway as its unit runs it: from the server's checkout, with the unit's environment. */
async function startGateway(): Promise<boolean> {
  const log = openSync(path.join(tmp, 'editor.log'), 'a')
  const started = spawn(process.execPath, [path.join(repo, 'apps', 'editor', 'src', 'main.ts')], {
    cwd: repo,
    stdio: ['ignore', log, log],
    env: unitEnv('it-lab-editor.service'),
  })
  gateway = started
  for (let i = 0; i < 300 && started.exitCode === null; i += 1) {
    try {
      const response = await fetch(`http://127.0.0.1:${EDITOR_PORT}/admin/login`)
      if (response.ok) return true
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return false
}

/** The login form posted through nginx, as the browser does; the session cookie it set. */
function logIn(password: string) {
  const answer = curl(
    `${base}/admin/login`,
    '-X',
    'POST',
    '-H',
    `Origin: https://${HOST}`,
    '--data-urlencode',
    `password=${password}`,
  )
  const cookie = /^set-cookie: (it_lab_editor=[^;\s]+)/im.exec(answer.headers)?.[1]
  return { ...answer, cookie }
}

/** One call of the editor's API (`{ action, params }` POSTed to /admin/api/v1). */
function editorApi(cookie: string, action: string, params: Record<string, unknown>) {
  return curl(
    `${base}/admin/api/v1`,
    '--max-time',
    '90',
    '-X',
    'POST',
    '-H',
    `Origin: https://${HOST}`,
    '-H',
    'Content-Type: application/json',
    '-H',
    `Cookie: ${cookie}`,
    '--data-binary',
    JSON.stringify({ action, params }),
  )
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

const live = () => path.basename(readlinkSync(path.join(deployRoot, 'current')))
const releaseInfo = (id: string) =>
  JSON.parse(readFileSync(path.join(deployRoot, 'releases', id, 'release.json'), 'utf8')) as {
    commit: string
    state: string
  }
const releaseState = (id: string) => releaseInfo(id).state
/** The live release's commit (short, as release.json has it). */
const liveCommit = () => releaseInfo(live()).commit
const releaseIds = () => readdirSync(path.join(deployRoot, 'releases')).sort()
const onBranch = () => git(repo, 'symbolic-ref', '--quiet', '--short', 'HEAD') === 'main'

function setUp(): void {
  // The repository as committed on this branch, pushed into the server's repository (a working
  // tree on `main` that takes pushes), and a developer's clone of it.
  const head = git(ROOT, 'rev-parse', 'HEAD')
  git(tmp, 'init', '-q', '-b', 'main', editorRepo)
  git(editorRepo, 'config', 'receive.denyCurrentBranch', 'updateInstead')
  git(ROOT, 'push', '-q', editorRepo, `${head}:refs/heads/main`)
  git(tmp, 'clone', '-q', editorRepo, developer)
  if (OWNER_CONTENT) {
    // A school's own content, as her editor commits it before the first deploy: every course
    // renamed, the samples deleted (docs/decisions/0053-tests-read-the-content.md).
    renameCourses(path.join(developer, 'content'))
    prepareLaunch(path.join(developer, 'content'))
    developerCommitsAll('Курсы переименованы, образцы убраны')
  }
  // The server's checkout, fetching that repository.
  git(tmp, 'clone', '-q', editorRepo, repo)
  // The installed packages, but the workspace's own ones from the copy, so its edits count.
  const modules = path.join(repo, 'node_modules')
  mkdirSync(path.join(modules, '@it-lab'), { recursive: true })
  for (const name of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (name !== '@it-lab')
      symlinkSync(path.join(ROOT, 'node_modules', name), path.join(modules, name))
  }
  // Each workspace's link as npm made it (`../../packages/shared`), pointing into the copy.
  for (const name of readdirSync(path.join(ROOT, 'node_modules', '@it-lab'))) {
    const link = readlinkSync(path.join(ROOT, 'node_modules', '@it-lab', name))
    symlinkSync(link, path.join(modules, '@it-lab', name))
  }
  // The photos this machine's builds have encoded, kept by their bytes: each is encoded once here
  // too, as on a server after its first deploy.
  const imageCache = path.relative(ROOT, IMAGE_CACHE_DIR)
  mkdirSync(path.join(ROOT, imageCache), { recursive: true })
  mkdirSync(path.dirname(path.join(repo, imageCache)), { recursive: true })
  symlinkSync(path.join(ROOT, imageCache), path.join(repo, imageCache))
  for (const dir of ['acme', 'sites', 'data']) {
    mkdirSync(path.join(tmp, dir), { recursive: true })
  }
  tlsCertificate(tmp, HOST)
  // Debian's own nginx.conf as to connections (768 a worker): a lead waiting for the lead
  // service holds two.
  writeNginxConf(tmp, { includes: [`${tmp}/sites/it-lab.conf`], workerConnections: 768 })
}

/**
 * Everything in the developer's clone committed as `subject` and pushed; nothing when nothing
 * changed (a school whose content has no sample left deletes none).
 */
function developerCommitsAll(subject: string): void {
  git(developer, 'add', '-A', 'content')
  if (git(developer, 'status', '--porcelain', '--', 'content') === '') return
  git(developer, 'commit', '-q', '-m', subject)
  git(developer, 'push', '-q', 'origin', 'HEAD:main')
}

/** What the owner does in her editor before the launch (docs/decisions/0084): her facts, the samples gone. */
function ownerPreparesLaunch(): void {
  developerCommits('Сведения о школе', 'content/school.json', () => completeSchoolFacts)
  // The sample entries go and the single files' ticks are cleared, as a school does before the
  // launch: the release build refuses them (docs/decisions/0073-sample-entries.md).
  prepareLaunch(path.join(developer, 'content'))
  developerCommitsAll('Образцы убраны')
}

/**
 * What the deploy's `systemctl reset-failed …; systemctl restart …` does, with the stand-in for
 * the .socket and .service units: started on the first deploy (the units enabled in step 6 start
 * then), restarted on the live release (`current`, resolved at each start) with its own Node 24
 * and the unit's environment (nothing else: `env -i`), as the unit's ExecStart.
 */
function writeRestartScript(): void {
  const node = process.execPath
  const ctl = `${node} ${HARNESS}/supervisorctl.ts`
  const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`
  const env = Object.entries(unitEnv('it-lab-lead-bot.service'))
    .map(([name, value]) => quote(`${name}=${value}`))
    .join(' ')
  writeFileSync(
    path.join(tmp, 'restart-lead.sh'),
    `state=${serviceState}
if [ -s $state/supervisor.pid ] && kill -0 "$(cat $state/supervisor.pid)" 2>/dev/null; then
  ${ctl} reset-failed --state-dir $state
  exec ${ctl} restart --state-dir $state
fi
mkdir -p $state
nohup env -i ${env} ${node} ${HARNESS}/socket-supervisor.ts --listen 127.0.0.1:${LEAD_PORT} \\
  --state-dir $state --cwd ${deployRoot}/current/app -- \\
  ${deployRoot}/current/app/node_modules/node/bin/node apps/lead-bot/src/main.ts >> ${tmp}/lead.log 2>&1 &
for i in $(seq 300); do [ "$(cat $state/state 2>/dev/null)" = active ] && exit 0; sleep 0.1; done
exit 1
`,
  )
}

/** A content file of the developer's clone, as the check's commits left it. */
const contentOf = <T>(file: string) =>
  JSON.parse(readFileSync(path.join(developer, 'content', file), 'utf8')) as T
const NEW_TITLE = 'Roblox: создаём 3D-игры'
const UPDATED_TITLE = 'Roblox: 3D-игры своими руками'
const CRASH = "throw new Error('this release crashes at start')\n"
/** What a refusal must never show: a stack frame, a colour code, npm's own error lines. */
const noisy = (text: string) =>
  /^\s+at |^npm (error|ERR!)/m.test(text) || stripVTControlCharacters(text) !== text

try {
  setUp()
  writeEnv('off', false)
  /** The first course's title as the content has it (the owner's, once she renamed it). */
  const TITLE = contentOf<{ title: string }>('courses/1.json').title
  /** A sample teacher left in the content, which the launch's refusal names. */
  const teachers = path.join(developer, 'content', 'teachers')
  const sampleTeacher = (existsSync(teachers) ? readdirSync(teachers) : [])
    .sort()
    .map((file) => ({ file, ...contentOf<{ name: string; sample?: boolean }>(`teachers/${file}`) }))
    .find((teacher) => teacher.sample === true)
  section(
    'a first deploy as a preview before the launch (the shipped facts and sample entries; the shipped env example: LEAD_API_URL empty, no editor backend yet)',
  )
  const previewRun = await deploy('--preview')
  const previewId = previewRun.status === 0 ? live() : ''
  await homeShows('Сайт готовится к запуску')
  const previewHome = curl(`${base}/`)
  const previewRobots = curl(`${base}/robots.txt`)
  check(
    'npm run deploy -- --preview exits 0 and says the site is a preview',
    previewRun.status === 0 && previewRun.stdout.includes('is a preview before the launch'),
    `${previewRun.stdout}${previewRun.stderr.slice(-2000)}`,
  )
  check(
    'its pages show the strip «Сайт готовится к запуску» and are noindex (meta and X-Robots-Tag); robots.txt disallows everything',
    previewHome.body.includes('Сайт готовится к запуску') &&
      previewHome.body.includes('<meta name="robots" content="noindex, nofollow"/>') &&
      /^x-robots-tag: noindex, nofollow/im.test(previewHome.headers) &&
      previewRobots.body === 'User-agent: *\nDisallow: /\n',
    `${previewHome.headers} ${previewRobots.body}`,
  )
  check('a lead through nginx is stored', await leadThroughNginx('Предпросмотр'))
  const previewList = await deploy('--list')
  check(
    '--list marks the release a preview and says the site is one',
    new RegExp(`^\\* ${previewId}\\s+good, preview, live`, 'm').test(previewList.stdout) &&
      previewList.stdout.includes('the site is a preview before the launch'),
    previewList.stdout,
  )
  const launchRefused = await deploy('--launch')
  const refusedSaid = `${launchRefused.stdout}${launchRefused.stderr}`
  const counted = /, (\d+) problems, (\d+) of them blocking only the launch\./.exec(refusedSaid)
  check(
    '--launch is refused while the samples remain: every problem, grouped by file and counted, no line of the build; the preview stays live',
    launchRefused.status === 1 &&
      counted !== null &&
      counted[1] === counted[2] &&
      refusedSaid.includes('  content/school.json (10):\n    «Телефон» (phone) — ещё пример') &&
      (sampleTeacher === undefined ||
        refusedSaid.includes(
          `  content/teachers/${sampleTeacher.file}: «${sampleTeacher.name}» — образец`,
        )) &&
      !/plugin|vite|… and/i.test(refusedSaid) &&
      !noisy(refusedSaid) &&
      live() === previewId &&
      (await homeShows('Сайт готовится к запуску')),
    refusedSaid,
  )
  ownerPreparesLaunch()
  git(repo, 'pull', '-q', '--ff-only')

  section('the launch (her facts filled in, the samples deleted)')
  const firstRun = await deploy('--launch')
  check('npm run deploy -- --launch exits 0', firstRun.status === 0, firstRun.stderr.slice(-2000))
  check(
    'it prints a short summary',
    firstRun.stdout.trim().split('\n').length <= 5 && firstRun.stdout.includes('is live'),
    firstRun.stdout,
  )
  // nginx reloads in the background: the page without the strip.
  await pageShows('/', /^(?![\s\S]*Сайт готовится к запуску)/)
  const launchedHome = curl(`${base}/`)
  check(
    'a first deploy goes out as a preview; --launch lifts it (no strip, pages indexed, robots.txt allows)',
    firstRun.stdout.includes('the preview is lifted') &&
      !launchedHome.body.includes('Сайт готовится к запуску') &&
      launchedHome.body.includes('<meta name="robots" content="index, follow"/>') &&
      !/^x-robots-tag:/im.test(launchedHome.headers) &&
      curl(`${base}/robots.txt`).body.includes('Allow: /\n'),
    `${firstRun.stdout} ${launchedHome.headers}`,
  )
  check(`the home page is served (${TITLE})`, await homeShows(TITLE))
  check('a lead through nginx is stored', await leadThroughNginx('Первый выпуск'))
  check(
    'www is named in no server block (DEPLOY_WWW=off)',
    !readFileSync(path.join(tmp, 'sites', 'it-lab.conf'), 'utf8').includes(`www.${HOST}`),
  )
  const first = live()
  const noEditor = curl(`${base}/admin/`)
  check(
    'without an editor backend the release has no /admin/ and it answers 404 (the not-found page)',
    !existsSync(path.join(deployRoot, 'releases', first, 'site', 'client', 'admin')) &&
      !readFileSync(path.join(tmp, 'sites', 'it-lab.conf'), 'utf8').includes('/admin') &&
      noEditor.status === 404 &&
      noEditor.body.includes('Страница не найдена'),
    `${noEditor.status} ${noEditor.body.slice(0, 200)}`,
  )
  const firstAssets = (
    JSON.parse(readFileSync(path.join(deployRoot, 'releases', first, 'release.json'), 'utf8')) as {
      assets: string[]
    }
  ).assets.filter((name) => name.endsWith('.js'))

  section('the lead service restarted 8 times under a stream of leads')
  // A red team once saw 64 of 1,788 connections reset over 8 restarts at ~120 leads/s: a
  // connection the old process had accepted but not read yet was dropped as idle when it closed.
  // Each lead on a new connection, a new one every 8 ms; the restarts as the deploy's.
  await withLeadStream(
    'restarts under load',
    async () => {
      for (let restart = 0; restart < 8; restart += 1) {
        await new Promise((resolve) => setTimeout(resolve, 700))
        await promisify(execFile)('sh', [path.join(tmp, 'restart-lead.sh')])
      }
      await new Promise((resolve) => setTimeout(resolve, 700))
    },
    8,
  )

  section('an edit published (a course renamed; www redirected, the editor backend set)')
  developerCommits('Курс переименован', 'content/courses/1.json', (course) => ({
    ...course,
    title: NEW_TITLE,
  }))
  writeEnv('redirect', true)
  await new Promise((resolve) => setTimeout(resolve, 1_100)) // a release id of its own
  const published = await withLeadStream('publish', publish)
  check('npm run publish exits 0', published.status === 0, published.output.slice(-2000))
  check(
    'the chat is told «Опубликовано»',
    published.said.includes('Опубликовано') && published.said.includes('Курс переименован'),
    published.said,
  )
  check(`the home page shows the new release (${NEW_TITLE})`, await homeShows(NEW_TITLE))
  check("the server's checkout is on its branch, not a detached commit", onBranch())
  const second = live()
  const secondOwn = (
    JSON.parse(readFileSync(path.join(deployRoot, 'releases', second, 'release.json'), 'utf8')) as {
      assets: string[]
    }
  ).assets
  const gone = firstAssets.filter((name) => !secondOwn.includes(name))
  check(
    `the first release's own chunks are still served (${gone.length} not in the new build)`,
    gone.length > 0 && gone.every((name) => curl(`${base}/assets/${name}`).status === 200),
  )
  const www = curl(`https://www.${HOST}:${HTTPS_PORT}/courses?x=1`)
  check(
    'https://www answers 301 to the host, with a certificate that names it',
    www.status === 301 && www.headers.includes(`location: https://${HOST}/courses?x=1`),
    `${www.status} ${www.headers}`,
  )
  check(
    'the lead database was backed up before the restart, named apart from the nightly backups (pre-deploy-…)',
    existsSync(path.join(tmp, 'backups')) &&
      readdirSync(path.join(tmp, 'backups')).some((name) => /^pre-deploy-.*\.sqlite$/.test(name)) &&
      !readdirSync(path.join(tmp, 'backups')).some((name) => name.startsWith('leads-')),
    readdirSync(path.join(tmp, 'backups')).join(' '),
  )

  section('an update by hand after the publish (git pull, npm run deploy)')
  developerCommits('Курс обновлён', 'content/courses/1.json', (course) => ({
    ...course,
    title: UPDATED_TITLE,
  }))
  const updated = await withLeadStream('deploy', async () => {
    git(repo, 'pull', '-q', '--ff-only')
    return deploy()
  })
  check('git pull and npm run deploy exit 0', updated.status === 0, updated.stderr.slice(-2000))
  check(
    'the summary names the release, the commit and what changed',
    updated.stdout.trim().split('\n').length <= 5 &&
      updated.stdout.includes('«Курс обновлён»') &&
      updated.stdout.includes('changed since') &&
      updated.stdout.includes('content/courses/1.json'),
    updated.stdout,
  )
  check(`the home page shows the update (${UPDATED_TITLE})`, await homeShows(UPDATED_TITLE))
  const third = live()

  section('rollback (before the publishing timer ran after the update)')
  const chatBeforeRollback = telegram.messages.length
  const rolledBack = await withLeadStream('rollback', () => deploy('--rollback'))
  check('npm run deploy -- --rollback exits 0', rolledBack.status === 0, rolledBack.stderr)
  check(
    `the published release is live again, its pages with it (${NEW_TITLE})`,
    live() === second && (await homeShows(NEW_TITLE)),
  )
  const rollbackSaid = telegram.messages
    .slice(chatBeforeRollback)
    .map((message) => message.text)
    .join('\n')
  const heldList = await deploy('--list')
  check(
    'the chat is told the site went back to the version of its time, and --list marks the release rolled away from',
    /Сайт возвращён к версии от \d+ [а-я]+, \d\d:\d\d\. Новые правки из редактора будут публиковаться как обычно/.test(
      rollbackSaid,
    ) && new RegExp(`^  ${third}\\s+good, rolled back`, 'm').test(heldList.stdout),
    `${rollbackSaid} ${heldList.stdout}`,
  )
  // The timer's next run: the branch head is the update rolled away from.
  const releasesHeld = releaseIds().join()
  const heldRun = await publish()
  const heldStill = releaseIds().join() === releasesHeld && live() === second

  section('a release whose lead service crashes at start')
  const releasesBefore = releaseIds().join()
  const headBefore = git(repo, 'rev-parse', 'HEAD')
  developerWrites(
    'Сервис падает при старте',
    'apps/lead-bot/src/main.ts',
    (code) => `${CRASH}${code}`,
  )
  const crashed = await withLeadStream('a release whose lead service crashes at start', publish)
  check('npm run publish exits 1', crashed.status === 1, crashed.output.slice(-2000))
  check(
    'the deploy says its trial start refused it, naming the error',
    crashed.output.includes('refused at its trial start') &&
      crashed.output.includes('this release crashes at start') &&
      !noisy(crashed.output.slice(crashed.output.indexOf('deploy: nothing'))),
    crashed.output.slice(-2000),
  )
  check(
    'the chat is told it is not her edit, and (no e-mail set) to forward it to the administrator',
    crashed.said.includes('Правка здесь ни при чём') &&
      crashed.said.includes('Перешлите это сообщение администратору сайта.') &&
      !crashed.said.includes('this release crashes at start'),
    crashed.said,
  )
  check(
    'pages and lead service stay on the live release',
    live() === second && (await homeShows(NEW_TITLE)) && (await leadThroughNginx('После сбоя')),
  )
  const list = await deploy('--list')
  const crashedId = releaseIds().find((id) => !releasesBefore.split(',').includes(id)) ?? ''
  check(
    'a rollback holds across the next publish: a run with no new commit deploys nothing and says so; the next commit is deployed',
    heldRun.status === 0 &&
      heldRun.output.includes('is not deployed: release') &&
      heldRun.said === '' &&
      heldStill &&
      crashedId !== '' &&
      (crashed.output.includes(`release ${crashedId}`) || crashed.output.includes(crashedId)),
    `${heldRun.status}: ${heldRun.output.slice(-1500)} ${heldRun.said}`,
  )
  check(
    '--list shows the refused release as broken and the live one marked',
    list.status === 0 &&
      new RegExp(`^  ${crashedId}\\s+broken`, 'm').test(list.stdout) &&
      new RegExp(`^\\* ${second}\\s+good, live`, 'm').test(list.stdout),
    list.stdout,
  )
  check(
    "the server's checkout is back on its branch at the live commit (the release rolled back to, not the update)",
    onBranch() &&
      git(repo, 'rev-parse', 'HEAD').startsWith(liveCommit()) &&
      git(repo, 'rev-parse', 'HEAD') !== headBefore,
  )
  git(developer, 'revert', '--no-edit', 'HEAD')
  git(developer, 'push', '-q', 'origin', 'HEAD:main')

  section('a release whose lead service passes its trial and crashes live')
  // Only under the socket, which its trial start never has: the way back after the switch.
  developerWrites(
    'Сервис падает под systemd',
    'apps/lead-bot/src/main.ts',
    (code) => `if (process.env.LISTEN_FDS) ${CRASH}${code}`,
  )
  const wentBack = await withLeadStream(
    'a release whose lead service crashes once live',
    async () => {
      git(repo, 'pull', '-q', '--ff-only')
      return deploy()
    },
  )
  check(
    'npm run deploy exits 1: the release before is live again',
    wentBack.status === 1 && wentBack.stderr.includes(`${second} is live again`),
    `${wentBack.stdout}${wentBack.stderr}`,
  )
  check(
    'pages and lead service are back on it, past the start limit',
    live() === second && (await homeShows(NEW_TITLE)) && (await leadThroughNginx('После возврата')),
  )
  const afterLive = await deploy('--list')
  check(
    '--list shows the release marked broken, with why',
    /\s+broken\s+«Сервис падает под systemd» — its lead service did not answer/.test(
      afterLive.stdout,
    ),
    afterLive.stdout,
  )
  const broken = releaseIds().filter((id) => releaseState(id) === 'broken')
  check(
    `at most one broken release is kept (${broken.length}: ${broken.join(', ')})`,
    broken.length === 1,
  )
  git(developer, 'revert', '--no-edit', 'HEAD')
  git(developer, 'push', '-q', 'origin', 'HEAD:main')
  git(repo, 'pull', '-q', '--ff-only')

  section('broken content (a price of 0), pushed, and then in the checkout')
  developerCommits('Цена курса', 'content/courses/1.json', (course) => ({
    ...course,
    prices: { ...(course.prices as object), basic: 0 },
  }))
  await withLeadStream('broken content in the checkout', async () => {
    const releases = releaseIds().join()
    const checkedOut = git(repo, 'rev-parse', 'HEAD')
    const refused = await publish()
    check('npm run publish exits 1', refused.status === 1)
    check(
      'the chat is told «Правка не опубликована», naming the file and the field',
      refused.said.includes('Правка не опубликована') &&
        refused.said.includes('content/courses/1.json') &&
        refused.said.includes('prices.basic'),
      refused.said,
    )
    check(
      'no release was made and the live site is unchanged',
      releaseIds().join() === releases && (await homeShows(NEW_TITLE)),
    )
    check(
      "the server's checkout is back on its branch at the live commit, not the pulled one",
      onBranch() &&
        git(repo, 'rev-parse', 'HEAD').startsWith(liveCommit()) &&
        git(repo, 'rev-parse', 'HEAD') !== checkedOut,
    )
    check(
      'the refused edit is told once: the next run finds nothing new',
      (await publish()).said === '',
    )

    git(repo, 'pull', '-q', '--ff-only')
    const byHand = await deploy()
    const said = `${byHand.stdout}${byHand.stderr}`
    check(
      'npm run deploy of the broken checkout exits 1 with one paragraph and the problem',
      byHand.status === 1 &&
        said.includes('nothing was deployed') &&
        said.includes('prices.basic') &&
        !noisy(said) &&
        said.trim().split('\n').length <= 6,
      said,
    )
    const listed = await deploy('--list')
    check(
      '--list works with the broken checkout',
      listed.status === 0 && listed.stdout.includes(second),
    )
    const back = await deploy('--rollback')
    check(
      `--rollback works with the broken checkout: the first release is live (${TITLE})`,
      back.status === 0 && live() === first && (await homeShows(TITLE)),
      `${back.stdout}${back.stderr}`,
    )
    const to = await deploy('--rollback', '--to', third)
    check(
      `--rollback --to picks a release (${UPDATED_TITLE})`,
      to.status === 0 && live() === third && (await homeShows(UPDATED_TITLE)),
      `${to.stdout}${to.stderr}`,
    )
  })

  section('one deploy at a time')
  const lock = path.join(deployRoot, 'deploy.lock')
  writeFileSync(
    lock,
    JSON.stringify({
      pid: process.pid,
      command: 'npm run deploy',
      startedAt: new Date().toISOString(),
      token: 'check',
    }),
  )
  developerCommits('Цена курса исправлена', 'content/courses/1.json', (course) => ({
    ...course,
    prices: { ...(course.prices as object), basic: 4900 },
  }))
  const waiting = await publish()
  rmSync(lock)
  check(
    'a publish while a deploy holds the lock changes nothing and says who holds it',
    waiting.status === 0 &&
      waiting.output.includes(`pid ${process.pid} (npm run deploy)`) &&
      live() === third,
    waiting.output,
  )
  section("the owner's editor on this server (the gateway behind nginx)")
  check(
    "the editor gateway starts from the checkout with its unit's environment",
    await startGateway(),
  )
  const editorHead = () => git(editorRepo, 'rev-parse', 'HEAD')
  const headBeforeLogin = editorHead()
  const wrong = logIn('не тот пароль')
  check(
    'a wrong password at /admin/login is answered 401 «Неверный пароль» and changes nothing (no session, no commit)',
    wrong.status === 401 &&
      wrong.body.includes('Неверный пароль') &&
      wrong.cookie === undefined &&
      editorHead() === headBeforeLogin,
    `${wrong.status} ${wrong.headers}`,
  )
  const session = logIn(EDITOR_PASSWORD)
  const cookie = session.cookie ?? ''
  const coursePath = 'content/courses/1.json'
  // As the editor does (apps/site/admin/api.ts): the entry read, then saved whole, with the base
  // the tab read (the stale-tab check).
  const read = editorApi(cookie, 'getEntry', { path: coursePath })
  const raw = read.status === 200 ? (JSON.parse(read.body) as { data: string }).data : '{}'
  const course = JSON.parse(raw) as { title: string; prices: Record<string, number> }
  // The editor sends no subject; the gateway commits the owner's words, which the chat repeats.
  const subject = `Правка: курс 1 — ${course.title}`
  const saved = editorApi(cookie, 'persistEntry', {
    dataFiles: [
      {
        path: coursePath,
        raw: `${JSON.stringify({ ...course, prices: { ...course.prices, basic: 1750 } }, null, 2)}\n`,
      },
    ],
    assets: [],
    options: { useWorkflow: false },
    baseIds: { [coursePath]: sha256(raw) },
  })
  const author = git(editorRepo, 'log', '-1', '--format=%ae %s')
  const editedPublished = await withLeadStream('an edit from the editor published', publish)
  const newPrice = /1\s750\s₽/
  check(
    "the owner logs in, edits a price through /admin/api/v1 as the editor does, and the editor's commit is published: /course/1 shows 1 750 ₽",
    session.status === 303 &&
      read.status === 200 &&
      saved.status === 200 &&
      author === `${EDITOR_EMAIL} ${subject}` &&
      editedPublished.status === 0 &&
      editedPublished.said.includes(`Опубликовано</b>: «${subject}»`) &&
      (await pageShows('/course/1', newPrice)),
    `login ${session.status}, read ${read.status}, save ${saved.status} ${saved.body.slice(0, 300)}, commit «${author}», publish ${editedPublished.status}: ${editedPublished.said} ${editedPublished.output.slice(-1500)}`,
  )

  const undo = spawnSync(
    process.execPath,
    [path.join(repo, 'deploy', 'cli', 'editor-undo.ts'), '--env-file', envFile('editor.env')],
    { cwd: repo, encoding: 'utf8' },
  )
  const undoSubject = `Отмена правки «${subject}»`
  const undone = await publish()
  check(
    "npm run editor:undo reverts the price edit in the editor's name, and it is published: /course/1 shows 4 900 ₽ again",
    undo.status === 0 &&
      git(editorRepo, 'log', '-1', '--format=%ae %s') === `${EDITOR_EMAIL} ${undoSubject}` &&
      undone.status === 0 &&
      undone.said.includes(`Опубликовано</b>: «${undoSubject}»`) &&
      (await pageShows('/course/1', /4\s900\s₽/)) &&
      !newPrice.test(curl(`${base}/course/1`).body),
    `${undo.stdout}${undo.stderr} publish ${undone.status}: ${undone.said} ${undone.output.slice(-1500)}`,
  )

  // Past the gateway (which refuses it): a commit in the editor's name that changes the code.
  const outsideFile = 'apps/lead-bot/src/main.ts'
  const fullOutside = path.join(editorRepo, outsideFile)
  writeFileSync(fullOutside, `${readFileSync(fullOutside, 'utf8')}// not content\n`)
  execFileSync(
    'git',
    [
      '-c',
      'user.name=Редактор сайта',
      '-c',
      `user.email=${EDITOR_EMAIL}`,
      'commit',
      '-qam',
      'Update Курсы “2”',
    ],
    { cwd: editorRepo },
  )
  const releasesBeforeOutside = releaseIds().join()
  const liveBeforeOutside = live()
  const checkoutBeforeOutside = git(repo, 'rev-parse', 'HEAD')
  const outside = await publish()
  check(
    'an editor commit touching a file outside content/ is refused by publishing, told in the chat with the file; nothing built, the live release and the checkout unchanged',
    outside.status === 1 &&
      outside.output.includes('outside content/') &&
      outside.said.includes('Правка не опубликована') &&
      outside.said.includes(outsideFile) &&
      releaseIds().join() === releasesBeforeOutside &&
      live() === liveBeforeOutside &&
      git(repo, 'rev-parse', 'HEAD') === checkoutBeforeOutside &&
      onBranch() &&
      (await pageShows('/course/1', /4\s900\s₽/)),
    `${outside.status}: ${outside.said} ${outside.output.slice(-1500)}`,
  )
  section('each process holds only its own secrets (/proc/<pid>/environ, as each was started)')
  const gatewayForeign = foreignNames(environNames(gateway?.pid ?? 0), ['editor.env'])
  check(
    "the editor gateway: its own settings only, no lead service's or deploy's (TELEGRAM_BOT_TOKEN, SMTP_URL, ALFACRM_API_KEY, … absent)",
    environNames(gateway?.pid ?? 0).includes('EDITOR_PASSWORD_HASH') && gatewayForeign.length === 0,
    gatewayForeign.join(' '),
  )
  const leadPid = Number(readFileSync(path.join(serviceState, 'main.pid'), 'utf8'))
  const leadForeign = foreignNames(environNames(leadPid), ['lead-bot.env'])
  check(
    'the lead service: its own settings only, no editor setting (EDITOR_PASSWORD_HASH absent) nor deploy setting',
    environNames(leadPid).includes('TELEGRAM_BOT_TOKEN') && leadForeign.length === 0,
    leadForeign.join(' '),
  )
  const runs = [...publishProcesses.values()]
  const own = runs.filter(({ command }) => /deploy\/cli\/(publish|deploy)\.ts/.test(command))
  const runForeign = [
    ...own.flatMap(({ command, names }) =>
      foreignNames(names, ['deploy.env']).map((name) => `${name} in ${command.slice(0, 80)}`),
    ),
    ...runs.flatMap(({ command, names }) =>
      foreignNames(names, ['deploy.env', 'lead-bot.env']).map(
        (name) => `${name} in ${command.slice(0, 80)}`,
      ),
    ),
  ]
  check(
    `the publish runs: publish and deploy with the deploy's settings only, and none of their ${runs.length} processes with an editor setting`,
    own.some(({ command }) => command.includes('publish.ts')) &&
      own.some(({ command }) => command.includes('deploy.ts')) &&
      runForeign.length === 0,
    [...new Set(runForeign)].join(', '),
  )
  copyFileSync(leadsDb, path.join(tmp, 'final.sqlite'))
} catch (error) {
  failed += 1
  const message = error instanceof Error ? error.message : String(error)
  process.stdout.write(`  FAIL  stopped during «${stage}»: ${message}\n`)
} finally {
  if (failed > 0) {
    for (const file of ['lead.log', 'error.log', 'editor.log']) {
      const full = path.join(tmp, file)
      if (existsSync(full))
        process.stdout.write(`--- ${file}\n${readFileSync(full, 'utf8').slice(-2000)}\n`)
    }
  }
  await scratch.close()
  await telegram.close()
}
process.stdout.write(
  `deploy-check: ${passed} passed, ${failed} failed (in ${Math.round(performance.now() / 1000)} s)\n`,
)
process.exitCode = failed > 0 ? 1 : 0
