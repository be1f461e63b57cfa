// `npm run deploy -- --env-file /etc/it-lab/deploy.env` on the server, from a checkout of the
// repository: the release build, a versioned release folder, its lead service started once on a
// spare port (the trial), a backup of the lead database, then the switch of `current`, nginx
// reloaded and the lead service restarted and checked; back to the release before when that
// fails. `--rollback [--to RELEASE]` and `--list` work on the release folders alone, so they work
// while the checkout is broken. docs/decisions/0047-one-command-deploy.md,
// 0061-release-health.md and 0062-one-lock-and-the-branch.md; deploy/README.md walks through it.
import { execFileSync, spawnSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import {
  clearProblems,
  PROBLEMS_FILE_ENV,
  readAllProblems,
  readProblems,
  writeProblems,
} from '@it-lab/site/check-problems'
import { buildRefusal } from '../lib/build-refusal.ts'
import type { Io } from '../lib/cli.ts'
import { Refused, withEnvFile } from '../lib/cli.ts'
import { readServerEnv } from '../lib/env-files.ts'
import type { ServerEnv } from '../lib/env-files.ts'
import { describeHolder, lockFile, takeLock } from '../lib/lock.ts'
import {
  installKey,
  linkTree,
  listReleases,
  liveRelease,
  markRelease,
  readInstallKey,
  readRelease,
  releasesDir,
  releaseTable,
  releasesToPrune,
  removeRelease,
  rollbackTarget,
  shareUnchangedFiles,
  switchTo,
  writeInstallKey,
  writeRelease,
} from '../lib/releases.ts'
import { renderNginx } from '../lib/render-nginx.ts'
import { holdAfterRollback, liftHold, readHold } from '../lib/rollback-hold.ts'
import { rollbackMessage, tellChat } from '../lib/rollback-message.ts'
import { buildKind, readStage, recordStage, stageLine } from '../lib/launch-state.ts'
import { plainLines, refusal } from '../lib/report.ts'
import { crashLine, healthy, LIVE_WAIT_MS, shell, trialStart } from '../lib/service.ts'
import { DeploySettingsError, readDeploySettings } from '../lib/settings.ts'
import type { DeploySettings } from '../lib/settings.ts'

const REPO = path.resolve(import.meta.dirname, '..', '..')
const SITE_DIR = path.join(REPO, 'apps', 'site')
const CONTENT_CHECK = path.join(SITE_DIR, 'release', 'content-check.ts')
/** The lead service's package manifests: a release installs its packages from these. */
const MANIFESTS = [
  'package.json',
  'package-lock.json',
  'packages/shared/package.json',
  'apps/lead-bot/package.json',
]
/** What the lead service needs at run time (tests left out), copied into each release. */
const APP_FILES = [
  ...MANIFESTS,
  'packages/shared/src',
  // The course files: the chat names a lead's course by its title.
  'content/courses',
  // The group files: the chat names a lead's group by its days and time (docs/decisions/0075);
  // .gitkeep keeps the folder when the owner deletes every group.
  'content/groups',
  'apps/lead-bot/src',
  // What the operator's commands (scripts/) use beside the service.
  'apps/lead-bot/cli',
  'apps/lead-bot/scripts',
  // The units and the guide, beside the code they run (their Documentation= points here).
  'deploy',
]
/** A deploy waits this long for another one (or a publish) to finish. */
const LOCK_WAIT_MS = 15 * 60_000

const USAGE =
  'usage: npm run deploy -- --env-file /etc/it-lab/deploy.env [--verbose] [--preview | --launch | --list | --rollback [--to RELEASE]]'

function options(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: {
        'env-file': { type: 'string' },
        rollback: { type: 'boolean', default: false },
        to: { type: 'string' },
        list: { type: 'boolean', default: false },
        // A preview before the launch, and its end (docs/decisions/0084).
        preview: { type: 'boolean', default: false },
        launch: { type: 'boolean', default: false },
        verbose: { type: 'boolean', default: false },
      },
    }).values
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`)
  }
}

// One run at a time in a process (the deploy's lock allows no more on a server): its options,
// environment and streams, set by run().
let values: ReturnType<typeof options>
let verbose = false
/** This run's environment: the process's, with the deploy's env file loaded into it. */
let env: NodeJS.ProcessEnv = process.env
let io: Io = process

function say(message: string): void {
  io.stdout.write(`deploy: ${message}\n`)
}

/** A step's line, shown with --verbose only. */
function step(message: string): void {
  if (verbose) say(message)
}

/** A refusal: printed as it is, exit status 1 (the `finally` blocks on the way still run). */
function fail(message: string): never {
  throw new Refused(message)
}

/** A release id: its UTC build time, then the commit. */
const releaseId = (commit: string) =>
  `${new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}-${commit}`

function git(...args: string[]): string | undefined {
  try {
    return execFileSync('git', args, {
      cwd: REPO,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
  } catch {
    return undefined
  }
}

/** Runs a command, its output on the terminal with --verbose and kept otherwise. */
function runCommand(command: string, args: string[], cwd: string, commandEnv = env) {
  const result = spawnSync(command, args, {
    cwd,
    env: commandEnv,
    encoding: 'utf8',
    stdio: verbose ? 'inherit' : 'pipe',
    maxBuffer: 64 * 1024 * 1024,
  })
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}` }
}

/**
 * The other processes' files (env-files.ts), read once by main(): never in this process's own
 * environment, only in that of the children that need them.
 */
let serverEnv: ServerEnv = { leadBot: {}, editor: {} }

/** The lead service's settings over the deploy's: its trial start and the site build read them. */
const withLeadSettings = (): NodeJS.ProcessEnv => ({ ...env, ...serverEnv.leadBot })

function build(
  settings: DeploySettings,
  nginxConf: string,
  { preview, offerPreview }: { preview: boolean; offerPreview: boolean },
): string {
  const staging = path.join(SITE_DIR, `build-deploy-${process.pid}`)
  const renderedConf = path.join(settings.root, `nginx-check-${process.pid}.conf`)
  writeFileSync(renderedConf, nginxConf)
  // A refused check writes its problems here (the publishing step names its own file, to read).
  const problemsFile =
    env[PROBLEMS_FILE_ENV] || path.join(settings.root, `check-problems-${process.pid}.json`)
  clearProblems(problemsFile)
  // A release is refused before it is built when its content alone refuses it (a sample, a
  // stand-in fact, a broken file): the same lines the release check would give, a build sooner.
  if (!preview) {
    runCommand(process.execPath, [CONTENT_CHECK], REPO, {
      ...env,
      [PROBLEMS_FILE_ENV]: problemsFile,
    })
    const found = readAllProblems(problemsFile)
    clearProblems(problemsFile)
    if (found.length > 0) {
      // Publishing names its own file, and tells the chat what it reads there.
      if (env[PROBLEMS_FILE_ENV]) writeProblems(env, found)
      fail(buildRefusal('', found, { preview, offerPreview }))
    }
  }
  step(`building the site for ${preview ? 'a preview before the launch' : 'release'}`)
  try {
    // The site's policies name the lead channels on, from the lead service's own settings.
    const built = runCommand('npm', ['run', 'build:release', '-w', '@it-lab/site'], REPO, {
      ...withLeadSettings(),
      SITE_BUILD_DIR: staging,
      // An empty value in the env file means the default, as for every other setting.
      LEAD_API_URL: env.LEAD_API_URL || `${settings.siteUrl.origin}/lead`,
      RELEASE_NGINX_CONF: renderedConf,
      SITE_PREVIEW: preview ? '1' : '',
      [PROBLEMS_FILE_ENV]: problemsFile,
    })
    if (!built.ok) {
      fail(buildRefusal(built.output, readProblems(problemsFile), { preview, offerPreview }))
    }
  } finally {
    rmSync(renderedConf, { force: true })
    if (!env[PROBLEMS_FILE_ENV]) clearProblems(problemsFile)
  }
  return staging
}

/** The release folder: the built site (with the live release's own assets) and the service. */
function makeRelease(
  settings: DeploySettings,
  staging: string,
  live: string | undefined,
  preview: boolean,
) {
  const commit = git('rev-parse', '--short', 'HEAD') ?? 'unknown'
  const subject = git('log', '-1', '--format=%s') ?? ''
  const id = releaseId(commit)
  const dir = path.join(releasesDir(settings.root), id)
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
  if (live) {
    const previous = path.join(releasesDir(settings.root), live, 'site', 'client', 'assets')
    for (const name of readRelease(settings.root, live).assets) {
      const from = path.join(previous, name)
      if (existsSync(from) && !own.includes(name)) cpSync(from, path.join(assetsDir, name))
    }
  }
  writeRelease(settings.root, {
    id,
    commit,
    subject,
    builtAt: new Date().toISOString(),
    assets: own,
    state: 'new',
    ...(preview ? { preview: true } : {}),
  })

  const appDir = path.join(dir, 'app')
  for (const file of APP_FILES) {
    cpSync(path.join(REPO, file), path.join(appDir, file), {
      recursive: true,
      filter: (source) => !source.endsWith('.test.ts'),
    })
  }
  const key = installKey(REPO, MANIFESTS)
  const liveApp = live && path.join(releasesDir(settings.root), live, 'app')
  if (
    liveApp &&
    readInstallKey(liveApp) === key &&
    existsSync(path.join(liveApp, 'node_modules'))
  ) {
    // A release of new content or code on the same packages: the live release's are linked,
    // nothing is fetched (docs/decisions/0104-ci-in-twelve-minutes.md).
    linkTree(path.join(liveApp, 'node_modules'), path.join(appDir, 'node_modules'))
    writeInstallKey(appDir, key)
    step(`the lead service's packages are those of ${live}: linked`)
    return { id, commit, subject, appDir }
  }
  step('installing the lead service')
  const install = runCommand(
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
    appDir,
  )
  if (!install.ok) {
    removeRelease(settings.root, id)
    fail(
      refusal(
        "nothing was deployed: npm could not install the lead service's packages (is the registry reachable?); the live release is unchanged. Its last lines:",
        plainLines(install.output)
          .filter((line) => !line.includes('EBADENGINE'))
          .slice(-5)
          .map((line) => line.trim()),
      ),
    )
  }
  // Node 24 and the packages the live release already has are shared with it, not copied.
  if (live) {
    const previous = path.join(releasesDir(settings.root), live, 'app', 'node_modules')
    const shared = existsSync(previous)
      ? shareUnchangedFiles(path.join(appDir, 'node_modules'), previous)
      : 0
    step(`${Math.round(shared / 1e6)} MB of packages shared with ${live}`)
  }
  writeInstallKey(appDir, key)
  return { id, commit, subject, appDir }
}

/**
 * A consistent copy of the lead database before new code may migrate it, named apart from the
 * nightly backups and only the newest few kept (docs/decisions/0085-a-rollback-stays.md), owned
 * like the database (the deploy runs as root; the nightly backup, as the service's user, deletes
 * these copies too once past the retention period). Imported here, after the build passed: the
 * store's modules read the checkout's content.
 */
async function backup(settings: DeploySettings): Promise<string | undefined> {
  const { chownSync, statSync } = await import('node:fs')
  const db = statSync(settings.leadsDb, { throwIfNoEntry: false })
  if (!db) return undefined
  const { backupTo } = await import('@it-lab/lead-bot/store/backups')
  const retentionDays = Number(serverEnv.leadBot.LEADS_RETENTION_DAYS || 180)
  const { file } = backupTo(settings.leadsDb, settings.backupDir, {
    retentionDays,
    kind: 'pre-deploy',
  })
  for (const owned of [settings.backupDir, file]) chownSync(owned, db.uid, db.gid)
  return file
}

/**
 * `current` to release `id`, nginx reloaded (the new pages' CSP hashes) and the lead service
 * restarted on it; undefined when it answered, else why not. With the service's socket held by
 * systemd, a request meanwhile waits instead of being refused.
 */
async function goLive(settings: DeploySettings, id: string): Promise<string | undefined> {
  switchTo(settings.root, id)
  step(`current -> releases/${id}`)
  const reload = shell(settings.nginxReload)
  if (!reload.ok) return `nginx refused the site: ${crashLine(reload.output)}`
  step('nginx reloaded; restarting the lead service')
  const restart = shell(settings.serviceRestart)
  if (!restart.ok) return `the lead service's restart failed: ${crashLine(restart.output)}`
  if (!(await healthy(settings.leadPort, LIVE_WAIT_MS))) {
    return `its lead service did not answer /health within ${LIVE_WAIT_MS / 1000} s of the restart`
  }
  step('the lead service answers')
  return undefined
}

/** After a failed switch: `previous` live again, as it was (nginx's site file too). */
async function goBack(
  settings: DeploySettings,
  failed: string,
  problem: string,
  previous: string | undefined,
  nginxBefore?: string,
): Promise<never> {
  markRelease(settings.root, failed, 'broken', problem)
  if (nginxBefore !== undefined) writeFileSync(settings.nginxConf, nginxBefore)
  if (!previous) {
    fail(
      `release ${failed} is not healthy (${problem}) and there is no release before it to go back to; see the lead service's log`,
    )
  }
  const back = await goLive(settings, previous)
  // Only the newest broken release is kept, whichever way it was refused.
  prune(settings)
  fail(
    back
      ? `release ${failed} is not healthy (${problem}); going back to ${previous} failed too (${back}): see the lead service's log and deploy/README.md, "Roll back"`
      : `release ${failed} was not made live: ${problem}. ${previous} is live again, pages and lead service; ${failed} is marked broken (see the lead service's log).`,
  )
}

function prune(settings: DeploySettings): void {
  const all = listReleases(settings.root)
  const live = liveRelease(settings.root)
  for (const id of releasesToPrune(all, live, settings.keepReleases)) {
    removeRelease(settings.root, id)
    step(`pruned releases/${id}`)
  }
}

/** "3 files (content/courses/1.json, …)" changed between two commits, when both are known. */
function changedSince(from: string): string | undefined {
  const files = git('diff', '--name-only', from, 'HEAD')?.split('\n').filter(Boolean)
  if (!files) return undefined
  if (files.length === 0) return 'no file'
  const shown = files.slice(0, 4).join(', ')
  const more = files.length > 4 ? `, and ${files.length - 4} more` : ''
  return `${files.length} file${files.length === 1 ? '' : 's'} (${shown}${more})`
}

async function deploy(settings: DeploySettings): Promise<void> {
  mkdirSync(releasesDir(settings.root), { recursive: true })
  const stage = readStage(settings.root)
  const kind = buildKind(stage, values)
  if ('problem' in kind) fail(`nothing was deployed: ${kind.problem}`)
  const { preview } = kind
  const template = readFileSync(path.join(REPO, 'deploy/nginx/it-lab.conf'), 'utf8')
  const nginxConf = renderNginx(template, settings)
  const staging = build(settings, nginxConf, {
    preview,
    // Before any stage: a first deploy, which may go out as a preview instead.
    offerPreview: stage === undefined,
  })
  const live = liveRelease(settings.root)
  const release = makeRelease(settings, staging, live, preview)

  const backupFile = await backup(settings)
  step(backupFile ? `lead database backed up to ${backupFile}` : 'no lead database yet: no backup')
  step('starting the new lead service once on a spare port (its trial)')
  const trial = await trialStart(release.appDir, {
    ...settings,
    env: withLeadSettings(),
    copyWith: live ? path.join(releasesDir(settings.root), live, 'app') : undefined,
  })
  if (trial) {
    markRelease(settings.root, release.id, 'broken', trial)
    prune(settings)
    fail(
      refusal(
        `nothing was deployed: release ${release.id} (commit ${release.commit}) was refused at its trial start; ${live ? `${live} stays live` : 'nothing is live yet'}. Fix the lead service and deploy again:`,
        [trial],
      ),
    )
  }

  mkdirSync(path.dirname(settings.nginxConf), { recursive: true })
  const nginxBefore = existsSync(settings.nginxConf)
    ? readFileSync(settings.nginxConf, 'utf8')
    : undefined
  writeFileSync(settings.nginxConf, nginxConf)
  step(`nginx site written to ${settings.nginxConf}`)
  const problem = await goLive(settings, release.id)
  if (problem) await goBack(settings, release.id, problem, live, nginxBefore)
  markRelease(settings.root, release.id, 'good')
  recordStage(settings.root, preview)
  // A deploy that went live ends a rollback's hold: publishing follows the branch again.
  liftHold(settings.root)
  prune(settings)

  say(`release ${release.id} is live: commit ${release.commit} «${release.subject}»`)
  const before = live ? readRelease(settings.root, live) : undefined
  const changed = before ? changedSince(before.commit) : undefined
  if (before && changed) say(`changed since ${before.id}: ${changed}`)
  say(
    `pages and lead service switched together; the service answers${backupFile ? `; database backed up to ${path.basename(backupFile)}` : ''}`,
  )
  const kept = listReleases(settings.root).length
  say(`${kept} release${kept === 1 ? '' : 's'} kept (--list shows them; --rollback goes back)`)
  if (preview) say(stageLine(readStage(settings.root)))
  else if (stage?.stage === 'preview') say('the preview is lifted: the site is launched')
}

async function rollback(settings: DeploySettings, to: string | undefined): Promise<void> {
  const live = liveRelease(settings.root)
  // A launched site never goes back to a preview from before its launch (docs/decisions/0084).
  const launched = readStage(settings.root)?.stage === 'launched'
  const releases = listReleases(settings.root)
  if (launched && releases.some((release) => release.id === to && release.preview)) {
    fail(`nothing was changed: ${to} is a preview from before the launch; choose another with --to`)
  }
  const target = rollbackTarget(
    launched ? releases.filter((release) => !release.preview) : releases,
    live,
    to,
  )
  if ('problem' in target) fail(`nothing was changed: ${target.problem}`)
  const { id } = target
  step(`starting ${id}'s lead service once on a spare port (its trial)`)
  const appOf = (release: string) => path.join(releasesDir(settings.root), release, 'app')
  const trial = await trialStart(appOf(id), {
    ...settings,
    env: withLeadSettings(),
    copyWith: appOf(live ?? id),
  })
  if (trial) {
    markRelease(settings.root, id, 'broken', trial)
    fail(
      `nothing was changed: ${id} was refused, ${trial}. ${live ?? 'nothing'} stays live. A database newer than that release's code is restored from the backup the deploy made (deploy/README.md, "Roll back"); or choose another with --to.`,
    )
  }
  const problem = await goLive(settings, id)
  if (problem) await goBack(settings, id, problem, live)
  markRelease(settings.root, id, 'good')
  // Publishing must not put the release rolled away from back (docs/decisions/0085).
  const from = live ? readRelease(settings.root, live) : undefined
  holdAfterRollback(settings.root, from, id)
  say(
    `release ${id} is live again, pages and lead service (${live ?? 'none'} is kept: --rollback --to ${live ?? 'RELEASE'} goes back to it, a deploy moves on)`,
  )
  if (from) {
    say(
      `publishing holds commit ${from.commit} back: it publishes again once the branch has a newer commit; npm run deploy deploys the checkout as it is`,
    )
  }
  const { TELEGRAM_BOT_TOKEN, TELEGRAM_CHAT_ID, TELEGRAM_API_URL } = serverEnv.leadBot
  const told = await tellChat(
    { token: TELEGRAM_BOT_TOKEN, chatId: TELEGRAM_CHAT_ID, apiUrl: TELEGRAM_API_URL },
    rollbackMessage(readRelease(settings.root, id).builtAt, {
      forward: live !== undefined && id > live,
    }),
  )
  say(told ? `the chat was not told: ${told}` : 'the chat is told')
}

async function main(argv: string[]): Promise<void> {
  values = options(argv)
  verbose = values.verbose
  const envFile = values['env-file']
  if (!envFile) fail(USAGE)
  try {
    const read = readServerEnv(envFile, REPO)
    if (!read.ok) fail(refusal('nothing was changed:', read.problems))
    serverEnv = read.env
    // Into the environment itself, as process.loadEnvFile does: the deploy's commands
    // (NGINX_RELOAD, LEAD_SERVICE_RESTART) run with its settings.
    Object.assign(env, withEnvFile(env, envFile))
  } catch (error) {
    if (error instanceof Refused) throw error
    fail(`cannot read ${envFile}: ${error instanceof Error ? error.message : String(error)}`)
  }
  let settings: DeploySettings
  try {
    // The lead service's address and database, and the editor's port, are in their own files.
    const { LEAD_PORT, LEADS_DB } = serverEnv.leadBot
    const { EDITOR_PORT } = serverEnv.editor
    settings = readDeploySettings({ ...env, LEAD_PORT, LEADS_DB, EDITOR_PORT })
  } catch (error) {
    if (error instanceof DeploySettingsError) fail(`nothing was deployed: ${error.message}`)
    throw error
  }
  if (values.list) {
    say(`releases in ${releasesDir(settings.root)} (* live):`)
    io.stdout.write(
      `${releaseTable(listReleases(settings.root), liveRelease(settings.root), readHold(settings.root))}\n`,
    )
    for (const held of readHold(settings.root)) {
      say(
        `publishing holds commit ${held.commit} back (rolled back from ${held.release} on ${held.at.slice(0, 16).replace('T', ' ')} UTC) until the branch has a newer commit or npm run deploy runs`,
      )
    }
    say(stageLine(readStage(settings.root)))
    return
  }
  if (values.to !== undefined && !values.rollback) fail('--to goes with --rollback')
  if (values.rollback && (values.preview || values.launch)) {
    fail('--preview and --launch go with a deploy, not with --rollback')
  }

  const command = `npm run deploy${values.rollback ? ' -- --rollback' : ''}`
  const lock = await takeLock(settings.root, command, {
    waitMs: LOCK_WAIT_MS,
    onWait: (holder) =>
      say(`waiting for ${describeHolder(holder)} to finish (at most ${LOCK_WAIT_MS / 60_000} min)`),
  })
  if ('holder' in lock) {
    fail(
      `nothing was changed: ${describeHolder(lock.holder)} still holds ${lockFile(settings.root)}; if no such process runs, delete that file`,
    )
  }
  try {
    await (values.rollback ? rollback(settings, values.to) : deploy(settings))
  } finally {
    lock.release()
  }
}

/** `npm run deploy`: 0 when done, 1 when refused or stopped (the live release unchanged). */
export async function run(
  argv: string[],
  processEnv: NodeJS.ProcessEnv,
  streams: Io,
): Promise<number> {
  env = processEnv
  io = streams
  try {
    await main(argv)
    return 0
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    io.stderr.write(`deploy: ${error instanceof Refused ? message : `stopped: ${message}`}\n`)
    return 1
  }
}

if (import.meta.main) process.exitCode = await run(process.argv.slice(2), process.env, process)
