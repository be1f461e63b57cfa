// `npm run deploy -- --env-file /etc/it-lab/it-lab.env` on the server, from a checkout of the
// repository: the release build, a versioned release folder, the nginx site rendered from the
// settings, a backup of the lead database, the switch of `current`, the lead service restarted
// and checked, nginx reloaded. `--rollback` returns to the release before the live one.
// docs/decisions/0047-one-command-deploy.md; deploy/README.md walks through it.
import { execFileSync, spawnSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
  chownSync,
} from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { backupTo } from '../apps/lead-bot/src/store/backups.ts'
import { renderNginx } from './deploy/render-nginx.ts'
import { DeploySettingsError, readDeploySettings } from './deploy/settings.ts'
import type { DeploySettings } from './deploy/settings.ts'

const REPO = path.resolve(import.meta.dirname, '..')
const SITE_DIR = path.join(REPO, 'apps', 'site')
/** What the lead service needs at run time (tests left out), copied into each release. */
const APP_FILES = [
  'package.json',
  'package-lock.json',
  'packages/shared/package.json',
  'packages/shared/src',
  // The course files: the chat names a lead's course by its title.
  'content/courses',
  'apps/lead-bot/package.json',
  'apps/lead-bot/src',
  'apps/lead-bot/scripts',
  // The units and the guide, beside the code they run (their Documentation= points here).
  'deploy',
]

interface ReleaseInfo {
  id: string
  commit: string
  builtAt: string
  /** The hashed assets this release's own build made (kept by the next release). */
  assets: string[]
}

function say(message: string): void {
  process.stdout.write(`deploy: ${message}\n`)
}

function fail(message: string): never {
  process.stderr.write(`deploy: ${message}\n`)
  process.exit(1)
}

/** Runs an operator-given shell command (nginx reload, service restart) with the settings. */
function shell(what: string, command: string): void {
  say(`${what}: ${command}`)
  const run = spawnSync('sh', ['-c', command], { stdio: 'inherit', env: process.env })
  if (run.status !== 0) throw new Error(`${what} failed (exit ${run.status ?? run.signal})`)
}

const releasesDir = (settings: DeploySettings) => path.join(settings.root, 'releases')
const currentLink = (settings: DeploySettings) => path.join(settings.root, 'current')

function releases(settings: DeploySettings): string[] {
  if (!existsSync(releasesDir(settings))) return []
  return readdirSync(releasesDir(settings)).sort()
}

function liveRelease(settings: DeploySettings): string | undefined {
  try {
    return path.basename(readlinkSync(currentLink(settings)))
  } catch {
    return undefined
  }
}

function releaseInfo(settings: DeploySettings, id: string): ReleaseInfo {
  const file = path.join(releasesDir(settings), id, 'release.json')
  return JSON.parse(readFileSync(file, 'utf8')) as ReleaseInfo
}

/** Points `current` at release `id` in one rename, so nginx never sees a missing folder. */
function switchTo(settings: DeploySettings, id: string): void {
  const link = currentLink(settings)
  const next = `${link}.next`
  rmSync(next, { force: true })
  symlinkSync(path.join('releases', id), next)
  renameSync(next, link)
  say(`current -> releases/${id}`)
}

async function healthy(settings: DeploySettings, timeoutMs = 30_000): Promise<boolean> {
  const url = `http://127.0.0.1:${settings.leadPort}/health`
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      const body = (await answer.json()) as { status?: string }
      if (answer.ok && body.status !== 'error') return true
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return false
}

/** Restarts the lead service on the live release and reloads nginx; true when it is healthy. */
async function activate(settings: DeploySettings): Promise<boolean> {
  shell('restarting the lead service', settings.serviceRestart)
  const ok = await healthy(settings)
  shell('reloading nginx', settings.nginxReload)
  return ok
}

/**
 * A consistent copy of the lead database before new code may migrate it, owned like the database
 * (the deploy runs as root; the nightly backup, as the service's user, rotates these copies too).
 */
function backup(settings: DeploySettings): void {
  const db = statSync(settings.leadsDb, { throwIfNoEntry: false })
  if (!db) {
    say(`no lead database at ${settings.leadsDb} yet: nothing to back up`)
    return
  }
  const retentionDays = Number(process.env.LEADS_RETENTION_DAYS || 180)
  const { file } = backupTo(settings.leadsDb, settings.backupDir, { retentionDays })
  for (const owned of [settings.backupDir, file]) chownSync(owned, db.uid, db.gid)
  say(`lead database backed up to ${file}`)
}

function build(settings: DeploySettings, nginxConf: string): string {
  const staging = path.join(SITE_DIR, `build-deploy-${process.pid}`)
  const renderedConf = path.join(settings.root, `nginx-check-${process.pid}.conf`)
  writeFileSync(renderedConf, nginxConf)
  try {
    const run = spawnSync('npm', ['run', 'build:release', '-w', '@it-lab/site'], {
      cwd: REPO,
      stdio: 'inherit',
      env: {
        ...process.env,
        SITE_BUILD_DIR: staging,
        LEAD_API_URL: process.env.LEAD_API_URL ?? `${settings.siteUrl.origin}/lead`,
        RELEASE_NGINX_CONF: renderedConf,
      },
    })
    if (run.status !== 0) fail('the release build was refused; nothing was deployed')
  } finally {
    rmSync(renderedConf, { force: true })
  }
  return staging
}

function commitOf(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: REPO,
      encoding: 'utf8',
    }).trim()
  } catch {
    return 'unknown'
  }
}

async function deploy(settings: DeploySettings): Promise<void> {
  mkdirSync(releasesDir(settings), { recursive: true })
  const template = readFileSync(path.join(REPO, 'deploy/nginx/it-lab.conf'), 'utf8')
  const nginxConf = renderNginx(template, settings)
  const staging = build(settings, nginxConf)

  const commit = commitOf()
  const id = `${new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}-${commit}`
  const dir = path.join(releasesDir(settings), id)
  const siteOut = path.join(dir, 'site')
  mkdirSync(siteOut, { recursive: true })
  for (const part of ['client', 'errors', 'nginx']) {
    cpSync(path.join(staging, part), path.join(siteOut, part), { recursive: true })
  }
  rmSync(staging, { recursive: true, force: true })
  const assetsDir = path.join(siteOut, 'client', 'assets')
  const own = readdirSync(assetsDir)
  // A page opened before the switch still finds its chunks: the live release's assets stay
  // until the next deploy (not longer: its own list is what is carried over).
  const live = liveRelease(settings)
  if (live) {
    const previous = path.join(releasesDir(settings), live, 'site', 'client', 'assets')
    for (const name of releaseInfo(settings, live).assets) {
      const from = path.join(previous, name)
      if (existsSync(from) && !own.includes(name)) cpSync(from, path.join(assetsDir, name))
    }
  }

  const appDir = path.join(dir, 'app')
  for (const file of APP_FILES) {
    cpSync(path.join(REPO, file), path.join(appDir, file), {
      recursive: true,
      filter: (source) => !source.endsWith('.test.ts'),
    })
  }
  say('installing the lead service')
  const install = spawnSync(
    'npm',
    [
      'install',
      '--omit=dev',
      '--workspace',
      '@it-lab/lead-bot',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
    ],
    { cwd: appDir, stdio: 'inherit' },
  )
  if (install.status !== 0) fail(`npm install failed in ${appDir}; the live release is unchanged`)
  const info: ReleaseInfo = { id, commit, builtAt: new Date().toISOString(), assets: own }
  writeFileSync(path.join(dir, 'release.json'), `${JSON.stringify(info, null, 2)}\n`)

  mkdirSync(path.dirname(settings.nginxConf), { recursive: true })
  writeFileSync(settings.nginxConf, nginxConf)
  say(`nginx site written to ${settings.nginxConf}`)
  backup(settings)
  switchTo(settings, id)
  if (!(await activate(settings))) {
    if (!live) fail('the lead service is not healthy after the first deploy; see its log')
    say(`the lead service is not healthy: back to ${live}`)
    switchTo(settings, live)
    await activate(settings)
    fail(`release ${id} was rolled back; see the lead service's log`)
  }
  prune(settings)
  say(`release ${id} is live`)
}

/** Keeps the newest releases, always the live one and the one before it. */
function prune(settings: DeploySettings): void {
  const all = releases(settings)
  const live = liveRelease(settings)
  const keep = new Set(all.slice(-settings.keepReleases))
  if (live) keep.add(live)
  for (const id of all) {
    if (!keep.has(id)) {
      rmSync(path.join(releasesDir(settings), id), { recursive: true, force: true })
      say(`pruned releases/${id}`)
    }
  }
}

async function rollback(settings: DeploySettings): Promise<void> {
  const all = releases(settings)
  const live = liveRelease(settings)
  const index = live === undefined ? -1 : all.indexOf(live)
  const previous = index > 0 ? all[index - 1] : undefined
  if (!previous) fail('there is no release before the live one to go back to')
  switchTo(settings, previous)
  if (!(await activate(settings))) {
    fail(`the lead service is not healthy on ${previous}; see its log (the database may be newer)`)
  }
  say(`release ${previous} is live again (${live ?? 'none'} is kept: deploy again to move on)`)
}

const { values } = parseArgs({
  options: {
    'env-file': { type: 'string' },
    rollback: { type: 'boolean', default: false },
  },
})
const envFile = values['env-file']
if (!envFile) fail('usage: npm run deploy -- --env-file /etc/it-lab/it-lab.env [--rollback]')
try {
  process.loadEnvFile(envFile)
} catch (error) {
  fail(`cannot read ${envFile}: ${error instanceof Error ? error.message : String(error)}`)
}
let settings: DeploySettings
try {
  settings = readDeploySettings(process.env)
} catch (error) {
  if (error instanceof DeploySettingsError) fail(error.message)
  throw error
}
try {
  await (values.rollback ? rollback(settings) : deploy(settings))
} catch (error) {
  fail(error instanceof Error ? error.message : String(error))
}
