// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { contentDir, isEditorPath } from '@it-lab/shared/content'
import { expect, it } from 'vitest'
import { shippedFile, shippedFiles } from '../fixtures/shipped.ts'
import { SHIPPED_SAMPLE_TEXTS } from './shipped-samples.ts'

// What the repository ships, not the school's content: read from its copy in fixtures/, so it
// holds wherever CONTENT_DIR points and after the owner has deleted the samples and committed that
// (docs/decisions/0101-tests-on-the-schools-content.md).
const isSample = (text: string) => (JSON.parse(text) as { sample?: unknown }).sample === true

// A single file's sample parts (the prizes, the trial's details, the promises, the home page's first
// screen) are confirmed by clearing the tick: their words may stay, so none is listed here.
it('names every sample file the repository ships, by words that file shows', () => {
  const samples = shippedFiles()
    .filter((file) => file.endsWith('.json') && isEditorPath(`content/${file}`, 'entry'))
    .map((file) => ({ file, text: shippedFile(file).toString('utf8') }))
    .filter(({ text }) => isSample(text))
  const folders = new Set(samples.map(({ file }) => file.split('/')[0]))
  expect([...folders].sort()).toEqual(Object.keys(SHIPPED_SAMPLE_TEXTS).sort())
  for (const { file, text } of samples) {
    const folder = file.split('/')[0] ?? ''
    expect(
      SHIPPED_SAMPLE_TEXTS[folder]?.some((words) =>
        text.includes(JSON.stringify(words).slice(1, -1)),
      ),
      `${file} is named in shipped-samples.ts`,
    ).toBe(true)
  }
})

// The owner's editor refuses to tick an entry of her own (docs/decisions/0073-sample-entries.md), so
// an entry still ticked is one the repository shipped, perhaps renamed (a rename keeps the tick): a
// sample added to content/ without its copy in fixtures/ is one more than the copy accounts for.
it('holds a copy of every sample entry the content still has', () => {
  const dir = contentDir()
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.json') && isEditorPath(`content/${file}`, 'entry'))
  const present = new Set(files)
  const copied = new Set(shippedFiles())
  const folderOf = (file: string) => file.split('/')[0]
  const ticked = files.filter((file) => isSample(readFileSync(path.join(dir, file), 'utf8')))
  const uncopied = ticked.filter((file) => !copied.has(file))
  const unaccounted = uncopied.filter((file) => {
    const renamedFrom = [...copied].filter(
      (shipped) => folderOf(shipped) === folderOf(file) && !present.has(shipped),
    )
    return (
      uncopied.filter((other) => folderOf(other) === folderOf(file)).length > renamedFrom.length
    )
  })
  expect(unaccounted, 'copy these to packages/content-check/fixtures/shipped/content/').toEqual([])
})
