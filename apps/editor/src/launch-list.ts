import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { CONTENT_ROOT } from '@it-lab/shared/content'
import * as z from 'zod'
import { git } from './git.ts'
import { withoutFieldPaths } from './subjects.ts'

// What is left before the launch (the content service's `launchBlockers`): the samples and
// stand-in facts that the release check refuses and `npm run check:content` lists
// (apps/site/scripts/launch-blockers.ts, docs/decisions/0084-preview-before-the-launch.md). The
// gateway runs that check as a child process, as it does for each save, and reads its items from
// the file CHECK_PROBLEMS_FILE names (apps/site/scripts/check-problems.ts): one source, so the
// editor's count is the release check's.

const run = promisify(execFile)

export type LaunchItem = { path: string; kind: string; text: string }

/** The launch's items of the content in `contentDir`; undefined when the check could not list them. */
export type LaunchCheck = (contentDir: string) => Promise<LaunchItem[] | undefined>

export type LaunchAnswer =
  | { ok: true; body: { items: LaunchItem[]; count: number } }
  | { ok: false; status: 500; error: string }

const written = z.object({
  launch: z.array(z.object({ file: z.string(), kind: z.string(), text: z.string() })).optional(),
})

const NOT_LISTED =
  'Не удалось составить список того, что осталось до запуска сайта. Попробуйте ещё раз через минуту, а если не получится — сообщите администратору.'

/** The content check (apps/site/scripts/content-check.ts) run for its launch's items. */
export function launchCheckScript(script: string): LaunchCheck {
  return async (contentDir) => {
    const scratch = await mkdtemp(path.join(tmpdir(), 'it-lab-editor-launch-'))
    const file = path.join(scratch, 'check.json')
    // The gateway's own settings (the password hash) are no business of the check; SITE_URL is.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith('EDITOR_')),
    )
    try {
      // It exits 1 when the content has problems: its items are in the file all the same.
      await run(process.execPath, [script], {
        timeout: 120_000,
        env: { ...env, CONTENT_DIR: contentDir, CHECK_PROBLEMS_FILE: file },
        maxBuffer: 16 * 1024 * 1024,
      }).catch((error: unknown) => {
        if ((error as { code?: unknown }).code !== 1) throw error
      })
      const read = written.safeParse(JSON.parse(await readFile(file, 'utf8')))
      return read.success
        ? read.data.launch?.map(({ file: where, kind, text }) => ({ path: where, kind, text }))
        : undefined
    } finally {
      await rm(scratch, { recursive: true, force: true })
    }
  }
}

type ListOptions = {
  repo: string
  /** None: the list cannot be made (the service built without the check's script). */
  launchCheck?: LaunchCheck
  /** Copies the repository's content/ to the folder given (the service's safe copy). */
  snapshot: (to: string) => Promise<void>
  warn: (message: string, details?: Record<string, unknown>) => void
}

export class LaunchList {
  readonly #options: ListOptions
  /** The items of a commit while content/ has no edits beside it: the check runs once a commit. */
  #known: { head: string; items: LaunchItem[] } | undefined

  constructor(options: ListOptions) {
    this.#options = options
  }

  async answer(): Promise<LaunchAnswer> {
    const { repo, launchCheck, snapshot, warn } = this.#options
    const head = await git(repo, ['rev-parse', 'HEAD'])
    const edits = await git(repo, [
      'status',
      '--porcelain',
      '--untracked-files=all',
      '--',
      CONTENT_ROOT,
    ])
    if (edits === '' && this.#known?.head === head) return listed(this.#known.items)
    const scratch = await mkdtemp(path.join(tmpdir(), 'it-lab-editor-launch-content-'))
    try {
      const contentDir = path.join(scratch, CONTENT_ROOT)
      await snapshot(contentDir)
      const found = await launchCheck?.(contentDir)
      if (found === undefined) throw new Error('the content check wrote no launch items')
      const items = found.map((item) => ({ ...item, text: withoutFieldPaths(item.text) }))
      this.#known = edits === '' ? { head, items } : undefined
      return listed(items)
    } catch (error) {
      warn('the launch items could not be listed', { err: String(error) })
      return { ok: false, status: 500, error: NOT_LISTED }
    } finally {
      await rm(scratch, { recursive: true, force: true })
    }
  }
}

const listed = (items: LaunchItem[]): LaunchAnswer => ({
  ok: true,
  body: { items, count: items.length },
})
