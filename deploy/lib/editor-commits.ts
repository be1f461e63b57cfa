// Only content is published from the editor (docs/decisions/0066-only-content-from-the-editor.md):
// the owner's password opens the editor, and the editor's commits may change the files of its
// collections and nothing else, each a regular file (docs/decisions/0081-the-editor-as-a-door.md).
// Publishing reads which files each commit changed, and refuses when a commit authored by the
// editor's identity changed any other file, or made one a link or a nested repository (a
// gitlink), that would reach the site.
import { execFileSync } from 'node:child_process'
import { editorPath } from '@it-lab/shared/content'

/** The editor's commits carry this author e-mail unless EDITOR_GIT_EMAIL says otherwise. */
export const DEFAULT_EDITOR_EMAIL = 'editor@it-lab.local'

/** The `git log` arguments whose output `parseCommitLog` reads (renames as delete + add). */
const COMMIT_LOG_ARGS = [
  'log',
  '--no-renames',
  '--diff-merges=first-parent',
  '--format=%x1e%H%x1f%ae%x1f%s',
  '--name-only',
  '-z',
]

export interface CommitFiles {
  commit: string
  authorEmail: string
  subject: string
  files: string[]
}

/** The commits of `git log` run with COMMIT_LOG_ARGS, newest first, each with its files. */
function parseCommitLog(output: string): CommitFiles[] {
  return output
    .split('\x1e')
    .filter((record) => record !== '')
    .map((record) => {
      const [header = '', ...names] = record.split('\0')
      const [commit = '', authorEmail = '', subject = ''] = header.split('\x1f')
      const files = names.map((name) => name.replace(/^\n/, '')).filter((name) => name !== '')
      return { commit, authorEmail, subject, files }
    })
}

/**
 * A file the editor may have changed: a collection's, a regular file where it still exists, and
 * no SVG but a deleted one (the editor may delete a shipped drawing, never write one).
 */
function isEditorFile(file: string, mode: string | undefined): boolean {
  const found = editorPath(file)
  if (found === undefined) return false
  if (mode === undefined) return true
  return mode === '100644' && (found.kind !== 'picture' || found.writable)
}

export interface OutsideContent {
  /** The files outside content/ the editor's commits changed, each once, sorted. */
  files: string[]
  /** Those commits, newest first. */
  commits: CommitFiles[]
}

/**
 * What the editor changed outside content/ among `commits`, counting only the files that still
 * differ from what is live (`differs`): an edit undone before it was published (`npm run
 * editor:undo`) leaves nothing to refuse. A developer's commits are not the editor's business.
 */
function editorOutsideContent(
  commits: CommitFiles[],
  editorEmail: string,
  differs: (file: string) => boolean,
  modes: ReadonlyMap<string, string>,
): OutsideContent {
  const email = editorEmail.toLowerCase()
  const found = new Set<string>()
  const offending: CommitFiles[] = []
  for (const commit of commits) {
    if (commit.authorEmail.toLowerCase() !== email) continue
    const outside = commit.files.filter(
      (file) => !isEditorFile(file, modes.get(file)) && differs(file),
    )
    if (outside.length === 0) continue
    offending.push(commit)
    for (const file of outside) found.add(file)
  }
  return { files: [...found].sort(), commits: offending }
}

/**
 * What the editor changed outside content/ in the commits of `repo` after `base` up to `target`
 * (`base` is what is live: the checkout's HEAD).
 */
export function editorOutsideContentBetween(
  repo: string,
  base: string,
  target: string,
  editorEmail: string,
): OutsideContent {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: repo, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  const commits = parseCommitLog(git(...COMMIT_LOG_ARGS, `${base}..${target}`))
  const differing = new Set(
    git('diff', '--no-renames', '--name-only', '-z', base, target).split('\0'),
  )
  // `<mode> <type> <object>\t<path>` of every file the target holds under content/.
  const modes = new Map(
    git('ls-tree', '-r', '-z', target, '--', 'content')
      .split('\0')
      .filter(Boolean)
      .map((line) => {
        const [meta = '', file = ''] = line.split('\t')
        return [file, meta.split(' ')[0] ?? ''] as const
      }),
  )
  return editorOutsideContent(commits, editorEmail, (file) => differing.has(file), modes)
}
