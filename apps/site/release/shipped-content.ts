import { cpSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { shippedFile, shippedFiles } from '@it-lab/content-check/shipped-fixture'
import { contentDir } from '@it-lab/shared/content'

// The release tests' inputs: the school's content (CONTENT_DIR or content/) may have lost the
// samples and stand-ins the rules are tested on, so a test copies it and adds them back from the
// repository's copy of what it ships (docs/decisions/0073-sample-entries.md,
// 0101-tests-on-the-schools-content.md).

/**
 * A scratch copy of the school's content with the repository's samples put back: each shipped
 * file that `pick` chooses (by default every one ticked `"sample": true`) and each shipped upload
 * the copy lacks. The folder is named content/, so problems name its files `content/…`; delete
 * `path.dirname` of it when done.
 */
export function contentWithShippedSamples(
  pick = (file: string, text: string) => /"sample": true/.test(text),
): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'it-lab-release-')), 'content')
  cpSync(contentDir(), dir, { recursive: true })
  for (const file of shippedFiles()) {
    const target = path.join(dir, file)
    const isUpload = file.startsWith('uploads/')
    if (isUpload ? existsSync(target) : !file.endsWith('.json')) continue
    const bytes = shippedFile(file)
    if (!isUpload && !pick(file, bytes.toString('utf8'))) continue
    mkdirSync(path.dirname(target), { recursive: true })
    writeFileSync(target, bytes)
  }
  return dir
}
