// `npm run editor:undo -- --env-file /etc/it-lab/editor.env`: the one way to undo the owner's last
// edit (docs/decisions/0066-only-content-from-the-editor.md). In the editor's repository
// (EDITOR_REPO, on EDITOR_BRANCH) the last commit, when it is the editor's, is reverted by a new
// commit in the editor's name, «Отмена правки «…»», which the publishing timer then publishes as
// any edit. Nothing is rewritten: the edit and its undoing both stay in the history. Run twice, it
// brings the edit back. Refused, with nothing changed, when the last commit is someone else's, the
// working tree has changes not committed, or the repository is on another branch.
import { execFileSync, spawnSync } from 'node:child_process'
import { statSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { Io } from '../lib/cli.ts'
import { Refused, withEnvFile } from '../lib/cli.ts'
import { DEFAULT_EDITOR_EMAIL } from '../lib/editor-commits.ts'

const USAGE = 'usage: npm run editor:undo -- --env-file /etc/it-lab/editor.env'

function refuse(message: string): never {
  throw new Refused(message)
}

function options(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: { 'env-file': { type: 'string' } } }).values
  } catch (error) {
    refuse(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`)
  }
}

/** `npm run editor:undo`: 0 when the last edit is undone, 1 when refused (nothing changed). */
export function run(argv: string[], processEnv: NodeJS.ProcessEnv, io: Io): number {
  try {
    undo(argv, processEnv, (message) => io.stdout.write(`editor:undo: ${message}\n`))
    return 0
  } catch (error) {
    if (!(error instanceof Refused)) throw error
    io.stderr.write(`editor:undo: ${error.message}\n`)
    return 1
  }
}

function undo(argv: string[], processEnv: NodeJS.ProcessEnv, say: (message: string) => void): void {
  const envFile = options(argv)['env-file']
  if (!envFile) refuse(USAGE)
  let env: NodeJS.ProcessEnv
  try {
    env = withEnvFile(processEnv, envFile)
  } catch (error) {
    refuse(`cannot read ${envFile}: ${error instanceof Error ? error.message : String(error)}`)
  }

  const repo = env.EDITOR_REPO?.trim() ?? ''
  if (!path.isAbsolute(repo))
    refuse(`EDITOR_REPO must be the absolute path of the editor's repository (got "${repo}")`)
  const branch = env.EDITOR_BRANCH?.trim() || 'main'
  const name = env.EDITOR_GIT_NAME?.trim() || 'Редактор сайта'
  const email = env.EDITOR_GIT_EMAIL?.trim() || DEFAULT_EDITOR_EMAIL

  // Root works as the repository's owner (the editor's user), so the files and objects the undo
  // writes stay writable by the editor; the owner's git settings are not root's to read.
  const owner = statSync(repo, { throwIfNoEntry: false })
  if (!owner?.isDirectory()) refuse(`EDITOR_REPO ${repo} is not a folder`)
  if (process.getuid?.() === 0 && owner.uid !== 0) {
    process.setgroups?.([owner.gid])
    process.setgid?.(owner.gid)
    process.setuid?.(owner.uid)
    env.HOME = '/nonexistent'
  }

  /** Runs git in the editor's repository as the editor; a failure runs `onFailure`, then refuses. */
  function git(...args: string[]): string {
    return gitOr(() => undefined, ...args)
  }

  function gitOr(onFailure: () => void, ...args: string[]): string {
    try {
      return execFileSync('git', args, {
        cwd: repo,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...env,
          GIT_AUTHOR_NAME: name,
          GIT_AUTHOR_EMAIL: email,
          GIT_COMMITTER_NAME: name,
          GIT_COMMITTER_EMAIL: email,
        },
      }).trim()
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr?.trim()
      onFailure()
      refuse(`git ${args[0]} failed in ${repo}: ${stderr || String(error)}; nothing was undone`)
    }
  }

  const onBranch = git('rev-parse', '--abbrev-ref', 'HEAD')
  if (onBranch !== branch) {
    refuse(`${repo} is on ${onBranch}, not on EDITOR_BRANCH ${branch}; nothing was undone`)
  }
  const dirty = git('status', '--porcelain', '--untracked-files=all')
  if (dirty !== '') {
    const files = dirty.split('\n').map((line) => line.slice(3))
    refuse(
      `${repo} has changes that are not committed (${files.slice(0, 5).join(', ')}${files.length > 5 ? ', …' : ''}): commit or discard them first; nothing was undone`,
    )
  }
  const [commit = '', author = '', parents = '', subject = ''] = git(
    'log',
    '-1',
    '--format=%H%x1f%ae%x1f%P%x1f%s',
  ).split('\x1f')
  const short = commit.slice(0, 7)
  if (author.toLowerCase() !== email.toLowerCase()) {
    refuse(
      `the last commit on ${branch}, ${short} «${subject}», is not the editor's (its author is ${author}, the editor's is ${email}); nothing was undone`,
    )
  }
  if (parents.split(' ').length !== 1) {
    refuse(`the last commit on ${branch}, ${short} «${subject}», is a merge; nothing was undone`)
  }

  // A half-made revert is taken back, so the editor finds the repository as it was.
  const abort = () => {
    spawnSync('git', ['revert', '--abort'], { cwd: repo, stdio: 'ignore' })
  }
  gitOr(abort, 'revert', '--no-commit', 'HEAD')
  gitOr(abort, 'commit', '--quiet', '--message', `Отмена правки «${subject}»`)
  const undone = git('log', '-1', '--format=%h %s')
  say(`${short} «${subject}» undone by ${undone} on ${branch}`)
  say(`changed back: ${git('diff', '--name-only', 'HEAD~1', 'HEAD').split('\n').join(', ')}`)
  say('the publishing timer publishes it within a few minutes (journalctl -u it-lab-publish)')
}

if (import.meta.main) process.exitCode = run(process.argv.slice(2), process.env, process)
