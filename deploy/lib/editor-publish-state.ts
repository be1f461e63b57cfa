// What each publishing run leaves for the owner's editor (packages/shared/src/publish-state.ts):
// the live commit and since when, whether the site is still a preview, and the last refused edit
// with the chat's lines, so the editor can say «На сайте с 14:32» or why not instead of the chat
// alone. Rewritten as every run ends, an idle one too: a deploy or a rollback by hand, or
// `--launch`, shows within one timer period.
import { spawnSync } from 'node:child_process'
import { chmodSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import {
  parsePublishState,
  PUBLISH_STATE_FILE_NAME,
  type PublishState,
} from '@it-lab/shared/publish-state'
import { liveRelease, readRelease } from './releases.ts'

/** The chat lists at most this many problems, and so does the state. */
const SHOWN = 15

/** What a run that got as far as building did with the branch's newest commit. */
export type RunOutcome = { commit: string; published: boolean; reasons: string[] }

/**
 * The state after a run: none while nothing is live; the live commit's time kept while it stays
 * live; a refusal kept until a later run publishes or refuses again.
 */
export function nextPublishState({
  previous,
  liveCommit,
  preview,
  now,
  outcome,
}: {
  previous: PublishState | undefined
  liveCommit: string | undefined
  preview: boolean
  now: Date
  outcome: RunOutcome | undefined
}): PublishState | undefined {
  if (liveCommit === undefined) return undefined
  const at = now.toISOString()
  const refused =
    outcome === undefined
      ? previous?.refused
      : outcome.published
        ? undefined
        : { commit: outcome.commit, at, reasons: outcome.reasons }
  return {
    liveCommit,
    liveSince: previous?.liveCommit === liveCommit ? previous.liveSince : at,
    preview,
    lastRun: at,
    ...(refused && { refused }),
  }
}

/**
 * A refusal in the owner's words, as the chat told it (apps/lead-bot/cli/publish-message.ts): each
 * content problem (`content/…: …`, which the editor words by the entry's name), and a plain
 * sentence for a refusal that is not hers to fix.
 */
export function ownerReasons(
  problems: readonly string[],
  { outside, operatorEmailed }: { outside: boolean; operatorEmailed: boolean },
): string[] {
  const administrator = operatorEmailed
    ? 'Администратор сайта получил письмо с подробностями.'
    : 'Сообщите об этом администратору сайта.'
  if (outside) {
    return [
      `Из редактора публикуются только тексты, цены и картинки сайта, а правки из редактора изменили и другие файлы. ${administrator}`,
    ]
  }
  const content = problems.filter((problem) => problem.startsWith('content/'))
  const more = content.length > SHOWN ? [`…и ещё ${content.length - SHOWN}`] : []
  const server =
    content.length === problems.length
      ? []
      : [
          `${content.length > 0 ? 'Кроме того, сайт' : 'Правка здесь ни при чём: сайт'} не удалось обновить по технической причине. ${administrator}`,
        ]
  return [...content.slice(0, SHOWN), ...more, ...server]
}

/**
 * The live release's full commit (a release names it by its short hash), or undefined, and whether
 * it was built as a preview (its own mark, so a rollback across the launch shows as it is).
 */
function liveOf(root: string, repo: string): { commit: string | undefined; preview: boolean } {
  const live = liveRelease(root)
  if (live === undefined) return { commit: undefined, preview: false }
  const release = readRelease(root, live)
  const resolved = spawnSync(
    'git',
    ['rev-parse', '--verify', '--quiet', `${release.commit}^{commit}`],
    { cwd: repo, encoding: 'utf8' },
  )
  const commit =
    resolved.status === 0
      ? resolved.stdout.trim()
      : /^[0-9a-f]{7,64}$/.test(release.commit)
        ? release.commit
        : undefined
  return { commit, preview: release.preview === true }
}

/**
 * Records the state when the run ends: `file` is EDITOR_PUBLISH_STATE from editor.env, else the
 * deploy root's. `finished` tells it what the run did with the branch's newest commit.
 */
export function publishStateRecorder(root: string, repo: string, file?: string) {
  const target = file?.trim() || path.join(root, PUBLISH_STATE_FILE_NAME)
  let outcome: RunOutcome | undefined
  return {
    finished(
      commit: string,
      published: boolean,
      problems: readonly string[],
      options: { outside: boolean; operatorEmailed: boolean },
    ): void {
      outcome = { commit, published, reasons: published ? [] : ownerReasons(problems, options) }
    },
    /** Writes the file (a process 'exit' listener: synchronous, and never throws). */
    write(): void {
      try {
        let previous: PublishState | undefined
        try {
          previous = parsePublishState(readFileSync(target, 'utf8'))
        } catch {
          previous = undefined
        }
        const live = liveOf(root, repo)
        const state = nextPublishState({
          previous,
          liveCommit: live.commit,
          preview: live.preview,
          now: new Date(),
          outcome,
        })
        if (state === undefined) return
        // Whole or not at all: the gateway may read it at any moment. 0644: it reads as another user.
        const next = `${target}.next`
        writeFileSync(next, `${JSON.stringify(state)}\n`)
        chmodSync(next, 0o644)
        renameSync(next, target)
      } catch (error) {
        process.stderr.write(
          `publish: the editor's publishing state was not written to ${target}: ${error instanceof Error ? error.message : String(error)}\n`,
        )
      }
    },
  }
}
