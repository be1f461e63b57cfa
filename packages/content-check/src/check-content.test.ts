import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { contentDir } from '@it-lab/shared/content'
import { afterEach, expect, it } from 'vitest'
import { checkContentFolder } from './check-content.ts'

const scratch: string[] = []
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A copy of the shipped content, in a folder named content. */
function copyOfContent(): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'content-check-')), 'content')
  scratch.push(path.dirname(dir))
  cpSync(contentDir(), dir, { recursive: true })
  return dir
}

/** Changes the JSON file `name` of `dir`. */
function edit(dir: string, name: string, change: (value: Record<string, unknown>) => void) {
  const file = path.join(dir, name)
  const value = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  change(value)
  writeFileSync(file, JSON.stringify(value))
}

it('tells each problem by file, field and rule, and reads the folder afresh on each call', async () => {
  const dir = copyOfContent()
  const shipped = readFileSync(path.join(dir, 'courses/4.json'))
  expect((await checkContentFolder(dir, { launch: false })).problems).toEqual([])
  edit(dir, 'courses/4.json', (course) => {
    course.prices = { ...(course.prices as object), basic: 0 }
  })
  edit(dir, 'school.json', (facts) => {
    facts.phone = { ...(facts.phone as object), number: 'abc' }
  })
  const { problems, launch } = await checkContentFolder(dir)
  expect(problems).toContainEqual(
    expect.objectContaining({
      file: 'content/courses/4.json',
      field: 'prices.basic',
      label: 'Цены → Разовое посещение',
      received: 0,
    }),
  )
  expect(problems).toContainEqual(
    expect.objectContaining({
      file: 'content/school.json',
      field: 'phone.number',
      received: 'abc',
    }),
  )
  // The files are JSON still: the launch's items are listed beside the problems.
  expect(launch?.length).toBeGreaterThan(0)
  writeFileSync(path.join(dir, 'courses/4.json'), shipped)
  const after = await checkContentFolder(dir, { launch: false })
  expect(after.problems.map(({ file }) => file)).toEqual(
    after.problems.map(() => 'content/school.json'),
  )
  expect(after.launch).toBeUndefined()
})
