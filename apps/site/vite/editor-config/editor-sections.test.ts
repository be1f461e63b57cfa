import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { contentDir, editorPath, ENTRY_FOLDERS, SINGLE_FILES } from '@it-lab/shared/content'
import { describe, expect, it } from 'vitest'
import { editorSections } from './editor-sections.ts'

// The editor's forms are drawn from these sections (apps/site/admin/sections.ts) and refuse with
// the content check's own schemas (admin/form/validation.ts), so no rule is written twice. What
// must hold here: every value a content file holds has its field in the form, so the owner can
// see and change all of it, and every field is drawn by a widget the editor has.

type Field = { name: string; widget: string; fields?: Field[]; field?: Field }
type Section = {
  name: string
  folder?: string
  fields?: Field[]
  files?: { file: string; fields: Field[] }[]
}

const WIDGETS = [
  'string',
  'text',
  'whole-number',
  'select',
  'date-ru',
  'russian-list',
  'boolean',
  'image',
  'object',
  'relation',
]

const sections = editorSections() as Section[]
const root = path.dirname(contentDir())
const read = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'))

/** The paths of a file's values with no field in `fields` (`prices.basic`, `points[].title`). */
function unshown(value: unknown, fields: readonly Field[], at = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return []
  return Object.entries(value).flatMap(([key, inner]) => {
    const here = at ? `${at}.${key}` : key
    const field = fields.find((candidate) => candidate.name === key)
    if (!field) return [here]
    if (field.widget === 'object') return unshown(inner, field.fields ?? [], here)
    if (field.widget === 'russian-list' && field.fields && Array.isArray(inner)) {
      return inner.flatMap((item) => unshown(item, field.fields ?? [], `${here}[]`))
    }
    return []
  })
}

function widgets(fields: readonly Field[]): string[] {
  return fields.flatMap((field) => [
    field.widget,
    ...widgets(field.fields ?? []),
    ...(field.field ? widgets([field.field]) : []),
  ])
}

describe("the editor's sections", () => {
  const files = sections.flatMap((section) =>
    section.folder
      ? readdirSync(path.join(root, section.folder))
          .filter((name) => name.endsWith('.json'))
          .map((name) => ({ file: `${section.folder}/${name}`, fields: section.fields ?? [] }))
      : (section.files ?? []),
  )

  it.each(files)('show every value of $file', ({ file, fields }) => {
    expect(unshown(read(file), fields)).toEqual([])
  })

  it('draw every field with a widget the editor has', () => {
    const used = sections.flatMap((section) => [
      ...widgets(section.fields ?? []),
      ...(section.files ?? []).flatMap((file) => widgets(file.fields)),
    ])
    expect(used.filter((widget) => !WIDGETS.includes(widget))).toEqual([])
  })
})

describe('the sections', () => {
  type Section = { folder?: string; slug?: string; files?: { file: string }[] }
  const sections = editorSections() as Section[]

  // The content service reads and writes only what these name (docs/decisions/0081): the two
  // lists must agree, or the owner's saves of a section would be refused.
  it('name exactly the folders and files the content service lets the editor touch', () => {
    const folders = sections.flatMap(({ folder }) => (folder ? [folder] : []))
    expect(folders.sort()).toEqual(ENTRY_FOLDERS.map((name) => `content/${name}`).sort())
    const files = sections.flatMap(({ files: list = [] }) => list.map(({ file }) => file))
    expect(files.sort()).toEqual([...SINGLE_FILES].sort())
  })

  it('make entry names the content service takes', () => {
    const fields: Record<string, string> = {
      '{{fields.id}}': '12',
      '{{fields.course}}': '4',
      '{{year}}': '2027',
      '{{month}}': '01',
      '{{day}}': '09',
      '{{hour}}': '18',
      '{{minute}}': '05',
      '{{second}}': '59',
    }
    for (const { folder, slug } of sections) {
      if (!folder || !slug) continue
      const name = slug.replace(/\{\{[^}]+\}\}/g, (token) => fields[token] ?? token)
      expect(editorPath(`${folder}/${name}.json`), `${folder}: ${slug}`).toMatchObject({
        kind: 'entry',
      })
    }
  })
})
