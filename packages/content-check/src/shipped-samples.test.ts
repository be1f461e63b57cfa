// @vitest-environment node
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { isEditorPath } from '@it-lab/shared/content'
import { expect, it } from 'vitest'
import { SHIPPED_SAMPLE_TEXTS } from './shipped-samples.ts'

// What the repository ships, not the school's content: read from the last commit, so it holds
// wherever CONTENT_DIR points and after the owner has deleted the samples.
const git = (args: string[]) =>
  execFileSync('git', args, {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })

// A single file's sample parts (the prizes, the trial's details, the promises, the home page's first
// screen) are confirmed by clearing the tick: their words may stay, so none is listed here.
it('names every sample file the repository ships, by words that file shows', () => {
  const samples = git(['ls-tree', '-r', '--name-only', 'HEAD', '--', 'content/'])
    .split('\n')
    .filter((file) => file.endsWith('.json') && isEditorPath(file, 'entry'))
    .map((file) => ({ file, text: git(['show', `HEAD:${file}`]) }))
    .filter(({ text }) => (JSON.parse(text) as { sample?: unknown }).sample === true)
  const folders = new Set(samples.map(({ file }) => file.split('/')[1]))
  expect([...folders].sort()).toEqual(Object.keys(SHIPPED_SAMPLE_TEXTS).sort())
  for (const { file, text } of samples) {
    const folder = file.split('/')[1] ?? ''
    expect(
      SHIPPED_SAMPLE_TEXTS[folder]?.some((words) =>
        text.includes(JSON.stringify(words).slice(1, -1)),
      ),
      `${file} is named in shipped-samples.ts`,
    ).toBe(true)
  }
})
