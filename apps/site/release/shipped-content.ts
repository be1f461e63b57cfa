import { cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { putBackShippedSamples } from '@it-lab/content-check/shipped-fixture'
import { contentDir } from '@it-lab/shared/content'

// The release tests' inputs: the school's content (CONTENT_DIR or content/) may have lost the
// samples and stand-ins the rules are tested on, so a test copies it and adds them back from the
// repository's copy of what it ships (docs/decisions/0073-sample-entries.md,
// 0101-tests-on-the-schools-content.md).

/**
 * A scratch copy of the school's content with the repository's samples put back (`pick` as
 * `putBackShippedSamples` takes it). The folder is named content/, so problems name its files
 * `content/…`; delete `path.dirname` of it when done.
 */
export function contentWithShippedSamples(
  pick?: Parameters<typeof putBackShippedSamples>[1],
): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'it-lab-release-')), 'content')
  cpSync(contentDir(), dir, { recursive: true })
  putBackShippedSamples(dir, pick)
  return dir
}
