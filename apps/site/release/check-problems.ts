// A check's problems as data (docs/decisions/0084-preview-before-the-launch.md): the content and
// release checks write them to the file CHECK_PROBLEMS_FILE names when they refuse, and the deploy
// and the publishing step list exactly those, grouped by file. `npm run check:content` adds what
// blocks the launch, which the deploy's check before a release build refuses too (readAllProblems).
// Scraping the build's indented lines once listed Vite's plugin-timing report as problems and cut the real ones at 20. Node's own
// modules only: the deploy loads this before anything of the site.
import { readFileSync, rmSync, writeFileSync } from 'node:fs'

export type CheckProblem = {
  /**
   * What to change: a content file (content/…), a setting (SITE_URL), a deploy file, `страницы`
   * or `сборка`. The text is in Russian: the chat and the owner's editor list it.
   */
  file: string
  text: string
  /** It blocks the launch only: a preview build accepts it (a sample entry, a stand-in fact). */
  launch?: boolean
}

/** The variable naming the file a refused check writes its problems to. */
export const PROBLEMS_FILE_ENV = 'CHECK_PROBLEMS_FILE'

export const problemLine = ({ file, text }: CheckProblem): string => `${file}: ${text}`

/** A `file: text` line as the content checks word them, back into its parts. */
export function problemOf(line: string): CheckProblem {
  const at = line.indexOf(': ')
  return at < 0 ? { file: '', text: line } : { file: line.slice(0, at), text: line.slice(at + 2) }
}

/**
 * Each file once, in the order first named: a file with one problem on one line, a file with more
 * as a heading with its count and its problems under it, indented two spaces.
 */
export function groupedLines(problems: readonly CheckProblem[]): string[] {
  const byFile = new Map<string, CheckProblem[]>()
  for (const problem of problems)
    byFile.set(problem.file, [...(byFile.get(problem.file) ?? []), problem])
  return [...byFile].flatMap(([file, listed]) =>
    listed.length === 1
      ? listed.map(problemLine)
      : [`${file} (${listed.length}):`, ...listed.map(({ text }) => `  ${text}`)],
  )
}

/** An item that blocks only the launch (@it-lab/content-check), as the owner's editor lists it. */
export type LaunchEntry = { file: string; kind: string; text: string }

/**
 * Writes the problems where `env` says, if it names a file; with the launch's items when given
 * (the same the editor gateway shows the owner). A check that passed
 * writes the items alone, no `problems`: readProblems then reads none.
 */
export function writeProblems(
  env: NodeJS.ProcessEnv,
  problems: readonly CheckProblem[] | undefined,
  launch?: readonly LaunchEntry[],
): void {
  const file = env[PROBLEMS_FILE_ENV]
  if (!file) return
  const items = launch?.map(({ file: where, kind, text }) => ({ file: where, kind, text }))
  writeFileSync(file, `${JSON.stringify({ problems, launch: items }, null, 2)}\n`)
}

/** The problems a refused check wrote to `file`; undefined when it wrote none. */
export function readProblems(file: string): CheckProblem[] | undefined {
  try {
    const { problems } = JSON.parse(readFileSync(file, 'utf8')) as { problems?: CheckProblem[] }
    return Array.isArray(problems) ? problems : undefined
  } catch {
    return undefined
  }
}

/**
 * What a check wrote to `file`, the launch's items among the problems (marked `launch`): the
 * deploy's check before a release build refuses on both at once.
 */
export function readAllProblems(file: string): CheckProblem[] {
  try {
    const { problems = [], launch = [] } = JSON.parse(readFileSync(file, 'utf8')) as {
      problems?: CheckProblem[]
      launch?: LaunchEntry[]
    }
    return [
      ...problems,
      ...launch.map(({ file: where, text }) => ({ file: where, text, launch: true })),
    ]
  } catch {
    return []
  }
}

/** Removes what an earlier run left, so that a refusal is never read from a stale file. */
export const clearProblems = (file: string): void => rmSync(file, { force: true })
