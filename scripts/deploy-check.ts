// `npm run check:deploy` (CI, after check:nginx): the documented deploy, done for real on this
// machine. The repository is pushed to a scratch Git host (a bare repository) and checked out on
// the "server"; the owner's editor is another checkout that commits content and pushes, as Decap
// does. The school's facts committed, the checkout is deployed with `npm run deploy` into a
// temporary DEPLOY_ROOT, served by Debian's nginx on loopback with a self-signed certificate,
// beside the lead service the deploy restarts. Then `npm run publish` twice: an edit (a course
// renamed, www redirected) is published and the chat is told «Опубликовано»; a broken edit (a
// price of 0) is refused, the chat is told the field, and the live site is unchanged. Then a
// rollback. After each: the page shows that release, a lead sent through nginx is stored, and
// after the update a page of the release before still finds its script chunks. Prints one line
// per check; exit code 1 if any failed.
import { execFile, execFileSync, spawnSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { promisify } from 'node:util'
import { startFakeTelegram } from '../apps/lead-bot/harness/fake-telegram.ts'
import { completeSchoolFacts } from '../apps/site/harness/complete-school-facts.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const HOST = 'itlab-school.ru'
const HTTP_PORT = Number(process.env.DEPLOY_CHECK_HTTP_PORT ?? 8089)
const HTTPS_PORT = Number(process.env.DEPLOY_CHECK_HTTPS_PORT ?? 8444)
const LEAD_PORT = Number(process.env.DEPLOY_CHECK_LEAD_PORT ?? 3093)
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx'
const BROTLI = `${process.env.NGINX_MODULES_DIR ?? '/usr/lib/nginx/modules'}/ngx_http_brotli_static_module.so`

const tmp = mkdtempSync(path.join(tmpdir(), 'deploy-check-'))
const origin = path.join(tmp, 'origin.git')
const repo = path.join(tmp, 'repo')
const editor = path.join(tmp, 'editor')
const deployRoot = path.join(tmp, 'srv')
const envFile = path.join(tmp, 'it-lab.env')
const leadsDb = path.join(tmp, 'data', 'leads.sqlite')
let failed = 0
let passed = 0

function check(what: string, ok: boolean, detail = ''): void {
  if (ok) passed += 1
  else failed += 1
  process.stdout.write(`  ${ok ? 'ok  ' : 'FAIL'}  ${what}${ok || !detail ? '' : `: ${detail}`}\n`)
}

function sh(command: string): void {
  execFileSync('sh', ['-c', command], { stdio: 'inherit' })
}

function cleanup(): void {
  const pid = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').trim() : '')
  for (const file of [path.join(tmp, 'lead.pid'), path.join(tmp, 'nginx.pid')]) {
    const id = Number(pid(file))
    if (id > 0) {
      try {
        process.kill(id, 'SIGTERM')
      } catch {
        // Already gone.
      }
    }
  }
  if (process.env.DEPLOY_CHECK_KEEP === '1') process.stdout.write(`kept: ${tmp}\n`)
  else rmSync(tmp, { recursive: true, force: true })
}

/** curl through the loopback nginx, the host resolved to 127.0.0.1. */
function curl(
  url: string,
  ...options: string[]
): { status: number; body: string; headers: string } {
  const headers = path.join(tmp, 'h')
  const run = spawnSync('curl', [
    '-sS',
    '--noproxy',
    '*',
    '--max-time',
    '10',
    '--cacert',
    path.join(tmp, 'tls', 'fullchain.pem'),
    '--resolve',
    `${HOST}:${HTTPS_PORT}:127.0.0.1`,
    '--resolve',
    `www.${HOST}:${HTTPS_PORT}:127.0.0.1`,
    '-D',
    headers,
    '-w',
    '\n%{http_code}',
    ...options,
    url,
  ])
  const out = run.stdout.toString('utf8')
  const at = out.lastIndexOf('\n')
  return {
    status: Number(out.slice(at + 1)),
    body: out.slice(0, at),
    headers: existsSync(headers) ? readFileSync(headers, 'utf8') : '',
  }
}

const base = `https://${HOST}:${HTTPS_PORT}`

/** Waits (nginx reloads in the background) until the home page has `text`. */
async function homeShows(text: string): Promise<boolean> {
  for (let i = 0; i < 50; i += 1) {
    if (curl(`${base}/`).body.includes(text)) return true
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return false
}

function leadThroughNginx(name: string): boolean {
  const answer = curl(
    `${base}/lead/send?form=feedback`,
    '-X',
    'POST',
    '-H',
    'Content-Type: application/json',
    '-H',
    `Origin: https://${HOST}`,
    '--data',
    JSON.stringify({ name, phone: '+7 (912) 345-67-89' }),
  )
  if (answer.status !== 200) return false
  const db = new DatabaseSync(leadsDb, { readOnly: true })
  try {
    return db.prepare('SELECT 1 FROM leads WHERE name = ?').get(name) !== undefined
  } finally {
    db.close()
  }
}

/** Runs the deploy; a failure ends the check (what follows would only repeat it). */
function deploy(...args: string[]): number {
  const run = spawnSync(
    process.execPath,
    [path.join(repo, 'scripts', 'deploy.ts'), '--env-file', envFile, ...args],
    { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' },
  )
  writeFileSync(path.join(tmp, `deploy-${Date.now()}.log`), `${run.stdout}\n${run.stderr}`)
  if (run.status !== 0)
    process.stdout.write(`${run.stdout.slice(-3000)}\n${run.stderr.slice(-3000)}\n`)
  return run.status ?? 1
}

const telegram = await startFakeTelegram('deploy-check-token')

function writeEnv(www: 'off' | 'redirect'): void {
  const nginxArgs = `-p ${tmp} -c ${tmp}/nginx.conf -e ${tmp}/error.log`
  writeFileSync(
    envFile,
    [
      `SITE_URL=https://${HOST}`,
      `LEAD_API_URL=https://${HOST}/lead`,
      'TELEGRAM_NOTIFY=minimal',
      `TELEGRAM_BOT_TOKEN=${telegram.token}`,
      'TELEGRAM_CHAT_ID=1001',
      `TELEGRAM_API_URL=${telegram.url}`,
      'LEADS_RETENTION_DAYS=180',
      `DEPLOY_ROOT=${deployRoot}`,
      `DEPLOY_WWW=${www}`,
      `NGINX_SITE_CONF=${tmp}/sites/it-lab.conf`,
      `NGINX_RELOAD=${NGINX} -t -q ${nginxArgs} && if [ -s ${tmp}/nginx.pid ]; then ${NGINX} -s reload ${nginxArgs}; else ${NGINX} ${nginxArgs}; fi`,
      `LEAD_SERVICE_RESTART=sh ${tmp}/restart-lead.sh`,
      `NGINX_HTTP_LISTEN=127.0.0.1:${HTTP_PORT}`,
      `NGINX_HTTPS_LISTEN=127.0.0.1:${HTTPS_PORT}`,
      `TLS_CERT_DIR=${tmp}/tls`,
      `ACME_WEBROOT=${tmp}/acme`,
      `DEPLOY_BACKUP_DIR=${tmp}/backups`,
      `LEADS_DB=${leadsDb}`,
      `LEAD_PORT=${LEAD_PORT}`,
      'LEAD_HOST=127.0.0.1',
      `SITE_ORIGIN=https://${HOST}`,
      'TRUST_PROXY=loopback',
      '',
    ].join('\n'),
  )
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync(
    'git',
    ['-c', 'user.name=Editor', '-c', 'user.email=editor@example.test', ...args],
    {
      cwd,
      encoding: 'utf8',
    },
  ).trim()
}

/** What the editor does on «Опубликовать»: a commit of content files, pushed to the Git host. */
function editorCommits(
  subject: string,
  file: string,
  edit: (data: Record<string, unknown>) => object,
): void {
  const full = path.join(editor, file)
  writeFileSync(full, `${JSON.stringify(edit(JSON.parse(readFileSync(full, 'utf8'))), null, 2)}\n`)
  git(editor, 'commit', '-q', '-am', subject)
  git(editor, 'push', '-q', 'origin', 'HEAD:main')
}

/** Runs `npm run publish` as its timer does; the chat's messages it caused. */
async function publish(): Promise<{ status: number; said: string }> {
  const before = telegram.messages.length
  // Not spawnSync: the fake Telegram answering its message lives in this process.
  const { status, output } = await promisify(execFile)(
    process.execPath,
    [path.join(repo, 'scripts', 'publish.ts'), '--env-file', envFile],
    { cwd: repo },
  ).then(
    ({ stdout, stderr }) => ({ status: 0, output: `${stdout}${stderr}` }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      status: error.code,
      output: `${error.stdout}${error.stderr}`,
    }),
  )
  writeFileSync(path.join(tmp, `publish-${Date.now()}.log`), output)
  if (status > 1) process.stdout.write(`${output.slice(-3000)}\n`)
  return {
    status,
    said: telegram.messages
      .slice(before)
      .map((message) => message.text)
      .join('\n'),
  }
}

function setUp(): void {
  // The repository as committed, on a scratch Git host, and the editor's checkout of it.
  git(tmp, 'clone', '-q', '--bare', '--branch', 'main', ROOT, origin)
  git(tmp, 'clone', '-q', origin, editor)
  // The facts a school would fill in, saved in the editor; then the server's checkout.
  editorCommits('Сведения о школе', 'content/school.json', () => completeSchoolFacts)
  git(tmp, 'clone', '-q', origin, repo)
  // The installed packages, but the workspace's own ones from the copy, so its edits count.
  const modules = path.join(repo, 'node_modules')
  mkdirSync(path.join(modules, '@it-lab'), { recursive: true })
  for (const name of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (name !== '@it-lab')
      symlinkSync(path.join(ROOT, 'node_modules', name), path.join(modules, name))
  }
  for (const [name, target] of [
    ['shared', 'packages/shared'],
    ['lead-bot', 'apps/lead-bot'],
    ['site', 'apps/site'],
  ] as const) {
    symlinkSync(path.join('..', '..', target), path.join(modules, '@it-lab', name))
  }
  for (const dir of ['tls', 'acme', 'sites', 'data', 'client_body', 'proxy']) {
    mkdirSync(path.join(tmp, dir), { recursive: true })
  }
  sh(
    `openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 ` +
      `-subj /CN=${HOST} -addext subjectAltName=DNS:${HOST},DNS:www.${HOST} ` +
      `-keyout ${tmp}/tls/privkey.pem -out ${tmp}/tls/fullchain.pem >/dev/null 2>&1`,
  )
  writeFileSync(
    path.join(tmp, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;' : ''}
load_module ${BROTLI};
worker_processes 1;
pid ${tmp}/nginx.pid;
error_log ${tmp}/error.log warn;
events { worker_connections 256; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log ${tmp}/access.log;
    client_body_temp_path ${tmp}/client_body;
    proxy_temp_path ${tmp}/proxy;
    include ${tmp}/sites/it-lab.conf;
}
`,
  )
  // What systemd does for the unit: stop the running service, start the live release's.
  writeFileSync(
    path.join(tmp, 'restart-lead.sh'),
    `pid=$(cat ${tmp}/lead.pid 2>/dev/null)
if [ -n "$pid" ]; then kill "$pid" 2>/dev/null; while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done; fi
cd ${deployRoot}/current/app || exit 1
nohup node apps/lead-bot/src/main.ts >> ${tmp}/lead.log 2>&1 &
echo $! > ${tmp}/lead.pid
`,
  )
}

const TITLE = 'Roblox: создание 3D-игр'
const NEW_TITLE = 'Roblox: создаём 3D-игры'

try {
  setUp()
  writeEnv('off')
  process.stdout.write('first deploy:\n')
  check('npm run deploy exits 0', deploy() === 0)
  check(`the home page is served (${TITLE})`, await homeShows(TITLE))
  check('a lead through nginx is stored', leadThroughNginx('Первый выпуск'))
  check(
    'www is named in no server block (DEPLOY_WWW=off)',
    !readFileSync(path.join(tmp, 'sites', 'it-lab.conf'), 'utf8').includes(`www.${HOST}`),
  )
  const [first] = readdirSync(path.join(deployRoot, 'releases'))
  const firstAssets = (
    JSON.parse(
      readFileSync(path.join(deployRoot, 'releases', first ?? '', 'release.json'), 'utf8'),
    ) as { assets: string[] }
  ).assets.filter((name) => name.endsWith('.js'))

  process.stdout.write('an edit published (a course renamed, www redirected):\n')
  editorCommits('Курс переименован', 'content/courses/1.json', (course) => ({
    ...course,
    title: NEW_TITLE,
  }))
  writeEnv('redirect')
  await new Promise((resolve) => setTimeout(resolve, 1_100)) // a release id of its own
  const published = await publish()
  check('npm run publish exits 0', published.status === 0)
  check(
    'the chat is told «Опубликовано»',
    published.said.includes('Опубликовано') && published.said.includes('Курс переименован'),
    published.said,
  )
  check(`the home page shows the new release (${NEW_TITLE})`, await homeShows(NEW_TITLE))
  check('a lead through nginx is stored', leadThroughNginx('Второй выпуск'))
  const [, second] = readdirSync(path.join(deployRoot, 'releases'))
  const secondOwn = (
    JSON.parse(
      readFileSync(path.join(deployRoot, 'releases', second ?? '', 'release.json'), 'utf8'),
    ) as { assets: string[] }
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
    'the lead database was backed up before the restart',
    existsSync(path.join(tmp, 'backups')) && readdirSync(path.join(tmp, 'backups')).length > 0,
  )

  process.stdout.write('a broken edit refused (a price of 0):\n')
  const releases = readdirSync(path.join(deployRoot, 'releases'))
  editorCommits('Цена курса', 'content/courses/1.json', (course) => ({
    ...course,
    prices: { ...(course.prices as object), basic: 0 },
  }))
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
    readdirSync(path.join(deployRoot, 'releases')).join() === releases.join() &&
      (await homeShows(NEW_TITLE)),
  )
  check(
    "the server's checkout is back on the live commit",
    git(repo, 'log', '-1', '--format=%s') === 'Курс переименован',
  )
  check(
    'the refused edit is told once: the next run finds nothing new',
    (await publish()).said === '',
  )

  process.stdout.write('rollback:\n')
  check('npm run deploy -- --rollback exits 0', deploy('--rollback') === 0)
  check(`the home page shows the first release again (${TITLE})`, await homeShows(TITLE))
  check('a lead through nginx is stored', leadThroughNginx('После отката'))
  copyFileSync(leadsDb, path.join(tmp, 'final.sqlite'))
} catch (error) {
  failed += 1
  process.stdout.write(`  FAIL  ${error instanceof Error ? error.message : String(error)}\n`)
} finally {
  if (failed > 0) {
    for (const file of ['lead.log', 'error.log']) {
      const full = path.join(tmp, file)
      if (existsSync(full))
        process.stdout.write(`--- ${file}\n${readFileSync(full, 'utf8').slice(-2000)}\n`)
    }
  }
  cleanup()
  await telegram.close()
}
process.stdout.write(`deploy-check: ${passed} passed, ${failed} failed\n`)
process.exitCode = failed > 0 ? 1 : 0
