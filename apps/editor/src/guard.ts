import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { UPLOADS_PATH } from '@it-lab/shared/content'
import { imageRefusal } from './images.ts'

// What the gateway lets through to decap-server (docs/decisions/0065-editor-on-the-school-server.md):
// only paths under content/, only images as pictures, no save over a newer version, no edit the
// publish check would refuse, no picture deleted while a page uses it. A refusal is a plain
// Russian sentence: Decap shows it as «Не удалось сохранить запись: …».

const run = promisify(execFile)

/** Decap's proxy API: `{ action, params }` (decap-cms-backend-proxy). */
export type DecapRequest = { action: string; params: Record<string, unknown> }

type Refusal = { status: 401 | 403 | 409 | 413 | 422 | 500; error: string }

/** What to send on: the request as decap-server should get it. */
type Verdict =
  { ok: true; request: DecapRequest; problemsAfter?: string[] } | ({ ok: false } & Refusal)

type DataFile = { path: string; raw: string; newPath?: string }
type Asset = { path: string; content: string; encoding: string }

const READS = new Set([
  'info',
  'entriesByFolder',
  'entriesByFiles',
  'getEntry',
  'getMedia',
  'getMediaFile',
  'getDeployPreview',
])
const WRITES = new Set(['persistEntry', 'persistMedia', 'deleteFile', 'deleteFiles'])

const CONTENT = 'content'
const UPLOADS = `${CONTENT}/uploads/`

const STALE =
  'Эту запись уже изменили в другой вкладке или на другом устройстве. Чтобы не стереть те изменения, обновите страницу: откроется последняя версия, и вы сможете внести правку заново.'
const OUTSIDE =
  'Редактор меняет только содержимое сайта (папку content), а эта правка затрагивает другие файлы.'
const BUSY =
  'Сохранить сейчас нельзя: копия сайта на сервере занята другой работой. Попробуйте через несколько минут, а если не получится — сообщите администратору.'
const CHECK_FAILED =
  'Не удалось проверить запись перед сохранением. Попробуйте ещё раз через минуту, а если не получится — сообщите администратору.'

/** A path under content/, written as Decap writes it: no `..`, no `./`, no backslash. */
function isContentPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.includes('\\') || value.includes('\0')) return false
  if (path.posix.normalize(value) !== value) return false
  return value === CONTENT || (value.startsWith(`${CONTENT}/`) && !value.split('/').includes('..'))
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const strings = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value])

/** Every repository path a request names (read or written). */
function namedPaths(action: string, params: Record<string, unknown>): unknown[] {
  switch (action) {
    case 'entriesByFolder':
      return [params.folder]
    case 'entriesByFiles':
      return strings(params.files).map((file) => (isRecord(file) ? file.path : file))
    case 'getEntry':
    case 'getMediaFile':
    case 'deleteFile':
      return [params.path]
    case 'getMedia':
      return [params.mediaFolder]
    case 'persistEntry':
      return [
        ...strings(params.dataFiles).flatMap((file) =>
          isRecord(file)
            ? [file.path, ...(file.newPath === undefined ? [] : [file.newPath])]
            : [file],
        ),
        ...strings(params.assets ?? []).map((asset) => (isRecord(asset) ? asset.path : asset)),
      ]
    case 'persistMedia':
      return [isRecord(params.asset) ? params.asset.path : params.asset]
    case 'deleteFiles':
      return strings(params.paths)
    default:
      return []
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

async function readOrNull(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/** Every value of a JSON document, depth first. */
function* values(data: unknown): Generator<unknown> {
  yield data
  if (Array.isArray(data)) for (const item of data) yield* values(item)
  else if (isRecord(data)) for (const item of Object.values(data)) yield* values(item)
}

/** A group by its course and time: «группа курса 4, 10:00–11:30» (docs/decisions/0075). */
function groupSubject(data: unknown): string {
  if (!isRecord(data)) return 'группа'
  const course = typeof data.course === 'string' || typeof data.course === 'number'
  const time = typeof data.start === 'string' && typeof data.end === 'string'
  return [
    'группа',
    course ? ` курса ${String(data.course)}` : '',
    time ? `, ${data.start}–${data.end}` : '',
  ].join('')
}

/** A question or a review, by its words: «вопрос «Сколько длится занятие?»», «отзыв мамы Маши». */
function answersSubject(file: string, data: unknown): string | undefined {
  const field = (name: string) =>
    isRecord(data) && typeof data[name] === 'string' ? `«${data[name]}»` : ''
  if (file.startsWith(`${CONTENT}/faq/`)) return `вопрос ${field('question')}`.trim()
  if (file.startsWith(`${CONTENT}/reviews/`)) return `отзыв ${field('author')}`.trim()
  return undefined
}

/** How the owner knows a content file: by its editor section and title. */
function describe(file: string, data: unknown): string {
  const title = isRecord(data) && typeof data.title === 'string' ? `«${data.title}»` : ''
  if (file.startsWith(`${CONTENT}/courses/`)) return `курс ${title}`.trim()
  if (file.startsWith(`${CONTENT}/announcements/`)) return `объявление ${title}`.trim()
  if (file.startsWith(`${CONTENT}/groups/`)) return groupSubject(data)
  const named = (key: string) => (isRecord(data) && typeof data[key] === 'string' ? data[key] : '')
  if (file.startsWith(`${CONTENT}/teachers/`)) return `преподаватель ${named('name')}`.trim()
  if (file.startsWith(`${CONTENT}/photos/`)) {
    return `фото ${named('alt') ? `«${named('alt')}»` : ''}`.trim()
  }
  const answers = answersSubject(file, data)
  if (answers) return answers
  const sections: Record<string, string> = {
    [`${CONTENT}/school.json`]: '«Сведения о школе → Контакты и реквизиты»',
    [`${CONTENT}/prizes.json`]: '«Сведения о школе → Призы»',
    [`${CONTENT}/trial-offer.json`]: '«Сведения о школе → Пробный урок»',
  }
  return sections[file] ?? file
}

/** What a content file is, for a commit's subject: plain words, no file names. */
function subjectOf(file: string, data: unknown): string {
  const title = isRecord(data) && typeof data.title === 'string' ? data.title : ''
  const id = isRecord(data) && typeof data.id === 'number' ? `${data.id} ` : ''
  if (file.startsWith(`${CONTENT}/courses/`)) return `курс ${id}${title ? `— ${title}` : ''}`.trim()
  if (file.startsWith(`${CONTENT}/announcements/`)) return `объявление ${title}`.trim()
  if (file.startsWith(`${CONTENT}/groups/`)) return groupSubject(data)
  // «Новое: преподаватель Имя Фамилия», «Правка: фото «Дети собирают робота»».
  if (file.startsWith(`${CONTENT}/teachers/`) || file.startsWith(`${CONTENT}/photos/`)) {
    return describe(file, data)
  }
  const answers = answersSubject(file, data)
  if (answers) return answers
  const named: Record<string, string> = {
    [`${CONTENT}/pages/home.json`]: 'тексты главной страницы',
    [`${CONTENT}/pages/course.json`]: 'тексты страницы курса',
    [`${CONTENT}/pages/other.json`]: 'тексты каталога, объявлений и записи',
    [`${CONTENT}/pages/search.json`]: 'заголовки и описания для поиска',
  }
  return named[file] ?? describe(file, data)
}

/** Decap's options with the commit's subject in the owner's words (Decap's: «Update Курсы “4”»). */
const withSubject = (params: Record<string, unknown>, subject: string) => ({
  ...(isRecord(params.options) ? params.options : {}),
  commitMessage: subject,
})

/** A JSON file's data, or nothing when it does not parse. */
function parsed(raw: string): unknown {
  try {
    return JSON.parse(raw)
  } catch {
    return undefined
  }
}

/** The public address of an upload (`content/uploads/a.png` → `/uploads/a.png`). */
const publicPath = (upload: string) => `${UPLOADS_PATH}${upload.slice(UPLOADS.length)}`

export type ContentCheck = (contentDir: string) => Promise<string[]>

/**
 * The publish check itself (apps/site/scripts/content-check.ts) on a copy of content/: its
 * problems, one Russian line each. Throws when the check could not run.
 */
export function contentCheckScript(script: string): ContentCheck {
  return async (contentDir) => {
    // The gateway's own settings (the password hash) are no business of the check.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith('EDITOR_')),
    )
    try {
      await run(process.execPath, [script], {
        // A hung check must not hold every later save: it is then a failure to check.
        timeout: 120_000,
        env: { ...env, CONTENT_DIR: contentDir },
        maxBuffer: 16 * 1024 * 1024,
      })
      return []
    } catch (error) {
      const { code, stderr } = error as { code?: unknown; stderr?: string }
      const lines = (stderr ?? '').split('\n')
      if (code !== 1 || !lines[0]?.startsWith('Содержимое сайта не прошло проверку')) throw error
      return lines
        .slice(1)
        .filter((line) => line.startsWith('  '))
        .map((line) => line.trim())
    }
  }
}

type GuardOptions = {
  repo: string
  branch: string
  check: ContentCheck
  /** Told what the owner cannot be told (the operator's log). */
  warn: (message: string, details?: Record<string, unknown>) => void
}

export class Guard {
  readonly #options: GuardOptions
  /** The check's problems of the committed content, by the commit: a save needs only "after". */
  #before: { head: string; problems: string[] } | undefined
  /** Writes run one at a time, from the checks to decap-server's commit. */
  #queue: Promise<unknown> = Promise.resolve()
  /**
   * And every request reaches decap-server one at a time: it waits at most 3 s for its own lock,
   * then fails the request ("Request timed out"), which a slow commit on a busy server would cause.
   */
  #decapQueue: Promise<unknown> = Promise.resolve()

  constructor(options: GuardOptions) {
    this.#options = options
  }

  /**
   * Runs `send` for a permitted request (one write at a time, so the checks still hold when
   * decap-server commits), or returns the refusal.
   */
  async handle<T>(
    body: unknown,
    send: (request: DecapRequest) => Promise<T>,
  ): Promise<{ ok: true; result: T } | ({ ok: false } & Refusal)> {
    const verdict = this.#shape(body)
    if (!verdict.ok) return verdict
    const sendAlone = (request: DecapRequest) => {
      const sent = this.#decapQueue.then(() => send(request))
      this.#decapQueue = sent.catch(() => undefined)
      return sent
    }
    if (!WRITES.has(verdict.request.action)) {
      return { ok: true, result: await sendAlone(verdict.request) }
    }
    const turn = this.#queue.then(async () => {
      const checked = await this.#checkWrite(verdict.request)
      if (!checked.ok) return checked
      const result = await sendAlone(checked.request)
      if (checked.problemsAfter) await this.#remember(checked.problemsAfter)
      return { ok: true as const, result }
    })
    this.#queue = turn.catch(() => undefined)
    return turn
  }

  /** The action is one the editor uses, every path is under content/, the branch is ours. */
  #shape(body: unknown): Verdict {
    if (!isRecord(body) || typeof body.action !== 'string' || !isRecord(body.params ?? {})) {
      return { ok: false, status: 422, error: 'Непонятный запрос редактора.' }
    }
    const { action } = body
    const params = { ...((body.params as Record<string, unknown> | undefined) ?? {}) }
    if (!READS.has(action) && !WRITES.has(action)) {
      return { ok: false, status: 422, error: 'Этого редактор сайта не умеет.' }
    }
    if (!namedPaths(action, params).every(isContentPath)) {
      return { ok: false, status: 422, error: OUTSIDE }
    }
    // Always the editor's branch, whatever the page asks for.
    params.branch = this.#options.branch
    return { ok: true, request: { action, params } }
  }

  async #checkWrite(request: DecapRequest): Promise<Verdict> {
    const { params } = request
    const busy = await this.#repoBusy()
    if (busy) return { ok: false, status: 409, error: BUSY }
    const stale = await this.#stale(params.baseIds)
    if (stale) return { ok: false, status: 409, error: STALE }
    const forwarded = { ...params }
    delete forwarded.baseIds
    switch (request.action) {
      case 'persistMedia':
        return this.#media(request, forwarded)
      case 'persistEntry':
        return this.#entry(request, forwarded)
      default:
        return this.#delete(request, forwarded)
    }
  }

  /** A checkout on another branch, or with changes outside content/ that `git add .` would take. */
  async #repoBusy(): Promise<boolean> {
    const { repo, branch, warn } = this.#options
    const head = await this.#git('symbolic-ref', '--quiet', '--short', 'HEAD').catch(() => '')
    const status = await this.#git('status', '--porcelain', '--untracked-files=all')
    // `XY path` or `XY old -> new`; a quoted (unusual) name counts as outside content/.
    const outside = status
      .split('\n')
      .filter((line) => line.length > 3)
      .flatMap((line) => line.slice(3).split(' -> '))
      .filter((file) => !isContentPath(file))
    if (head === branch && outside.length === 0) return false
    warn('save refused: the editor repository is not clean on its branch', {
      repo,
      expectedBranch: branch,
      branch: head || '(detached)',
      changedOutsideContent: outside.slice(0, 10),
    })
    return true
  }

  async #git(...args: string[]): Promise<string> {
    const { stdout } = await run('git', args, {
      cwd: this.#options.repo,
      maxBuffer: 16 * 1024 * 1024,
    })
    return stdout.trimEnd()
  }

  /** Whether a file changed since the tab read it (its `baseIds`: path → sha256 or null). */
  async #stale(baseIds: unknown): Promise<boolean> {
    if (baseIds === undefined) return false
    if (!isRecord(baseIds)) return true
    for (const [file, id] of Object.entries(baseIds)) {
      if (!isContentPath(file)) return true
      const bytes = await readOrNull(path.join(this.#options.repo, file))
      if ((bytes === null ? null : sha256(bytes)) !== id) return true
    }
    return false
  }

  #media(request: DecapRequest, params: Record<string, unknown>): Verdict {
    const asset = params.asset as Asset
    const refusal = this.#assetRefusal(asset)
    if (refusal) return { ok: false, ...refusal }
    const subject = `Загружена картинка ${path.posix.basename(asset.path)}`
    return {
      ok: true,
      request: {
        action: request.action,
        params: { ...params, options: withSubject(params, subject) },
      },
    }
  }

  #assetRefusal(asset: Asset): Refusal | undefined {
    if (
      !asset.path.startsWith(UPLOADS) ||
      asset.encoding !== 'base64' ||
      typeof asset.content !== 'string'
    ) {
      return { status: 422, error: 'Картинки хранятся только в папке загрузок редактора.' }
    }
    const bytes = Buffer.from(asset.content, 'base64')
    const refusal = imageRefusal(path.posix.basename(asset.path), bytes)
    if (refusal === undefined) return undefined
    return { status: refusal.includes('слишком большая') ? 413 : 422, error: refusal }
  }

  async #entry(request: DecapRequest, params: Record<string, unknown>): Promise<Verdict> {
    const dataFiles = strings(params.dataFiles) as DataFile[]
    const assets = strings(params.assets ?? []) as Asset[]
    if (!dataFiles.every((file) => isRecord(file) && typeof file.raw === 'string')) {
      return { ok: false, status: 422, error: 'Непонятный запрос редактора.' }
    }
    for (const asset of assets) {
      const refusal = this.#assetRefusal(asset)
      if (refusal) return { ok: false, ...refusal }
    }
    const introduced = await this.#introducedProblems(async (content) => {
      for (const file of dataFiles) {
        const target = path.join(content, '..', file.newPath ?? file.path)
        if (file.newPath !== undefined)
          await rm(path.join(content, '..', file.path), { force: true })
        await mkdir(path.dirname(target), { recursive: true })
        await writeFile(target, file.raw)
      }
      for (const asset of assets) {
        await mkdir(path.dirname(path.join(content, '..', asset.path)), { recursive: true })
        await writeFile(path.join(content, '..', asset.path), Buffer.from(asset.content, 'base64'))
      }
    })
    if (!('introduced' in introduced)) return { ok: false, ...introduced }
    if (introduced.introduced.length > 0) {
      return { ok: false, status: 422, error: introduced.introduced.join('\n') }
    }
    // The chat repeats the subject: «✅ Опубликовано: «Правка: курс 4 — …»».
    const [first] = dataFiles
    const file = first?.newPath ?? first?.path ?? ''
    const isNew = (await readOrNull(path.join(this.#options.repo, file))) === null
    const subject = `${isNew ? 'Новое' : 'Правка'}: ${subjectOf(file, parsed(first?.raw ?? ''))}`
    return {
      ok: true,
      request: {
        action: request.action,
        params: { ...params, options: withSubject(params, subject) },
      },
      problemsAfter: introduced.after,
    }
  }

  async #delete(request: DecapRequest, params: Record<string, unknown>): Promise<Verdict> {
    // Every one a content path already (#shape).
    const requested = strings(
      request.action === 'deleteFile' ? params.path : params.paths,
    ) as string[]
    const deleted = new Set(requested)
    const documents = await this.#documents()
    const remaining = documents.filter(({ file }) => !deleted.has(file))
    const users = (upload: string) =>
      remaining.filter(({ data }) => [...values(data)].includes(publicPath(upload)))

    for (const file of requested.filter((file) => file.startsWith(UPLOADS))) {
      const using = users(file)
      if (using.length > 0) {
        const where = using.map(({ file: user, data }) => describe(user, data)).join(', ')
        return {
          ok: false,
          status: 409,
          error: `Картинку «${path.posix.basename(file)}» нельзя удалить: она нужна на сайте — ${where}. Сначала выберите там другую картинку.`,
        }
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
      const upload = `${UPLOADS}${image.slice(UPLOADS_PATH.length)}`
      const exists = (await readOrNull(path.join(this.#options.repo, upload))) !== null
      if (isContentPath(upload) && exists && users(upload).length === 0) deleted.add(upload)
    }

    const introduced = await this.#introducedProblems(async (content) => {
      for (const file of deleted) await rm(path.join(content, '..', file), { force: true })
    })
    if (!('introduced' in introduced)) return { ok: false, ...introduced }
    if (introduced.introduced.length > 0) {
      return { ok: false, status: 422, error: introduced.introduced.join('\n') }
    }
    const rest = { ...params }
    delete rest.path
    const gone = requested.map((file) => {
      const document = documents.find((candidate) => candidate.file === file)
      return document ? subjectOf(file, document.data) : `картинка ${path.posix.basename(file)}`
    })
    rest.options = withSubject(params, `Удалено: ${gone.join(', ')}`)
    return {
      ok: true,
      request: { action: 'deleteFiles', params: { ...rest, paths: [...deleted] } },
      problemsAfter: introduced.after,
    }
  }

  /** Every JSON file of content/ with its data (a file that does not parse has none). */
  async #documents(): Promise<{ file: string; data: unknown }[]> {
    const root = path.join(this.#options.repo, CONTENT)
    const files = (await readdir(root, { recursive: true })).filter((file) =>
      file.endsWith('.json'),
    )
    return Promise.all(
      files.map(async (file) => {
        const name = `${CONTENT}/${file.split(path.sep).join('/')}`
        try {
          return { file: name, data: JSON.parse(await readFile(path.join(root, file), 'utf8')) }
        } catch {
          return { file: name, data: undefined }
        }
      }),
    )
  }

  /**
   * The check's problems with the change applied (by `apply`, on a scratch copy of content/)
   * that it did not have before: a problem already there is not the owner's doing now.
   */
  async #introducedProblems(
    apply: (contentDir: string) => Promise<void>,
  ): Promise<{ introduced: string[]; after: string[] } | Refusal> {
    const { repo, check, warn } = this.#options
    const scratch = await mkdtemp(path.join(tmpdir(), 'it-lab-editor-check-'))
    try {
      const after = path.join(scratch, 'after', CONTENT)
      await cp(path.join(repo, CONTENT), after, { recursive: true })
      await apply(after)
      const [before, problems] = await Promise.all([
        this.#problemsBefore(path.join(scratch, 'before', CONTENT)),
        check(after),
      ])
      return {
        introduced: problems.filter((problem) => !before.includes(problem)),
        after: problems,
      }
    } catch (error) {
      warn('the content check could not run', { err: String(error) })
      return { status: 500, error: CHECK_FAILED }
    } finally {
      await rm(scratch, { recursive: true, force: true })
    }
  }

  /** After a save: its content is the commit's, whose problems the check already listed. */
  async #remember(problems: string[]): Promise<void> {
    const head = await this.#git('rev-parse', 'HEAD')
    const clean =
      (await this.#git('status', '--porcelain', '--untracked-files=all', '--', CONTENT)) === ''
    this.#before = clean ? { head, problems } : undefined
  }

  /** The current content's problems; remembered per commit while content/ has no edits. */
  async #problemsBefore(copy: string): Promise<string[]> {
    const { repo, check } = this.#options
    const head = await this.#git('rev-parse', 'HEAD')
    const clean =
      (await this.#git('status', '--porcelain', '--untracked-files=all', '--', CONTENT)) === ''
    if (clean && this.#before?.head === head) return this.#before.problems
    await cp(path.join(repo, CONTENT), copy, { recursive: true })
    const problems = await check(copy)
    if (clean) this.#before = { head, problems }
    return problems
  }
}
