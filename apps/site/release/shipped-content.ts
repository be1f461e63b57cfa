import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { contentDir } from '@it-lab/shared/content'

// The release tests' inputs: the school's content (CONTENT_DIR or content/) may have lost the
// samples and stand-ins the rules are tested on, so a test copies it and adds them back from the
// repository's last commit (docs/decisions/0073-sample-entries.md).

const git = (args: string[]): Buffer =>
  execFileSync('git', args, {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    maxBuffer: 64 * 1024 * 1024,
  })

/** content/<file> as the repository's last commit ships it, wherever CONTENT_DIR points. */
export const committed = (file: string): Buffer => git(['show', `HEAD:content/${file}`])

/** The files of content/ in the repository's last commit, relative to content/. */
export const committedFiles = (): string[] =>
  git(['ls-tree', '-r', '--name-only', 'HEAD', '--', 'content/'])
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((file) => path.posix.relative('content', file))

/**
 * A scratch copy of the school's content with the repository's samples put back: each committed
 * file that `pick` chooses (by default every one ticked `"sample": true`) and each committed
 * upload the copy lacks. The folder is named content/, so problems name its files `content/…`;
 * delete `path.dirname` of it when done.
 */
export function contentWithShippedSamples(
  pick = (file: string, text: string) => /"sample": true/.test(text),
): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'it-lab-release-')), 'content')
  cpSync(contentDir(), dir, { recursive: true })
  for (const file of committedFiles()) {
    const target = path.join(dir, file)
    const isUpload = file.startsWith('uploads/')
    if (isUpload ? existsSync(target) : !file.endsWith('.json')) continue
    const bytes = committed(file)
    if (!isUpload && !pick(file, bytes.toString('utf8'))) continue
    mkdirSync(path.dirname(target), { recursive: true })
    writeFileSync(target, bytes)
  }
  return dir
}
