// The client half of the stale-tab check (docs/decisions/0067-exact-values-in-the-editor.md):
// this tab remembers a fingerprint (sha256) of every content file as it last read or saved it,
// and sends those fingerprints with each save and delete (`params.baseIds`). The gateway refuses
// the change when the file has changed since, so a second tab cannot undo a newer saved edit.
import { isApiUrl } from './editor-api.ts'

type ApiRequest = { action?: string; params?: Record<string, unknown> }
type ApiFile = { data?: unknown; file?: { path?: unknown } }

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** The paths a request changes: its entry files, or the files it deletes. */
function changedPaths(request: ApiRequest): string[] {
  const params = request.params ?? {}
  if (request.action === 'persistEntry') {
    const files = (params.dataFiles ?? (params.entry ? [params.entry] : [])) as {
      path?: unknown
    }[]
    return files.map((file) => file.path).filter((path) => typeof path === 'string')
  }
  if (request.action === 'deleteFile' && typeof params.path === 'string') return [params.path]
  if (request.action === 'deleteFiles' && Array.isArray(params.paths)) {
    return params.paths.filter((path) => typeof path === 'string')
  }
  return []
}

/** Wraps `fetch` so that this tab's reads are remembered and its changes carry what it read. */
export function watchForStaleSaves(target: { fetch: typeof fetch }): void {
  /** path → sha256 of the file's text as this tab last saw it. */
  const seen = new Map<string, string>()
  const original = target.fetch.bind(target)

  async function remember(files: ApiFile[]): Promise<void> {
    for (const { data, file } of files) {
      if (typeof data === 'string' && typeof file?.path === 'string') {
        seen.set(file.path, await sha256(data))
      }
    }
  }

  target.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    if (!isApiUrl(url) || typeof init?.body !== 'string') return original(input, init)
    let request: ApiRequest
    try {
      request = JSON.parse(init.body) as ApiRequest
    } catch {
      return original(input, init)
    }
    const paths = changedPaths(request)
    // A save names every file it writes: null says «new to this tab». A delete names only the
    // files this tab has read: a picture is deleted from the picture window, never read as text.
    const based = request.action === 'persistEntry' ? paths : paths.filter((path) => seen.has(path))
    let body = init.body
    if (based.length > 0) {
      const baseIds = Object.fromEntries(based.map((path) => [path, seen.get(path) ?? null]))
      body = JSON.stringify({ ...request, params: { ...request.params, baseIds } })
    }
    const response = await original(input, { ...init, body })
    if (!response.ok) return response
    const action = request.action
    if (action === 'entriesByFolder' || action === 'entriesByFiles' || action === 'getEntry') {
      const answer: unknown = await response.clone().json()
      await remember((Array.isArray(answer) ? answer : [answer]) as ApiFile[])
    } else if (action === 'persistEntry') {
      const files = (request.params?.dataFiles ?? []) as { path?: unknown; raw?: unknown }[]
      await remember(files.map(({ path, raw }) => ({ data: raw, file: { path } })))
    } else if (action === 'deleteFile' || action === 'deleteFiles') {
      for (const path of paths) seen.delete(path)
    }
    return response
  }
}
