// `npm run publish -- --env-file /etc/it-lab/deploy.env`, run by it-lab-publish.timer on the
// server (docs/decisions/0056-publishing-from-the-editor.md): when the editor has committed to the
// branch, it checks the content, runs the deploy (whose release build refuses bad content and demo
// values, and whose trial start refuses a lead service that does not start), and tells the
// school's chat either way. A refused edit never reaches the live site: the deploy changes nothing
// until its build and trial have passed. It holds the deploy's lock throughout and keeps the
// checkout on its branch, so a manual update (`git pull`, `npm run deploy`) works beside it
// (docs/decisions/0062-one-lock-and-the-branch.md).
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { emailConfig, envSchema, parseEnv } from '@it-lab/lead-bot/config'
import {
  clearProblems,
  PROBLEMS_FILE_ENV,
  problemLine,
  readProblems,
} from '@it-lab/site/check-problems'
import { createMailer } from '@it-lab/lead-bot/email'
import type { Io } from '../lib/cli.ts'
import { Refused, withEnvFile } from '../lib/cli.ts'
import { DEFAULT_EDITOR_EMAIL, editorOutsideContentBetween } from '../lib/editor-commits.ts'
import { publishStateRecorder } from '../lib/editor-publish-state.ts'
import { readServerEnv } from '../lib/env-files.ts'
import type { ServerEnv } from '../lib/env-files.ts'
import type { OutsideContent } from '../lib/editor-commits.ts'
import { describeHolder, LOCK_TOKEN_ENV, tryLock } from '../lib/lock.ts'
import { liveRelease, readRelease } from '../lib/releases.ts'
import { heldBack, readHold } from '../lib/rollback-hold.ts'
import { DEFAULT_DEPLOY_ROOT } from '../lib/settings.ts'

const REPO = path.resolve(import.meta.dirname, '..', '..')

/** Stops the run with one line on stderr, exit status 2 (not a refused edit: a broken run). */
function fail(message: string): never {
  throw new Refused(message, 2)
}

function git(...args: string[]): string {
  const run = spawnSync('git', args, { cwd: REPO, encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr.trim()}`)
  return run.stdout.trim()
}

/** A git step that must work; its failure stops the run with one line. */
function gitOrStop(...args: string[]): string {
  try {
    return git(...args)
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error))
  }
}

/** `npm run publish`: 0 when published or nothing to do, 1 when the edit is refused, 2 when the run broke. */
export async function run(argv: string[], processEnv: NodeJS.ProcessEnv, io: Io): Promise<number> {
  try {
    return await publish(argv, { ...processEnv }, io)
  } catch (error) {
    if (!(error instanceof Refused)) throw error
    io.stderr.write(`publish: ${error.message}\n`)
    return error.status
  }
}

async function publish(argv: string[], env: NodeJS.ProcessEnv, io: Io): Promise<number> {
  const say = (message: string) => io.stdout.write(`publish: ${message}\n`)
  const { values } = parseArgs({ args: argv, options: { 'env-file': { type: 'string' } } })
  const envFile = values['env-file']
  if (!envFile) fail('usage: npm run publish -- --env-file /etc/it-lab/deploy.env')
  /**
   * Only the deploy's own file goes into this environment, and so into the deploy's; the lead
   * service's (the chat, the e-mail) and the editor's (its commits' e-mail) are read, not exported
   * (deploy/lib/env-files.ts).
   */
  function serverEnv(file: string): ServerEnv {
    let read
    try {
      read = readServerEnv(file, REPO)
      env = withEnvFile(env, file)
    } catch (error) {
      fail(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`)
    }
    if (!read.ok) fail(`nothing was published:\n  ${read.problems.join('\n  ')}`)
    return read.env
  }
  const { leadBot, editor } = serverEnv(envFile)

  const branch = env.CMS_BRANCH || 'main'
  const root = env.DEPLOY_ROOT?.trim() || DEFAULT_DEPLOY_ROOT
  const stateFile = path.join(root, 'publish-state.json')

  // A deploy or rollback by hand is under way: the timer comes back in two minutes.
  const lock = tryLock(root, 'npm run publish')
  if (!lock.taken) {
    say(`${describeHolder(lock.holder)} holds the deploy lock: trying again on the next run`)
    return 0
  }
  // The deploy this runs holds the same lock.
  env[LOCK_TOKEN_ENV] = lock.token
  // What the owner's editor tells her about her saves, written as this run ends, however it ends.
  const editorState = publishStateRecorder(root, REPO, editor.EDITOR_PUBLISH_STATE)
  try {
    /** The last commit this script acted on: an edit is built, and told about, once. */
    function lastCommit(): string | undefined {
      try {
        return (JSON.parse(readFileSync(stateFile, 'utf8')) as { commit?: string }).commit
      } catch {
        return undefined
      }
    }

    function record(commit: string, published: boolean, heldBackFor?: string): void {
      mkdirSync(path.dirname(stateFile), { recursive: true })
      writeFileSync(
        stateFile,
        `${JSON.stringify({ commit, published, heldBackFor, at: new Date().toISOString() })}\n`,
      )
    }

    gitOrStop('fetch', '--quiet', 'origin', branch)
    const target = gitOrStop('rev-parse', `origin/${branch}`)
    const previous = lastCommit()
    if (target === previous) {
      say(`nothing new on ${branch} (${target.slice(0, 7)})`)
      return 0
    }
    // Deployed by hand already (`git pull` and `npm run deploy`): nothing to build or tell.
    const live = liveRelease(root)
    const liveCommit = live ? readRelease(root, live).commit : undefined
    if (liveCommit && target.startsWith(liveCommit)) {
      record(target, true)
      say(`${target.slice(0, 7)} is live already (release ${live})`)
      return 0
    }
    /** Whether `older` is `newer` or one of its ancestors (false when git does not know either). */
    function isAncestor(older: string, newer: string): boolean {
      try {
        git('merge-base', '--is-ancestor', older, newer)
        return true
      } catch {
        return false
      }
    }
    // A rollback stays: the commit rolled away from (or an older one) is not deployed again, until the
    // branch has a newer commit or the operator deploys (docs/decisions/0085-a-rollback-stays.md).
    const held = heldBack(readHold(root), target, isAncestor)
    if (held) {
      record(target, false, held.release)
      say(
        `${target.slice(0, 7)} is not deployed: release ${held.release} (commit ${held.commit}) was rolled back on ${held.at.slice(0, 16).replace('T', ' ')} UTC; the next commit on ${branch} is published, or npm run deploy deploys the checkout`,
      )
      return 0
    }
    const subject = git('log', '-1', '--format=%s', target)
    say(`${target.slice(0, 7)} «${subject}»`)

    // The checkout moves along its branch, never onto a detached commit, so the documented update
    // (`git pull`) works after a publish; commits made only in the checkout stop it instead of being
    // dropped.
    const head = gitOrStop('rev-parse', 'HEAD')
    if (!isAncestor(head, target)) {
      fail(
        `the checkout ${REPO} has commits that are not on origin/${branch}: push them or reset the checkout to origin/${branch}; nothing was published`,
      )
    }
    // Only content is published from the editor (docs/decisions/0066): its commits that changed
    // anything else stop here, before the checkout moves, so nothing is built or switched. They are
    // counted from what is live (else the checkout's commit), so a commit pulled into the checkout by
    // hand but never deployed is counted too.
    const editorEmail = editor.EDITOR_GIT_EMAIL?.trim() || DEFAULT_EDITOR_EMAIL
    /** The live commit when the target builds on it; else (the branch was rewritten) the checkout's. */
    function countedFrom(): string {
      return liveCommit && isAncestor(liveCommit, target) ? liveCommit : head
    }
    let outside: OutsideContent
    try {
      outside = editorOutsideContentBetween(REPO, countedFrom(), target, editorEmail)
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error))
    }

    /** The checkout's branch at `commit`, tracking origin's. */
    function checkOut(commit: string): void {
      gitOrStop('checkout', '--quiet', '-B', branch, commit)
      gitOrStop('branch', '--quiet', `--set-upstream-to=origin/${branch}`, branch)
    }

    /**
     * Where a refusal leaves the checkout: on the live commit, so that `--rollback`, the next deploy
     * and a look at the files start from what is live (after a rollback that is older than the
     * checkout was); on the checkout's own commit when the live one is unknown to git.
     */
    function refusalCommit(): string {
      if (!liveCommit) return head
      try {
        return git('rev-parse', '--verify', '--quiet', `${liveCommit}^{commit}`)
      } catch {
        return head
      }
    }
    const backTo = refusalCommit()

    let published = false
    /** What the refusal is read from: the content check's output, or the deploy's. */
    let refusedBy = ''
    /** Where the content and release checks write their problems when they refuse. */
    const problemsFile = path.join(root, 'publish-problems.json')
    if (outside.files.length > 0) {
      const commits = outside.commits.map((commit) => commit.commit.slice(0, 7)).join(', ')
      io.stderr.write(
        `publish: the editor's commit(s) ${commits} (${editorEmail}) changed files outside content/: ${outside.files.join(', ')}; nothing was built or switched\n`,
      )
    } else {
      // The packages installed are the checkout's: reinstall only when the edit's lockfile differs.
      const lockChanged = git('diff', '--name-only', head, target, '--', 'package-lock.json') !== ''
      const install = (): void => {
        const run = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
          cwd: REPO,
          env,
          stdio: 'inherit',
        })
        if (run.status !== 0) {
          checkOut(backTo)
          fail('npm install failed; nothing was published')
        }
      }

      checkOut(target)
      if (lockChanged) install()

      // The content first (its own process: the checkout's new code), then the deploy, whose
      // release build checks it all again with the settings and the built pages. Either writes its
      // problems to the file, for the chat (docs/decisions/0084).
      clearProblems(problemsFile)
      const checkEnv = { ...env, [PROBLEMS_FILE_ENV]: problemsFile }
      const check = spawnSync(process.execPath, ['apps/site/release/content-check.ts'], {
        cwd: REPO,
        env: checkEnv,
        encoding: 'utf8',
      })
      refusedBy = `${check.stdout}${check.stderr}`
      if (check.status === 0) {
        const deploy = spawnSync(
          process.execPath,
          ['deploy/cli/deploy.ts', '--env-file', envFile],
          {
            cwd: REPO,
            env: checkEnv,
            encoding: 'utf8',
          },
        )
        io.stdout.write(deploy.stdout)
        io.stderr.write(deploy.stderr)
        published = deploy.status === 0
        refusedBy = `${deploy.stdout}${deploy.stderr}`
      } else {
        io.stderr.write(refusedBy)
      }

      // A refused edit leaves the checkout on the live commit, on its branch: the operator's
      // `npm run deploy -- --rollback` and the next deploy start from the code and content that are live.
      if (!published) {
        checkOut(backTo)
        if (git('diff', '--name-only', target, backTo, '--', 'package-lock.json') !== '') install()
      }
    }

    record(target, published)

    // The chat's modules read the checkout's content as they load (the course titles): loaded only
    // now, from the checkout as it is left, never while it holds a refused edit.
    const { createTelegramClient } = await import('@it-lab/lead-bot/telegram')
    const { outsideContentMessage, problemLines, publishedMessage, refusedEmail, refusedMessage } =
      await import('@it-lab/lead-bot/publish-message')
    let problems =
      outside.files.length > 0
        ? outside.commits.map(
            (commit) =>
              `Коммит ${commit.commit.slice(0, 7)} «${commit.subject}» (${commit.authorEmail}) изменил файлы вне content/: ${commit.files.filter((file) => outside.files.includes(file)).join(', ')}`,
          )
        : (readProblems(problemsFile)?.map(problemLine) ?? problemLines(refusedBy))
    if (!published && problems.length === 0) {
      problems = [refusedBy.trim().split('\n').slice(-5).join(' ')]
    }

    /** Where the result goes: the chat, and a refusal to the operator's e-mail too (docs/decisions/0063). */
    function notifySettings() {
      try {
        const read = parseEnv(
          envSchema.pick({
            TELEGRAM_BOT_TOKEN: true,
            TELEGRAM_CHAT_ID: true,
            TELEGRAM_API_URL: true,
            TELEGRAM_TIMEOUT_MS: true,
            SMTP_URL: true,
            ALERT_EMAIL_TO: true,
            ALERT_EMAIL_FROM: true,
          }),
          leadBot,
        )
        return { ...read, email: emailConfig(read) }
      } catch (error) {
        io.stderr.write(
          `publish: nobody was told: ${error instanceof Error ? error.message : String(error)}\n`,
        )
        return undefined
      }
    }
    const settings = notifySettings()
    const operatorEmailed = Boolean(settings?.email)
    const message = published
      ? publishedMessage(subject)
      : outside.files.length > 0
        ? outsideContentMessage(subject, outside.files, { operatorEmailed })
        : refusedMessage(subject, problems, { operatorEmailed })
    editorState.finished(target, published, problems, {
      outside: outside.files.length > 0,
      operatorEmailed,
    })
    let chatError: string | undefined
    if (settings?.TELEGRAM_BOT_TOKEN && settings.TELEGRAM_CHAT_ID) {
      const telegram = createTelegramClient({
        apiUrl: settings.TELEGRAM_API_URL,
        token: settings.TELEGRAM_BOT_TOKEN,
        chatId: settings.TELEGRAM_CHAT_ID,
        timeoutMs: settings.TELEGRAM_TIMEOUT_MS,
        sendTimeoutMs: settings.TELEGRAM_TIMEOUT_MS,
      })
      const sent = await telegram.send(message)
      if (!sent.ok) {
        chatError = sent.error
        io.stderr.write(`publish: could not post to Telegram (${sent.error})\n`)
      }
    } else {
      chatError = 'Telegram не настроен'
    }
    if (!published && settings?.email) {
      const sent = await createMailer(settings.email).send(
        refusedEmail(subject, problems, { host: hostname(), chatError }),
      )
      if (!sent.ok) io.stderr.write(`publish: could not send the e-mail (${sent.error})\n`)
    }
    say(
      published
        ? 'published'
        : `refused: ${problems.length} problem(s); the live site is unchanged`,
    )
    return published ? 0 : 1
  } finally {
    editorState.write()
    lock.release()
  }
}

if (import.meta.main) process.exitCode = await run(process.argv.slice(2), process.env, process)
