// @vitest-environment node
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { contentDir, isEditorPath } from '@it-lab/shared/content'
import { expect, it } from 'vitest'
import { contentLaunchBlockers } from './launch-blockers.ts'
import { SHIPPED_SAMPLE_TEXTS } from './shipped-samples.ts'

// A single file's sample parts (the prizes, the trial's details, the promises, the home page's first
// screen) are confirmed by clearing the tick: their words may stay, so none is listed here.
it('names every sample file the repository ships, by words that file shows', async () => {
  const samples = (await contentLaunchBlockers(contentDir())).filter(
    ({ kind, file }) => kind === 'sample-entry' && isEditorPath(file, 'entry'),
  )
  const folders = new Set(samples.map(({ file }) => file.split('/')[1]))
  expect([...folders].sort()).toEqual(Object.keys(SHIPPED_SAMPLE_TEXTS).sort())
  for (const { file } of samples) {
    const text = readFileSync(path.join(contentDir(), '..', file), 'utf8')
    const folder = file.split('/')[1] ?? ''
    expect(
      SHIPPED_SAMPLE_TEXTS[folder]?.some((words) =>
        text.includes(JSON.stringify(words).slice(1, -1)),
      ),
      `${file} is named in shipped-samples.ts`,
    ).toBe(true)
  }
})
