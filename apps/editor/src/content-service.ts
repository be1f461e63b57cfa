import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  CONTENT_ROOT as CONTENT,
  editorPath,
  formatProblem,
  ENTRY_FOLDERS,
  isEditorPath,
  MEDIA_FOLDER,
  SINGLE_FILES,
  UPLOADS_PATH,
  type ContentProblem,
} from '@it-lab/shared/content'
import {
  type Change,
  ContentStore,
  HeadMovedError,
  sha256,
  UnsafePathError,
} from './content-store.ts'
import { git, type GitIdentity } from './git.ts'
import { ContentHistory } from './history.ts'
import { cleanPicture } from './images.ts'
import {
  type ContentCheck,
  type FieldProblem,
  fieldProblem,
  type LaunchCheck,
} from './content-check.ts'
import { LaunchList } from './launch-list.ts'
import { MediaPreviews } from './media-previews.ts'
import { PublishStatusReader } from './publish-status.ts'
import { commitSubject, describe, parsed, subjectOf } from './subjects.ts'

// The content service (docs/decisions/0081-the-editor-as-a-door.md): the project's own answer to
// the editor's API (`{ action, params }`, the protocol of Decap's proxy backend, which the editor
// kept), on the school's repository.
// It reads and writes only the paths a collection of the editor names, re-encodes every picture,
// refuses a save the publish check would refuse or one over a newer version, and commits each
// save itself (content-store.ts). A refusal is a plain Russian sentence, which the editor shows;
// one by the check also lists its problems by field, for the editor to show each at its field.

export type ServiceAnswer = { status: number; body: unknown }

type Refusal = { status: 404 | 409 | 413 | 422 | 500; error: string; problems?: FieldProblem[] }
type Outcome = { ok: true; body: unknown } | ({ ok: false } & Refusal)

type ServiceOptions = {
  repo: string
  branch: string
  identity: GitIdentity
  check: ContentCheck
  /** The content check run for what blocks the launch (`launchBlockers`). */
  launchCheck?: LaunchCheck
  /** What publishing leaves for the editor (`publishState`); none: every save waits. */
  publishStateFile?: string
  /** The gateway's folder of the pictures' previews (`getMedia`); none: made on each request. */
  cacheDir?: string
  /** Told what the owner cannot be told (the operator's log). */
  warn: (message: string, details?: Record<string, unknown>) => void
}

const READS = new Set([
  'info',
  'entriesByFolder',
  'entriesByFiles',
  'getEntry',
  'getMedia',
  'getMediaFile',
  'getMediaPreview',
  'getDeployPreview',
  'publishState',
  'launchBlockers',
  'history',
  'deletedEntries',
])
const WRITES = new Set([
  'persistEntry',
  'persistMedia',
  'deleteFile',
  'deleteFiles',
  'revert',
  'restoreEntry',
])

/** A content file's text: far above any the schemas allow, far below the body limit. */
const ENTRY_MAX_CHARS = 1024 * 1024

const UNCLEAR = 'Непонятный запрос редактора.'
const UNKNOWN_ACTION = 'Этого редактор сайта не умеет.'
const OTHER_BRANCH = 'Редактор сохраняет правки только в основную версию сайта.'
const NO_WORKFLOW =
  'Черновики и согласование правок в редакторе сайта выключены: правка сохраняется сразу.'
const OUTSIDE =
  'Редактор меняет только записи своих разделов и картинки в папке загрузок, а эта правка затрагивает другие файлы.'
const ONE_FILE = 'Одна запись — один файл: эту правку редактор сохранить не может.'
const NOT_DELETABLE = 'Этот раздел удалить нельзя: его можно только изменить.'
const NEW_SAMPLE =
  'Новую запись нельзя отметить как образец: отметка «Образец» только у примеров, которые пришли с сайтом.'
const NO_ENTRY = 'Записи нет: её удалили или ещё не создали.'
const NO_PICTURE = 'Картинки нет: её удалили или ещё не загрузили.'
const STALE =
  'Эту запись уже изменили в другой вкладке или на другом устройстве. Чтобы не стереть те изменения, обновите страницу: откроется последняя версия, и вы сможете внести правку заново.'
const BUSY =
  'Сохранить сейчас нельзя: копия сайта на сервере занята другой работой. Попробуйте через несколько минут, а если не получится — сообщите администратору.'
const UNSAFE =
  'Сохранить нельзя: файлы сайта на сервере устроены не так, как должны (ссылка вместо файла или папки). Сообщите администратору.'
const CHECK_FAILED =
  'Не удалось проверить запись перед сохранением. Попробуйте ещё раз через минуту, а если не получится — сообщите администратору.'
const SERVER_FAILED =
  'Не получилось выполнить действие на сервере. Попробуйте ещё раз, а если не получится — сообщите администратору.'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value])

const refuse = (status: Refusal['status'], error: string) => ({ ok: false as const, status, error })

/** Every value of a JSON document, depth first. */
function* values(data: unknown): Generator<unknown> {
  yield data
  if (Array.isArray(data)) for (const item of data) yield* values(item)
  else if (isRecord(data)) for (const item of Object.values(data)) yield* values(item)
}

/** An entry marked «Образец» (`"sample": true`). */
const isSample = (data: unknown) => isRecord(data) && data.sample === true

/** The public address of an upload (`content/uploads/a.png` → `/uploads/a.png`). */
const publicPath = (upload: string) => `${UPLOADS_PATH}${upload.slice(MEDIA_FOLDER.length + 1)}`

/** A picture the editor may write (a raster file in the media folder). */
const writablePicture = (value: unknown): value is string => {
  const found = editorPath(value)
  return found?.kind === 'picture' && found.writable
}

/**
 * Copies the regular files and folders of `from` to `to`: a link or anything else is left out, so
 * nothing written into the copy can land outside it.
 */
async function copyRegular(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true })
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (entry.isDirectory())
      await copyRegular(path.join(from, entry.name), path.join(to, entry.name))
    else if (entry.isFile()) await copyFile(path.join(from, entry.name), path.join(to, entry.name))
  }
}

export class ContentService {
  readonly #options: ServiceOptions
  readonly #store: ContentStore
  /** The check's problems of the committed content, by the commit: a save needs only "after". */
  #before: { head: string; problems: string[] } | undefined
  /** Writes run one at a time, from the checks to the commit. */
  #queue: Promise<unknown> = Promise.resolve()
  readonly #previews: MediaPreviews
  readonly #launch: LaunchList

  constructor(options: ServiceOptions) {
    this.#options = options
    this.#store = new ContentStore(options)
    this.#previews = new MediaPreviews({ ...options, read: (file) => this.#store.read(file) })
    this.#launch = new LaunchList({
      ...options,
      state: () => this.#contentState(),
      snapshot: (to) => copyRegular(path.join(options.repo, CONTENT), to),
    })
  }

  /** Answers one request of the editor's API. */
  async handle(body: unknown): Promise<ServiceAnswer> {
    const outcome: Outcome = await this.#answer(body).catch((error: unknown) => {
      if (error instanceof UnsafePathError) {
        this.#options.warn('a path in the editor repository is not a regular file or folder', {
          err: error.message,
        })
        return refuse(422, UNSAFE)
      }
      if (error instanceof HeadMovedError) return refuse(409, BUSY)
      this.#options.warn('the content service failed', { err: String(error) })
      return refuse(500, SERVER_FAILED)
    })
    if (outcome.ok) return { status: 200, body: outcome.body }
    const { status, error, problems } = outcome
    return { status, body: problems === undefined ? { error } : { error, problems } }
  }

  async #answer(body: unknown): Promise<Outcome> {
    if (!isRecord(body) || typeof body.action !== 'string') return refuse(422, UNCLEAR)
    const params = body.params ?? {}
    if (!isRecord(params)) return refuse(422, UNCLEAR)
    const { action } = body
    if (!READS.has(action) && !WRITES.has(action)) return refuse(422, UNKNOWN_ACTION)
    if (params.branch !== undefined && params.branch !== this.#options.branch) {
      return refuse(422, OTHER_BRANCH)
    }
    if (isRecord(params.options) && params.options.useWorkflow) return refuse(422, NO_WORKFLOW)
    if (READS.has(action)) return this.#read(action, params)
    const turn = this.#queue.then(() => this.#write(action, params))
    this.#queue = turn.catch(() => undefined)
    return turn
  }

  async #read(action: string, params: Record<string, unknown>): Promise<Outcome> {
    switch (action) {
      case 'info':
        return {
          ok: true,
          body: {
            repo: path.basename(this.#options.repo),
            publish_modes: ['simple'],
            type: 'local_git',
          },
        }
      case 'getDeployPreview':
        return { ok: true, body: null }
      case 'publishState':
        return new PublishStatusReader(this.#options).answer(params)
      case 'launchBlockers':
        return this.#launch.answer()
      case 'entriesByFolder': {
        const folder = params.folder
        if (!ENTRY_FOLDERS.some((name) => folder === `${CONTENT}/${name}`)) {
          return refuse(422, OUTSIDE)
        }
        const files = await this.#store.list(String(folder), (file) => isEditorPath(file, 'entry'))
        return { ok: true, body: await this.#entries(files.map((file) => ({ path: file }))) }
      }
      case 'entriesByFiles': {
        const files = list(params.files)
        const named = files.map((file) => (isRecord(file) ? file : {}))
        if (!named.every((file) => isEditorPath(file.path, 'entry', 'file')))
          return refuse(422, OUTSIDE)
        return { ok: true, body: await this.#entries(named as { path: string; label?: unknown }[]) }
      }
      case 'getEntry': {
        if (!isEditorPath(params.path, 'entry', 'file')) return refuse(422, OUTSIDE)
        const [entry] = await this.#entries([{ path: params.path }])
        // A missing file is told as such, not as an empty entry.
        if (entry === undefined || entry.data === null) return refuse(404, NO_ENTRY)
        return { ok: true, body: entry }
      }
      case 'history':
        return new ContentHistory(this.#options, this.#store).changes(params.path)
      case 'deletedEntries':
        return new ContentHistory(this.#options, this.#store).deleted()
      case 'getMedia': {
        if (params.mediaFolder !== MEDIA_FOLDER) return refuse(422, OUTSIDE)
        const files = await this.#store.list(MEDIA_FOLDER, (file) => isEditorPath(file, 'picture'))
        return { ok: true, body: await this.#previews.list(files) }
      }
      case 'getMediaPreview': {
        if (!isEditorPath(params.path, 'picture')) return refuse(422, OUTSIDE)
        const preview = await this.#previews.one(params.path)
        return preview ? { ok: true, body: preview } : refuse(404, NO_PICTURE)
      }
      default: {
        if (!isEditorPath(params.path, 'picture')) return refuse(422, OUTSIDE)
        const file = await this.#mediaFile(params.path)
        return file ? { ok: true, body: file } : refuse(422, OUTSIDE)
      }
    }
  }

  /** Entries as the editor's API gives them: the text and the file's sha256 (null when absent). */
  async #entries(files: { path: string; label?: unknown }[]) {
    return Promise.all(
      files.map(async ({ path: file, label }) => {
        const bytes = await this.#store.read(file)
        return {
          data: bytes === null ? null : bytes.toString('utf8'),
          file: { path: file, label, id: bytes === null ? null : sha256(bytes) },
        }
      }),
    )
  }

  async #mediaFile(file: string) {
    const bytes = await this.#store.read(file)
    if (bytes === null) return undefined
    return {
      id: sha256(bytes),
      content: bytes.toString('base64'),
      encoding: 'base64',
      path: file,
      name: path.posix.basename(file),
    }
  }

  async #write(action: string, params: Record<string, unknown>): Promise<Outcome> {
    const branch = await this.#store.currentBranch()
    if (branch !== this.#options.branch) {
      this.#options.warn('save refused: the editor repository is not on its branch', {
        expectedBranch: this.#options.branch,
        branch: branch || '(detached)',
      })
      return refuse(409, BUSY)
    }
    const stale = await this.#stale(params.baseIds)
    if (stale !== false) return stale
    switch (action) {
      case 'persistMedia':
        return this.#media(params)
      case 'persistEntry':
        return this.#entry(params)
      case 'revert':
      case 'restoreEntry': {
        const history = new ContentHistory(this.#options, this.#store)
        const reverted = await history.revert(params, action === 'restoreEntry')
        return reverted.ok ? this.#commitChecked(reverted.change) : reverted
      }
      default:
        return this.#delete(list(action === 'deleteFile' ? params.path : params.paths))
    }
  }

  /** Whether a file changed since the tab read it (its `baseIds`: path → sha256 or null). */
  async #stale(baseIds: unknown): Promise<false | Outcome> {
    if (baseIds === undefined) return false
    if (!isRecord(baseIds)) return refuse(422, UNCLEAR)
    for (const [file, id] of Object.entries(baseIds)) {
      if (!isEditorPath(file, 'entry', 'file', 'picture')) return refuse(422, OUTSIDE)
      const bytes = await this.#store.read(file)
      if ((bytes === null ? null : sha256(bytes)) !== id) return refuse(409, STALE)
    }
    return false
  }

  /** Pictures re-encoded (images.ts), or the first refusal. */
  async #pictures(assets: unknown[]): Promise<Map<string, Buffer> | Refusal> {
    const pictures = new Map<string, Buffer>()
    for (const asset of assets) {
      if (
        !isRecord(asset) ||
        typeof asset.path !== 'string' ||
        asset.encoding !== 'base64' ||
        typeof asset.content !== 'string'
      ) {
        return { status: 422, error: UNCLEAR }
      }
      if (path.posix.dirname(asset.path) !== MEDIA_FOLDER) return { status: 422, error: OUTSIDE }
      // What the file is comes first («не картинка», «SVG не принимает»), then its name.
      const cleaned = await cleanPicture(asset.path, Buffer.from(asset.content, 'base64'))
      if (!cleaned.ok) return cleaned
      if (!writablePicture(asset.path)) return { status: 422, error: OUTSIDE }
      pictures.set(asset.path, cleaned.bytes)
    }
    return pictures
  }

  async #media(params: Record<string, unknown>): Promise<Outcome> {
    const pictures = await this.#pictures([params.asset])
    if (!(pictures instanceof Map)) return { ok: false, ...pictures }
    const [file = ''] = pictures.keys()
    await this.#store.commit({
      write: pictures,
      remove: [],
      subject: commitSubject(`Загружена картинка ${path.posix.basename(file)}`),
    })
    // The answer is the picture as stored: the re-encoded one.
    return { ok: true, body: await this.#mediaFile(file) }
  }

  async #entry(params: Record<string, unknown>): Promise<Outcome> {
    const dataFiles = params.dataFiles ?? (params.entry === undefined ? [] : [params.entry])
    if (!Array.isArray(dataFiles) || dataFiles.length !== 1) return refuse(422, ONE_FILE)
    const [dataFile] = dataFiles as unknown[]
    if (!isRecord(dataFile) || typeof dataFile.raw !== 'string') return refuse(422, UNCLEAR)
    if (dataFile.raw.length > ENTRY_MAX_CHARS) return refuse(413, UNCLEAR)
    const from = dataFile.path
    const to = dataFile.newPath ?? from
    if (!isEditorPath(from, 'entry', 'file') || !isEditorPath(to, 'entry', 'file')) {
      return refuse(422, OUTSIDE)
    }
    // A rename moves this one entry within its own folder, nothing else; a single section (the
    // facts, the page texts) keeps its name.
    if (
      to !== from &&
      (!isEditorPath(from, 'entry') || path.posix.dirname(to) !== path.posix.dirname(from))
    ) {
      return refuse(422, OUTSIDE)
    }
    const raw = dataFile.raw
    // The release build refuses a sample (docs/decisions/0073-sample-entries.md): only the shipped
    // ones keep the mark, so whatever the owner writes herself reaches the launch.
    // A rename keeps the mark of the file it renames.
    const before = await this.#store.read(from)
    const wasSample = before !== null && isSample(parsed(before.toString('utf8')))
    if (isSample(parsed(raw)) && !wasSample) return refuse(422, NEW_SAMPLE)
    const pictures = await this.#pictures(list(params.assets ?? []))
    if (!(pictures instanceof Map)) return { ok: false, ...pictures }
    const change = new Map<string, Buffer>([[to, Buffer.from(raw)], ...pictures])
    const removed = to === from ? [] : [from]
    // The chat repeats the subject: «✅ Опубликовано: «Правка: курс 4 — …»».
    const isNew = (await this.#store.read(to)) === null
    const subject = `${isNew ? 'Новое' : 'Правка'}: ${subjectOf(to, parsed(raw))}`
    return this.#commitChecked({ write: change, remove: removed, subject: commitSubject(subject) })
  }

  async #delete(requested: unknown[]): Promise<Outcome> {
    if (!requested.every((file) => isEditorPath(file, 'entry', 'picture'))) {
      return requested.every((file) => isEditorPath(file, 'entry', 'file', 'picture'))
        ? refuse(422, NOT_DELETABLE)
        : refuse(422, OUTSIDE)
    }
    const files = requested as string[]
    const deleted = new Set(files)
    const documents = await this.#documents()
    const remaining = documents.filter(({ file }) => !deleted.has(file))
    const users = (upload: string) =>
      remaining.filter(({ data }) => [...values(data)].includes(publicPath(upload)))

    for (const file of files.filter((file) => isEditorPath(file, 'picture'))) {
      const using = users(file)
      if (using.length > 0) {
        const where = using.map(({ file: user, data }) => describe(user, data)).join(', ')
        return refuse(
          409,
          `Картинку «${path.posix.basename(file)}» нельзя удалить: она нужна на сайте — ${where}. Сначала выберите там другую картинку.`,
        )
      }
    }
    // A course's picture goes with the course, in the same commit, unless another page uses it;
    // so does a teacher's photo and a photo of the school.
    const pictureOf: Record<string, string> = {
      [`${CONTENT}/courses/`]: 'image',
      [`${CONTENT}/teachers/`]: 'photo',
      [`${CONTENT}/photos/`]: 'image',
    }
    for (const { file, data } of documents) {
      const field = Object.entries(pictureOf).find(([folder]) => file.startsWith(folder))?.[1]
      if (!deleted.has(file) || field === undefined || !isRecord(data)) continue
      const image = data[field]
      if (typeof image !== 'string' || !image.startsWith(UPLOADS_PATH)) continue
      const upload = `${MEDIA_FOLDER}/${image.slice(UPLOADS_PATH.length)}`
      if (!isEditorPath(upload, 'picture') || users(upload).length > 0) continue
      if ((await this.#store.read(upload)) !== null) deleted.add(upload)
    }

    const gone = files.map((file) => {
      const document = documents.find((candidate) => candidate.file === file)
      return document ? subjectOf(file, document.data) : `картинка ${path.posix.basename(file)}`
    })
    return this.#commitChecked({
      write: new Map(),
      remove: [...deleted],
      subject: commitSubject(`Удалено: ${gone.join(', ')}`),
    })
  }

  /**
   * A change (a save, a delete, a return to an old version) applied to a scratch copy, checked by
   * the publish check, and committed when it brings no new problem.
   */
  async #commitChecked(change: Change): Promise<Outcome> {
    const introduced = await this.#introducedProblems(async (root) => {
      for (const file of change.remove) await rm(path.join(root, file), { force: true })
      for (const [file, bytes] of change.write) {
        await mkdir(path.dirname(path.join(root, file)), { recursive: true })
        await writeFile(path.join(root, file), bytes)
      }
    })
    if (!('introduced' in introduced)) return { ok: false, ...introduced }
    if (introduced.introduced.length > 0) {
      return {
        ...refuse(422, introduced.introduced.map(formatProblem).join('\n')),
        problems: introduced.introduced.map(fieldProblem),
      }
    }
    const commit = await this.#store.commit(change)
    await this.#remember(introduced.after)
    return { ok: true, body: { message: 'entry persisted', commit } }
  }

  /** Every entry and single file of the editor's collections, with its data. */
  async #documents(): Promise<{ file: string; data: unknown }[]> {
    const entries = await Promise.all(
      ENTRY_FOLDERS.map((folder) =>
        this.#store.list(`${CONTENT}/${folder}`, (file) => isEditorPath(file, 'entry')),
      ),
    )
    const files = [...entries.flat(), ...SINGLE_FILES]
    const documents = await Promise.all(
      files.map(async (file) => {
        const bytes = await this.#store.read(file)
        return { file, data: bytes === null ? undefined : parsed(bytes.toString('utf8')) }
      }),
    )
    return documents
  }

  /**
   * The check's problems with the change applied (by `apply`, on a scratch copy of the
   * repository's content/) that it did not have before: a problem already there is not the
   * owner's doing now.
   */
  async #introducedProblems(
    apply: (root: string) => Promise<void>,
  ): Promise<{ introduced: ContentProblem[]; after: string[] } | Refusal> {
    const { repo, check, warn } = this.#options
    const scratch = await mkdtemp(path.join(tmpdir(), 'it-lab-editor-check-'))
    try {
      const after = path.join(scratch, 'after')
      await copyRegular(path.join(repo, CONTENT), path.join(after, CONTENT))
      await apply(after)
      const [before, problems] = await Promise.all([
        this.#problemsBefore(path.join(scratch, 'before', CONTENT)),
        check(path.join(after, CONTENT)),
      ])
      // A problem is known by its line: the same file, field, rule and value.
      return {
        introduced: problems.filter((problem) => !before.includes(formatProblem(problem))),
        after: problems.map(formatProblem),
      }
    } catch (error) {
      warn('the content check could not run', { err: String(error) })
      return { status: 500, error: CHECK_FAILED }
    } finally {
      await rm(scratch, { recursive: true, force: true })
    }
  }

  async #contentState(): Promise<{ head: string; clean: boolean }> {
    const { repo } = this.#options
    const head = await git(repo, ['rev-parse', 'HEAD'])
    const status = await git(repo, [
      'status',
      '--porcelain',
      '--untracked-files=all',
      '--',
      CONTENT,
    ])
    return { head, clean: status === '' }
  }

  /** After a save: its content is the commit's, whose problems the check already listed. */
  async #remember(problems: string[]): Promise<void> {
    const { head, clean } = await this.#contentState()
    this.#before = clean ? { head, problems } : undefined
  }

  /** The current content's problems; remembered per commit while content/ has no edits. */
  async #problemsBefore(copy: string): Promise<string[]> {
    const { head, clean } = await this.#contentState()
    if (clean && this.#before?.head === head) return this.#before.problems
    await copyRegular(path.join(this.#options.repo, CONTENT), copy)
    const problems = (await this.#options.check(copy)).map(formatProblem)
    if (clean) this.#before = { head, problems }
    return problems
  }
}
