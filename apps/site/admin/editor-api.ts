// Decap's proxy API (the editor gateway at /admin/api/v1), asked directly where a field needs more
// than its entry: the course numbers taken.
import type { DecapConfig } from './decap.ts'

/** The editor gateway's proxy API on the site's own origin (apps/editor/README.md). */
export const EDITOR_API = '/admin/api/v1'

/** Where Decap sends its API calls, from its configuration. */
export function apiUrl(config: DecapConfig): string {
  return config.backend?.proxy_url ?? EDITOR_API
}

/** Whether a request goes to the proxy API (…/api/v1, relative or absolute). */
export function isApiUrl(url: string): boolean {
  return /\/api\/v1\/?(?:[?#].*)?$/.test(url)
}

let branch: Promise<string> | undefined

/** The branch the editor commits to, from Decap's configuration (JSON, served as config.yml). */
export function editorBranch(): Promise<string> {
  branch ??= fetch('/admin/config.yml')
    .then((response) => response.json() as Promise<DecapConfig>)
    .then((config) => config.backend?.branch ?? 'main')
  return branch
}

export type ListedEntry = { path: string; data: Record<string, unknown> }

/** Every JSON entry of a folder, read. */
export async function listEntries(config: DecapConfig, folder: string): Promise<ListedEntry[]> {
  const response = await fetch(apiUrl(config), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      action: 'entriesByFolder',
      params: {
        branch: config.backend?.branch ?? 'main',
        folder,
        extension: 'json',
        depth: 1,
      },
    }),
  })
  if (!response.ok) return []
  const files = (await response.json()) as { data: string; file: { path: string } }[]
  return files.flatMap(({ data, file }) => {
    try {
      return [{ path: file.path, data: JSON.parse(data) as Record<string, unknown> }]
    } catch {
      return []
    }
  })
}
