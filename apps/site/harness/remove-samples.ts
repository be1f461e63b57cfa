import { readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'

/**
 * Deletes every content file ticked as a shipped sample (`"sample": true`) under `contentDir`, and
 * each upload ('/uploads/…') one names, as a school does before launch: a release build of the
 * copy must pass (docs/decisions/0073-sample-entries.md). Returns the files deleted, relative to
 * the folder.
 */
export function removeSampleEntries(contentDir: string): string[] {
  const removed: string[] = []
  for (const entry of readdirSync(contentDir, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.json')) continue
    const file = path.join(contentDir, entry)
    const text = readFileSync(file, 'utf8')
    const value: unknown = JSON.parse(text)
    if (value === null || typeof value !== 'object' || !('sample' in value)) continue
    if (value.sample !== true) continue
    rmSync(file)
    removed.push(entry)
    for (const [, upload] of text.matchAll(/"\/uploads\/([^"/]+)"/g)) {
      rmSync(path.join(contentDir, 'uploads', upload ?? ''), { force: true })
      removed.push(path.join('uploads', upload ?? ''))
    }
  }
  return removed.sort()
}
