import { spawn } from 'node:child_process'

// git as the content service runs it in EDITOR_REPO (docs/decisions/0081-the-editor-as-a-door.md):
// never a hook, never fsmonitor, no submodule recursion, no pager or prompt, no signing, and none
// of the caller's GIT_* variables, whatever the repository's own configuration says. A setting
// given with `-c` wins over every configuration file.

const SAFE_CONFIG = [
  'core.hooksPath=/dev/null',
  'core.fsmonitor=false',
  'core.untrackedCache=false',
  'core.symlinks=false',
  'commit.gpgSign=false',
  'submodule.recurse=false',
  'diff.ignoreSubmodules=all',
  'status.submoduleSummary=false',
  'protocol.allow=never',
].flatMap((setting) => ['-c', setting])

export type GitIdentity = { name: string; email: string }

type GitOptions = {
  /** Author and committer of a commit. */
  identity?: GitIdentity
  /** What git reads on its standard input. */
  input?: string
  /** A private index instead of the work tree's (GIT_INDEX_FILE). */
  indexFile?: string
}

/** The environment git gets: the process's own, less every GIT_ variable, plus ours. */
function gitEnv({ identity, indexFile }: GitOptions): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('GIT_')),
  )
  return {
    ...env,
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    ...(indexFile && { GIT_INDEX_FILE: indexFile }),
    ...(identity && {
      GIT_AUTHOR_NAME: identity.name,
      GIT_AUTHOR_EMAIL: identity.email,
      GIT_COMMITTER_NAME: identity.name,
      GIT_COMMITTER_EMAIL: identity.email,
    }),
  }
}

/** Runs git in `repo` with the safe settings; its output without the last newline. */
export async function git(
  repo: string,
  args: readonly string[],
  options: GitOptions = {},
): Promise<string> {
  return (await gitBytes(repo, args, options)).toString('utf8').trimEnd()
}

/** Runs git in `repo` with the safe settings; its output byte for byte (a file's old version). */
export function gitBytes(
  repo: string,
  args: readonly string[],
  options: GitOptions = {},
): Promise<Buffer> {
  const child = spawn('git', [...SAFE_CONFIG, ...args], {
    cwd: repo,
    env: gitEnv(options),
    stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  })
  // A git that exits before reading all of it fails on its own exit code, not on EPIPE here.
  child.stdin?.on('error', () => undefined)
  child.stdin?.end(options.input)
  return new Promise((resolve, reject) => {
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => err.push(chunk))
    child.once('error', reject)
    child.once('close', (code) => {
      if (code === 0) return resolve(Buffer.concat(out))
      const message = Buffer.concat(err).toString('utf8').trim().slice(0, 500)
      reject(new Error(`git ${args[0] ?? ''} failed (${code}): ${message}`))
    })
  })
}

/** Whether `older` is `newer` or one of its ancestors in `repo`; false when git knows either not. */
export function isAncestor(repo: string, older: string, newer: string): Promise<boolean> {
  return git(repo, ['merge-base', '--is-ancestor', older, newer]).then(
    () => true,
    () => false,
  )
}
