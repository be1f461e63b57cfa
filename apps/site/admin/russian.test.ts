import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { editorSections } from '../vite/editor-config/editor-sections.ts'

// Every word the owner reads in her editor is Russian (docs/decisions/0086-the-owners-own-editor.md):
// the editor's texts (each string or JSX text with a Cyrillic letter, and all JSX text) and every
// label, hint and choice of its sections are scanned for English words, doubled brackets and a
// capital letter after a colon, which Decap's patched messages once showed.

/** Latin words that are names the owner knows (formats, services, languages of the courses). */
const NAMES = new Set([
  'JPG',
  'PNG',
  'WebP',
  'AVIF',
  'SVG',
  'Python',
  'Scratch',
  'Roblox',
  'Minecraft',
  'Telegram',
  'WhatsApp',
  'JavaScript',
  'https',
  'info',
  'itlab',
  'ru',
  'yandex',
  'maps',
  'gis',
  'vk',
  'com',
  'cookie',
])

function problems(text: string): string[] {
  const found: string[] = []
  const latin = (
    text.replace(/https:\/\/\S+|\S+@\S+|\/[\w/]+/g, '').match(/[A-Za-z]{2,}/g) ?? []
  ).filter((word) => !NAMES.has(word))
  if (latin.length > 0) found.push(`English: ${latin.join(', ')}`)
  if (/\)\s*\(|\(\s*\(|\)\s*\)/.test(text)) found.push('doubled brackets')
  // A sentence run on after a colon («…запись: Эту запись…»); a name («Например: Министерство…») may.
  if (/[а-яё»]: (?:Эт|Вы |Мы |Не |Нет|Сначала|Попробуйте|Проверьте|Откройте)/.test(text)) {
    found.push('a capital after a colon')
  }
  return found
}

const ADMIN = import.meta.dirname

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(file)
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [file] : []
  })
}

/** The texts of a source file the owner can read: Russian strings and all JSX text. */
function texts(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && node.text.trim()) found.push(node.text.trim())
    else if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      /[а-яё]/i.test(node.text)
    ) {
      found.push(node.text)
    } else if (ts.isTemplateExpression(node)) {
      const whole = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)]
      if (whole.some((part) => /[а-яё]/i.test(part))) found.push(whole.join('…'))
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

type Field = {
  label?: string
  hint?: string
  options?: { label: string }[]
  fields?: Field[]
  field?: Field
  item_names?: string[]
  description?: string
  files?: Field[]
  label_singular?: string
}

function sectionTexts(fields: readonly Field[]): string[] {
  return fields.flatMap((field) => [
    ...[field.label, field.hint, field.description, field.label_singular].filter(
      (text): text is string => typeof text === 'string',
    ),
    ...(field.item_names ?? []),
    ...(field.options ?? []).map((option) => option.label),
    ...sectionTexts(field.fields ?? []),
    ...sectionTexts(field.files ?? []),
    ...(field.field ? sectionTexts([field.field]) : []),
  ])
}

describe("the editor's words", () => {
  it.each(sources(ADMIN).map((file) => path.relative(ADMIN, file)))('in %s are Russian', (file) => {
    const wrong = texts(path.join(ADMIN, file)).flatMap((text) =>
      problems(text).map((problem) => `${problem}: «${text}»`),
    )
    expect(wrong).toEqual([])
  })

  it('of every section, label, hint and choice are Russian', () => {
    const wrong = sectionTexts(editorSections() as Field[]).flatMap((text) =>
      problems(text).map((problem) => `${problem}: «${text}»`),
    )
    expect(wrong).toEqual([])
  })

  it('are caught when English or bracketed twice', () => {
    expect(problems('Failed to persist entry')).toHaveLength(1)
    expect(problems('Образец (снимите отметку) (необязательно)')).toEqual(['doubled brackets'])
    expect(problems('Не удалось сохранить запись: Эту запись уже изменили')).toEqual([
      'a capital after a colon',
    ])
    expect(problems('Фото JPG, PNG до 15 МБ: https://yandex.ru/maps/')).toEqual([])
  })
})
