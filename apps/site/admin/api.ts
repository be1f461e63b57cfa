// The content service of the editor gateway (apps/editor/README.md), on the site's own origin.
// Every change carries the fingerprint of each file as this tab read it (`baseIds`), so a second
// tab cannot overwrite a newer save (the gateway answers 409 instead).

export const EDITOR_API = '/admin/api/v1'

/** A refusal at a field, as the content check words it (the gateway parses its lines). */
export type FieldProblem = { file: string; field: string; message: string }

export class ApiError extends Error {
  readonly status: number
  readonly problems: FieldProblem[]

  constructor(status: number, message: string, problems: FieldProblem[] = []) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.problems = problems
  }
}

const NETWORK =
  'Нет связи с сервером. Проверьте интернет и попробуйте ещё раз: всё, что вы вписали, осталось на странице.'

/** The login page, when the session has ended (the gateway answers 401). */
export const LOGIN_PATH = '/admin/login'

const post = (action: string, params: Record<string, unknown>) =>
  fetch(EDITOR_API, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ action, params }),
  })

/**
 * Requests sent before the screens asked (early.ts), by action and params: each answers once, and
 * only the first screen (another screen asks afresh, so no answer is taken once stale).
 */
const early = new Map<string, Promise<Response>>()
let forgetsOnLeaving = false
const requestKey = (action: string, params: Record<string, unknown>) =>
  JSON.stringify([action, params])

/** Sends now what a screen will `call` with these very params: that call takes its answer. */
export function askEarly(action: string, params: Record<string, unknown> = {}): void {
  if (!forgetsOnLeaving) {
    window.addEventListener('hashchange', () => early.clear())
    forgetsOnLeaving = true
  }
  const response = post(action, params)
  // Its call reports a failure; an answer nobody takes is no error.
  response.catch(() => undefined)
  early.set(requestKey(action, params), response)
}

export async function call<T>(action: string, params: Record<string, unknown> = {}): Promise<T> {
  const key = requestKey(action, params)
  const asked = early.get(key)
  early.delete(key)
  let response: Response
  try {
    response = await (asked ?? post(action, params))
  } catch {
    throw new ApiError(0, NETWORK)
  }
  const body = (await response.json().catch(() => null)) as
    (T & { error?: unknown; problems?: unknown }) | null
  if (response.ok) return body as T
  const message =
    typeof body?.error === 'string'
      ? body.error
      : 'Сервер не ответил как надо. Попробуйте ещё раз через минуту.'
  const problems = Array.isArray(body?.problems) ? (body.problems as FieldProblem[]) : []
  throw new ApiError(response.status, message, problems)
}

/** A content file as the service gives it: its text (null when absent) and fingerprint. */
export type StoredFile = { data: string | null; file: { path: string; id: string | null } }

/** path → fingerprint of the file as this tab last read or saved it (null: it did not exist). */
const seen = new Map<string, string | null>()

export function remember(files: readonly StoredFile[]): void {
  for (const { file } of files) seen.set(file.path, file.id)
}

/** What this tab read of these files, for a change to carry. */
export function baseIds(paths: readonly string[]): Record<string, string | null> {
  return Object.fromEntries(
    paths.filter((path) => seen.has(path)).map((path) => [path, seen.get(path) ?? null]),
  )
}

export async function readEntry(path: string): Promise<StoredFile> {
  const entry = await call<StoredFile>('getEntry', { path })
  remember([entry])
  return entry
}

/** The params of a folder's listing (as early.ts asks for it too). */
export const folderParams = (folder: string) => ({ folder, extension: 'json', depth: 1 })

export async function readFolder(folder: string): Promise<StoredFile[]> {
  const entries = await call<StoredFile[]>('entriesByFolder', folderParams(folder))
  remember(entries)
  return entries
}

export function parsed(entry: StoredFile): Record<string, unknown> | undefined {
  if (entry.data === null) return undefined
  try {
    const value: unknown = JSON.parse(entry.data)
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/** A picture sent with its entry: base64 bytes under content/uploads/. */
export type NewPicture = { path: string; content: string; encoding: 'base64' }

export type Saved = { commit: string }

/**
 * Saves an entry's text (a rename when `newPath` differs) with its new pictures. A new entry's
 * file, and a rename's, must not exist yet: the gateway refuses rather than replace another entry.
 */
export async function saveEntry(
  path: string,
  newPath: string,
  raw: string,
  pictures: readonly NewPicture[],
  isNew = false,
): Promise<Saved> {
  const saved = await call<Saved>('persistEntry', {
    dataFiles: [{ path, newPath: newPath === path ? undefined : newPath, raw }],
    assets: pictures,
    options: { useWorkflow: false },
    baseIds: {
      ...baseIds([path, newPath]),
      ...(isNew || newPath !== path ? { [newPath]: null } : {}),
    },
  })
  // The tab now holds what it saved: its next save is not refused as another tab's.
  if (newPath !== path) seen.set(path, null)
  seen.set(newPath, await sha256(raw))
  return saved
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

export async function deleteEntry(path: string): Promise<Saved> {
  const saved = await call<Saved>('deleteFile', { path, baseIds: baseIds([path]) })
  seen.set(path, null)
  return saved
}
