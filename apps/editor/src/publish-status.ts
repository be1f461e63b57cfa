import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { editorPath } from '@it-lab/shared/content'
import { parsePublishState, type PublishState } from '@it-lab/shared/publish-state'
import { SCHOOL_TIME_ZONE } from '@it-lab/shared/school-time'
import { git, isAncestor } from './git.ts'
import { parsed, subjectOf, withoutFieldPaths } from './subjects.ts'

// Whether the owner's saves are on the site (the content service's `publishState`): the editor
// said «Опубликовано» at once while the site changed minutes later, or never when publishing
// refused, and only the chat told which. Publishing leaves its state in EDITOR_PUBLISH_STATE
// (deploy/lib/editor-publish-state.ts); a save is live when its commit is the live commit or
// one of its ancestors in EDITOR_REPO, which publishing fetches from, so it knows the live commit.

export type StatusAnswer =
  { ok: true; body: PublishStatus } | { ok: false; status: 422; error: string }

type SaveStatus = {
  commit: string
  state: 'live' | 'waiting' | 'refused'
  /** What the editor shows beside the save, in Russian. */
  text: string
  /** Since when the live commit is on the site (ISO), for `live`. */
  since?: string
  /** Each reason, for `refused`. */
  reasons?: string[]
}

type PublishStatus = {
  /** The site is a preview before the launch: `notice` says what that means to her. */
  preview: boolean
  notice?: string
  saves: SaveStatus[]
}

type StatusOptions = {
  repo: string
  branch: string
  /** EDITOR_PUBLISH_STATE; none: nothing is known, every save waits. */
  publishStateFile?: string
}

/** More commits than a page of saves is not a question the editor asks. */
const MAX_COMMITS = 20

const UNCLEAR = 'Непонятный запрос редактора.'
const WAITING = 'Ждёт публикации'
const PREVIEW_NOTICE =
  'Сайт ещё не запущен: правки на нём видны, но каждая страница с полосой «Сайт готовится к запуску», а поисковики сайт пока не показывают.'

const day = new Intl.DateTimeFormat('ru-RU', {
  timeZone: SCHOOL_TIME_ZONE,
  day: 'numeric',
  month: 'long',
})
const time = new Intl.DateTimeFormat('ru-RU', {
  timeZone: SCHOOL_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
})

/** «14:32» today in the school's time, «3 марта, 14:32» on another day. */
export function liveSince(at: Date, now: Date): string {
  return day.format(at) === day.format(now)
    ? time.format(at)
    : `${day.format(at)}, ${time.format(at)}`
}

export class PublishStatusReader {
  readonly #options: StatusOptions

  constructor(options: StatusOptions) {
    this.#options = options
  }

  /** `{ commits }`: those saves; `{ path }`: the last save of that file; neither: the last save. */
  async answer(params: Record<string, unknown>): Promise<StatusAnswer> {
    const commits = await this.#commits(params)
    if (commits === undefined) return { ok: false, status: 422, error: UNCLEAR }
    const state = await this.#state()
    const saves = await Promise.all(commits.map((commit) => this.#save(commit, state)))
    const preview = state?.preview ?? false
    return { ok: true, body: { preview, ...(preview && { notice: PREVIEW_NOTICE }), saves } }
  }

  /** The full commits asked about, or undefined when the question is not one. */
  async #commits(params: Record<string, unknown>): Promise<string[] | undefined> {
    const { repo, branch } = this.#options
    const ref = `refs/heads/${branch}`
    if (params.commits !== undefined) {
      const asked = params.commits
      if (
        !Array.isArray(asked) ||
        asked.length > MAX_COMMITS ||
        !asked.every((commit) => typeof commit === 'string' && /^[0-9a-f]{7,64}$/.test(commit))
      ) {
        return undefined
      }
      const resolved = await Promise.all(
        asked.map((commit: string) =>
          git(repo, ['rev-parse', '--verify', '--quiet', `${commit}^{commit}`]).catch(() => ''),
        ),
      )
      return resolved.includes('') ? undefined : resolved
    }
    if (params.path !== undefined) {
      if (editorPath(params.path) === undefined) return undefined
      const last = await git(repo, [
        'log',
        '-1',
        '--format=%H',
        ref,
        '--',
        `:(literal)${String(params.path)}`,
      ])
      return last === '' ? [] : [last]
    }
    return [await git(repo, ['rev-parse', '--verify', `${ref}^{commit}`])]
  }

  async #state(): Promise<PublishState | undefined> {
    const file = this.#options.publishStateFile
    if (file === undefined) return undefined
    const text = await readFile(file, 'utf8').catch(() => undefined)
    return text === undefined ? undefined : parsePublishState(text)
  }

  async #save(commit: string, state: PublishState | undefined): Promise<SaveStatus> {
    if (state !== undefined && (await isAncestor(this.#options.repo, commit, state.liveCommit))) {
      const since = new Date(state.liveSince)
      return {
        commit,
        state: 'live',
        text: `На сайте с ${liveSince(since, new Date())}`,
        since: state.liveSince,
      }
    }
    const refused = state?.refused
    if (refused !== undefined && (await isAncestor(this.#options.repo, commit, refused.commit))) {
      const reasons = await Promise.all(refused.reasons.map((line) => this.#ownerLine(line)))
      const [first = 'публикация не прошла проверку'] = reasons
      const more = reasons.length > 1 ? ` (и ещё ${reasons.length - 1})` : ''
      return { commit, state: 'refused', text: `Не опубликовано: ${first}${more}`, reasons }
    }
    return { commit, state: 'waiting', text: WAITING }
  }

  /**
   * A line as the chat got it (`content/courses/4.json: поле «Цены» (prices.basic): …`), in the
   * editor's words: the file by the entry's name, as the editor's own refusals name it.
   */
  async #ownerLine(line: string): Promise<string> {
    const at = line.indexOf(': ')
    const file = at < 0 ? '' : line.slice(0, at)
    const found = editorPath(file)
    if (found === undefined) return withoutFieldPaths(line)
    const rest = withoutFieldPaths(line.slice(at + 2))
    if (found.kind === 'picture') return `картинка ${path.posix.basename(file)}: ${rest}`
    // The file as it is now: its name has not changed since the refused save, or has been fixed.
    const text = await git(this.#options.repo, ['show', `HEAD:${file}`]).catch(() => undefined)
    const name = subjectOf(file, text === undefined ? undefined : parsed(text))
    return `${name === file ? 'запись' : name}: ${rest}`
  }
}
