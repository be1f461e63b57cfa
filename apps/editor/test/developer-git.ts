import { execFileSync } from 'node:child_process'

// git in a test's scratch repository as a developer runs it: another identity than the editor's
// (publishing tells the two apart by it), and no hook of the repository's own.

/** A git of `repo`: its output without the last newline. */
export function developerGit(repo: string): (...args: string[]) => string {
  return (...args) =>
    execFileSync('git', ['-c', 'core.hooksPath=/dev/null', ...args], {
      cwd: repo,
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'developer',
        GIT_AUTHOR_EMAIL: 'dev@it-lab.test',
        GIT_COMMITTER_NAME: 'developer',
        GIT_COMMITTER_EMAIL: 'dev@it-lab.test',
      },
    }).trimEnd()
}
