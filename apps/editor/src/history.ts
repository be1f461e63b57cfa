import {
  CONTENT_ROOT as CONTENT,
  editorPath,
  ENTRY_FOLDERS,
  isEditorPath,
  MEDIA_FOLDER,
  UPLOADS_PATH,
  type EditorPath,
} from '@it-lab/shared/content'
import { schoolTime } from '@it-lab/shared/school-time'
import { describeChanges } from './changes.ts'
import type { Change, ContentStore } from './content-store.ts'
import { git, gitBytes, isAncestor } from './git.ts'
import { commitSubject, describe, parsed, subjectOf } from './subjects.ts'

// The owner's own history and undo: the changes of an entry or a section in words, a return to
// the version before any of them, and the entries deleted lately, brought back. All from the
// branch's git history, read with plumbing (git.ts); a return is a new commit made as a save
// (content-service.ts checks and commits it). Paths come only through editorPath, a commit id only
// as 40 hex digits of an ancestor of the branch that changed that path, and a path reaches git
// only as a literal pathspec after `--` or inside `<commit>:<path>` on cat-file's input
// (docs/decisions/0081-the-editor-as-a-door.md).

/** How far back the owner's history and the deleted entries go. */
const HISTORY_MAX = 50
const HISTORY_DAYS = 90
const COMMIT_ID = /^[0-9a-f]{40}$/

const OUTSIDE = 'История правок есть только у записей и разделов редактора.'
const NO_SUCH_CHANGE = 'Такой правки в истории этой записи нет. Обновите страницу и выберите снова.'
const NOT_DELETED = 'Эта правка не удаляла запись: вернуть её можно только из истории записи.'
const EXISTS_AGAIN =
  'Вернуть запись нельзя: в этом разделе снова есть запись под тем же именем. Откройте её — возможно, это она и есть.'
const ALREADY = 'Запись уже такая, какой была до этой правки.'
const NOT_DELETABLE = 'Этот раздел удалить нельзя: его можно только изменить.'

type Refused = { ok: false; status: 409 | 422; error: string }
type Answer<T> = { ok: true; body: T } | Refused

export type HistoryItem = {
  commit: string
  /** When it was committed (ISO 8601, UTC). */
  at: string
  /** Its author's name: «Редактор сайта» for the owner's saves. */
  who: string
  subject: string
  /** In words, field by field (changes.ts). */
  changes: string[]
}

export type DeletedEntry = {
  path: string
  /** The commit that deleted it. */
  commit: string
  at: string
  who: string
  /** The entry's words: «курс «Python»». */
  title: string
}

type Commit = { commit: string; parent: string | null; at: string; who: string; subject: string }

const refuse = (status: Refused['status'], error: string): Refused => ({ ok: false, status, error })

/** A literal pathspec: no glob, no magic, whatever the name holds. */
const literal = (file: string) => `:(literal)${file}`

const FORMAT = '--format=%H%x00%P%x00%cI%x00%an%x00%s'
const FIELDS = 5

/** A path the editor may read, of the kinds given. */
const pathOf = (value: unknown, kinds: EditorPath['kind'][]) =>
  isEditorPath(value, ...kinds) ? value : undefined

/** Every address of an uploaded picture in a document, as its file's path. */
function uploadsIn(data: unknown): string[] {
  if (typeof data === 'string') {
    return data.startsWith(UPLOADS_PATH)
      ? [`${MEDIA_FOLDER}/${data.slice(UPLOADS_PATH.length)}`]
      : []
  }
  if (typeof data !== 'object' || data === null) return []
  return Object.values(data).flatMap(uploadsIn)
}

const sameBytes = (a: Buffer | null, b: Buffer | null) =>
  a === null || b === null ? a === b : a.equals(b)

/** «12.03.2026 14:05» in the school's time. */
const when = (iso: string) => schoolTime(iso).replace(',', '')

export class ContentHistory {
  readonly #repo: string
  readonly #ref: string
  readonly #store: ContentStore

  constructor({ repo, branch }: { repo: string; branch: string }, store: ContentStore) {
    this.#repo = repo
    this.#ref = `refs/heads/${branch}`
    this.#store = store
  }

  /** `history { path }`: the changes of an entry or a single file, newest first. */
  async changes(file: unknown): Promise<Answer<HistoryItem[]>> {
    const path = pathOf(file, ['entry', 'file'])
    if (path === undefined) return refuse(422, OUTSIDE)
    const commits = await this.#log([
      `--max-count=${HISTORY_MAX}`,
      this.#since(),
      this.#ref,
      '--',
      literal(path),
    ])
    const versions = await this.#files(
      commits.flatMap(({ commit, parent }) => (parent ? [commit, parent] : [commit])),
      path,
    )
    const text = (rev: string | null) => {
      const bytes = rev === null ? null : (versions.get(rev) ?? null)
      return bytes === null ? null : bytes.toString('utf8')
    }
    return {
      ok: true,
      body: commits.map(({ commit, parent, at, who, subject }) => ({
        commit,
        at,
        who,
        subject,
        changes: describeChanges(path, text(parent), text(commit)),
      })),
    }
  }

  /** `deletedEntries {}`: the entries deleted lately and not back since, newest first. */
  async deleted(): Promise<Answer<DeletedEntry[]>> {
    const output = await git(this.#repo, [
      'log',
      '--first-parent',
      '--no-renames',
      '--diff-filter=D',
      '--name-only',
      '-z',
      FORMAT,
      this.#since(),
      this.#ref,
      '--',
      ...ENTRY_FOLDERS.map((folder) => literal(`${CONTENT}/${folder}`)),
    ])
    // Each commit's fields, then the names it deleted (the first after a line break); an entry
    // deleted more than once is listed by its last deletion.
    const tokens = output.split('\0')
    const found: { file: string; deletion: Commit; before: Buffer | null }[] = []
    const seen = new Set<string>()
    let deletion: Commit | undefined
    for (let index = 0; index < tokens.length && found.length < HISTORY_MAX;) {
      const token = tokens[index]?.replace(/^\n/, '') ?? ''
      if (deletion === undefined || !token.startsWith(`${CONTENT}/`)) {
        if (token !== '') deletion = commitOf(tokens.slice(index, index + FIELDS))
        index += token === '' ? 1 : FIELDS
        continue
      }
      index += 1
      if (seen.has(token) || pathOf(token, ['entry']) === undefined || !deletion.parent) continue
      seen.add(token)
      if ((await this.#store.read(token)) !== null) continue
      const before = (await this.#files([deletion.parent], token)).get(deletion.parent) ?? null
      found.push({ file: token, deletion, before })
    }
    return {
      ok: true,
      body: found.map(({ file, deletion, before }) => ({
        path: file,
        commit: deletion.commit,
        at: deletion.at,
        who: deletion.who,
        title: describe(file, before === null ? undefined : parsed(before.toString('utf8'))),
      })),
    }
  }

  /**
   * `revert { path, commit }` and `restoreEntry { path, commit }`: the change that puts the file
   * back as it was before that commit (deleting it when the commit created it), with the pictures
   * that version shows and the branch no longer has (a course's picture deleted with the course).
   * The content service checks and commits it as a save.
   */
  async revert(
    params: Record<string, unknown>,
    restore: boolean,
  ): Promise<{ ok: true; change: Change } | Refused> {
    const path = pathOf(params.path, restore ? ['entry'] : ['entry', 'file'])
    if (path === undefined) return refuse(422, OUTSIDE)
    const id = params.commit
    if (
      typeof id !== 'string' ||
      !COMMIT_ID.test(id) ||
      !(await isAncestor(this.#repo, id, this.#ref))
    ) {
      return refuse(422, NO_SUCH_CHANGE)
    }
    const [commit] = await this.#log(['--max-count=1', id])
    if (commit === undefined) return refuse(422, NO_SUCH_CHANGE)
    const { parent } = commit
    const versions = await this.#files(parent ? [id, parent] : [id], path)
    const after = versions.get(id) ?? null
    const before = parent === null ? null : (versions.get(parent) ?? null)
    if (sameBytes(before, after)) return refuse(422, NO_SUCH_CHANGE)
    const now = await this.#store.read(path)
    if (restore && (after !== null || before === null)) return refuse(422, NOT_DELETED)
    if (restore && now !== null) return refuse(409, EXISTS_AGAIN)
    if (sameBytes(now, before)) return refuse(422, ALREADY)
    if (before === null && editorPath(path)?.kind === 'file') return refuse(422, NOT_DELETABLE)

    const write = new Map<string, Buffer>()
    if (before !== null && parent !== null) {
      write.set(path, before)
      for (const [picture, bytes] of await this.#missingPictures(before, parent)) {
        write.set(picture, bytes)
      }
    }
    const words = subjectOf(path, parsed((before ?? after ?? Buffer.alloc(0)).toString('utf8')))
    return {
      ok: true,
      change: {
        write,
        remove: before === null ? [path] : [],
        subject: commitSubject(`Возврат: ${words} — как было до ${when(commit.at)}`),
      },
    }
  }

  /**
   * The pictures a version uses that the work tree lacks, as they were at `rev`: bytes the
   * branch held (an upload re-encoded when it came, or a drawing the repository shipped).
   */
  async #missingPictures(version: Buffer, rev: string): Promise<Map<string, Buffer>> {
    const missing = new Map<string, Buffer>()
    for (const picture of new Set(uploadsIn(parsed(version.toString('utf8'))))) {
      if (pathOf(picture, ['picture']) === undefined) continue
      if ((await this.#store.read(picture)) !== null) continue
      const bytes = (await this.#files([rev], picture)).get(rev)
      if (bytes) missing.set(picture, bytes)
    }
    return missing
  }

  #since(): string {
    const since = new Date(Date.now() - HISTORY_DAYS * 24 * 60 * 60 * 1000)
    return `--since=${since.toISOString()}`
  }

  /** The commits `git log` lists for `args`, as the branch went (its first parents). */
  async #log(args: string[]): Promise<Commit[]> {
    const output = await git(this.#repo, [
      'log',
      '--first-parent',
      '--no-renames',
      '-z',
      FORMAT,
      ...args,
    ])
    const tokens = output.split('\0')
    const commits: Commit[] = []
    for (let index = 0; index + FIELDS <= tokens.length; index += FIELDS) {
      commits.push(commitOf(tokens.slice(index, index + FIELDS)))
    }
    return commits
  }

  /**
   * A file as it was in each of the commits (ids from git or checked), by commit: its bytes, or
   * null when the commit has no file there. One `cat-file --batch` for all.
   */
  async #files(commits: string[], file: string): Promise<Map<string, Buffer | null>> {
    const revs = [...new Set(commits)]
    const output = await gitBytes(this.#repo, ['cat-file', '--batch'], {
      input: revs.map((rev) => `${rev}:${file}\n`).join(''),
    })
    const found = new Map<string, Buffer | null>()
    let offset = 0
    for (const rev of revs) {
      const end = output.indexOf(0x0a, offset)
      const header = /^[0-9a-f]{40} (\w+) (\d+)$/.exec(output.subarray(offset, end).toString())
      offset = end + 1
      if (header === null) {
        found.set(rev, null)
        continue
      }
      const size = Number(header[2])
      found.set(rev, header[1] === 'blob' ? output.subarray(offset, offset + size) : null)
      offset += size + 1
    }
    return found
  }
}

/** A commit of the log's fields (FORMAT): id, parents, date, author, subject. */
function commitOf([commit = '', parents = '', at = '', who = '', subject = '']: string[]): Commit {
  return {
    commit: commit.replace(/^\n/, ''),
    parent: parents.split(' ')[0] || null,
    at: new Date(at).toISOString(),
    who,
    subject,
  }
}
