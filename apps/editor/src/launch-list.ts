import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { CONTENT_ROOT } from '@it-lab/shared/content'
import type { LaunchCheck, LaunchItem } from './content-check.ts'
import { withoutFieldPaths } from './subjects.ts'

// What is left before the launch (the content service's `launchBlockers`): the samples and
// stand-in facts that the release check refuses and `npm run check:content` lists
// (@it-lab/content-check, docs/decisions/0084-preview-before-the-launch.md). The gateway calls
// that check in-process, as it does for each save (content-check.ts): one source, so the
// editor's count is the release check's.

export type LaunchAnswer =
  | { ok: true; body: { items: LaunchItem[]; count: number } }
  | { ok: false; status: 500; error: string }

const NOT_LISTED =
  'Не удалось составить список того, что осталось до запуска сайта. Попробуйте ещё раз через минуту, а если не получится — сообщите администратору.'

type ListOptions = {
  /** The repository's commit, and whether content/ has no edits beside it. */
  state: () => Promise<{ head: string; clean: boolean }>
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
    const { state, launchCheck, snapshot, warn } = this.#options
    const { head, clean } = await state()
    if (clean && this.#known?.head === head) return listed(this.#known.items)
    const scratch = await mkdtemp(path.join(tmpdir(), 'it-lab-editor-launch-content-'))
    try {
      const contentDir = path.join(scratch, CONTENT_ROOT)
      await snapshot(contentDir)
      const found = await launchCheck?.(contentDir)
      if (found === undefined) throw new Error('the content check wrote no launch items')
      const items = found.map((item) => ({ ...item, text: withoutFieldPaths(item.text) }))
      this.#known = clean ? { head, items } : undefined
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
