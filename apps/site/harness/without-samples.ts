import { readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'

// A school that has replaced the repository's sample entries (docs/decisions/0073-sample-entries.md):
// a copy of content/ without any file ticked `"sample": true`, nor the pictures those files name,
// so that a release build of it may pass.

/** Deletes every sample entry of `contentDir`, and each upload ('/uploads/…') one names. */
export function removeSampleEntries(contentDir: string): void {
  const files = readdirSync(contentDir, { recursive: true, encoding: 'utf8' }).filter((name) =>
    name.endsWith('.json'),
  )
  for (const name of files) {
    const file = path.join(contentDir, name)
    const text = readFileSync(file, 'utf8')
    const data = JSON.parse(text) as { sample?: unknown }
    if (data.sample !== true) continue
    rmSync(file)
    for (const [, upload] of text.matchAll(/"\/uploads\/([^"/]+)"/g)) {
      rmSync(path.join(contentDir, 'uploads', upload ?? ''), { force: true })
    }
  }
}
