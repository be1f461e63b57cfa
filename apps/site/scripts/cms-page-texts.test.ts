import { readFileSync } from 'node:fs'
import path from 'node:path'
import { contentDir, pageTextSchemas, type PageTextKind } from '@it-lab/shared/content'
import { describe, expect, it } from 'vitest'
import { pageTextCollection } from './cms-page-texts.ts'

// The editor refuses, before saving, exactly what the build refuses
// (docs/decisions/0071-page-texts.md): every text field of «Тексты страниц» is tried with texts of
// many lengths and word lengths, and its pattern must agree with the schema each time.

type Field = {
  name: string
  widget?: string
  pattern?: [string, string]
  required?: boolean
  fields?: Field[]
  field?: Field
}

/** Each text field's pattern and whether it may be empty, by path (`hero.tags[]` for a list). */
function patterns(
  fields: Field[],
  prefix = '',
): Map<string, { pattern: RegExp; optional: boolean }> {
  const found = new Map<string, { pattern: RegExp; optional: boolean }>()
  for (const field of fields) {
    const at = `${prefix}${field.name}`
    if (field.fields)
      for (const [key, value] of patterns(field.fields, `${at}.`)) found.set(key, value)
    if (field.field?.pattern) {
      found.set(`${at}[]`, { pattern: new RegExp(field.field.pattern[0]), optional: false })
    }
    if (field.pattern) {
      found.set(at, { pattern: new RegExp(field.pattern[0]), optional: field.required === false })
    }
  }
  return found
}

/** Every text of a file by its path, with a setter for a copy of the file. */
function leaves(
  data: unknown,
  at = '',
): { path: string; set: (copy: unknown, value: string) => void }[] {
  if (typeof data === 'string') return [{ path: at, set: () => undefined }]
  if (data === null || typeof data !== 'object') return []
  return Object.entries(data).flatMap(([key, value]) => {
    const isList = Array.isArray(data)
    const here = isList ? `${at}[]` : at ? `${at}.${key}` : key
    if (typeof value === 'string') {
      return [
        {
          path: here,
          set: (copy: unknown, text: string) => {
            ;(copy as Record<string, unknown>)[key] = text
          },
        },
      ]
    }
    return leaves(value, here).map((leaf) => ({
      path: leaf.path,
      set: (copy: unknown, text: string) => leaf.set((copy as Record<string, unknown>)[key], text),
    }))
  })
}

/** Texts of every length that matters, of ordinary words, and with words around the limits. */
const CANDIDATES = [
  '',
  ...[1, 15, 16, 17, 18, 29, 30, 31, 39, 40, 41, 49, 50, 51, 59, 60, 61, 69, 70, 71, 79, 80, 81]
    .concat([89, 90, 91, 179, 180, 181, 199, 200, 201])
    .map((length) => 'Курсы для детей '.repeat(20).slice(0, length).trimEnd().padEnd(length, 'а')),
  ...[16, 17, 18].map((length) => `Это ${'ж'.repeat(length)} слово`),
]

const FILES = pageTextCollection.files as { name: PageTextKind; file: string; fields: Field[] }[]

describe("the editor's fields of «Тексты страниц»", () => {
  for (const entry of FILES) {
    it(`${entry.file}: accept and refuse what the build does`, () => {
      const shipped: unknown = JSON.parse(
        readFileSync(path.join(contentDir(), '..', entry.file), 'utf8'),
      )
      const byPath = patterns(entry.fields)
      const schema = pageTextSchemas()[entry.name]
      for (const leaf of leaves(shipped)) {
        const field = byPath.get(leaf.path)
        expect(field, `${entry.file}: ${leaf.path} has a field with a pattern`).toBeDefined()
        if (!field) continue
        for (const text of CANDIDATES) {
          const copy = structuredClone(shipped)
          leaf.set(copy, text)
          const editor = (text === '' && field.optional) || field.pattern.test(text)
          expect(editor, `${leaf.path} = ${JSON.stringify(text)}`).toBe(
            schema.safeParse(copy).success,
          )
        }
      }
    })
  }
})
