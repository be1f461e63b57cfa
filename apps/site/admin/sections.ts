// The editor's sections and their fields, described once at build (vite/editor-config/editor-sections.ts, from the
// limits and labels the content check uses) and baked into the editor's script: no request is
// spent on them when the owner opens the editor on mobile data.

export type Option = { value: string; label: string }

export type Widget =
  | 'string'
  | 'text'
  | 'whole-number'
  | 'select'
  | 'date-ru'
  | 'russian-list'
  | 'boolean'
  | 'image'
  | 'object'
  | 'relation'

export type Field = {
  name: string
  label: string
  widget: Widget
  hint?: string
  /** false: the label says «необязательно». */
  required?: boolean
  default?: unknown
  min?: number
  max?: number
  rubles?: boolean
  /**
   * A course's price field: the other figure is shown under it (docs/decisions/0087): for the
   * single visit, its month; for a subscription, its month or its lesson, as `pricesPer` says.
   */
  planPrice?: 'visit' | 'plan'
  /** select with `multiple`: the chosen options are stored as numbers («2» → 2). */
  numeric?: boolean
  options?: Option[]
  multiple?: boolean
  /** An object's fields, or a list item's when an item has several. */
  fields?: Field[]
  /** A list item's single field. */
  field?: Field
  /** What a list's items are called: for 1, for 2–4, for 5 and more. */
  item_names?: [string, string, string]
  /** relation: the section whose entries are the options. */
  collection?: string
}

/** A single file of a section (the school's facts, a page's texts). */
export type SingleFile = {
  name: string
  label: string
  file: string
  fields: Field[]
  description?: string
}

export type Section = {
  name: string
  label: string
  label_singular?: string
  /** A folder of entries the owner adds and deletes… */
  folder?: string
  /** …named by this template ({{fields.id}}, {{year}}…{{second}}). */
  slug?: string
  fields?: Field[]
  /** …or fixed files. */
  files?: SingleFile[]
}

declare const __EDITOR_SECTIONS__: Section[]

export const SECTIONS: readonly Section[] = __EDITOR_SECTIONS__

export function sectionByName(name: string): Section | undefined {
  return SECTIONS.find((section) => section.name === name)
}

/** The section an entry or single file belongs to, and its fields. */
export function formOf(
  path: string,
): { section: Section; fields: Field[]; file?: SingleFile } | undefined {
  for (const section of SECTIONS) {
    const file = section.files?.find((candidate) => candidate.file === path)
    if (file) return { section, fields: file.fields, file }
    if (
      section.folder &&
      section.fields &&
      path.startsWith(`${section.folder}/`) &&
      !path.slice(section.folder.length + 1).includes('/')
    ) {
      return { section, fields: section.fields }
    }
  }
  return undefined
}

/** The value a new entry starts with: each field's default, or empty. */
export function emptyValue(fields: readonly Field[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field.name, emptyOf(field)]))
}

function emptyOf(field: Field): unknown {
  if (field.default !== undefined) return field.default
  switch (field.widget) {
    case 'object':
      return emptyValue(field.fields ?? [])
    case 'russian-list':
    case 'relation':
      return []
    case 'select':
      return field.multiple ? [] : ''
    case 'boolean':
      return false
    case 'whole-number':
      return undefined
    default:
      return ''
  }
}

/** An empty item of a list: its single field's empty value or an object of its fields. */
export function emptyItem(list: Field): unknown {
  return list.field ? emptyOf(list.field) : emptyValue(list.fields ?? [])
}

const pad = (value: number) => String(value).padStart(2, '0')

/** A new entry's file path from its section's template, as the gateway's path rules accept it. */
export function newEntryPath(
  section: Section,
  value: Record<string, unknown>,
  now = new Date(),
): string {
  const parts: Record<string, string> = {
    year: String(now.getFullYear()),
    month: pad(now.getMonth() + 1),
    day: pad(now.getDate()),
    hour: pad(now.getHours()),
    minute: pad(now.getMinutes()),
    second: pad(now.getSeconds()),
  }
  const slug = (section.slug ?? '{{year}}-{{month}}-{{day}}-{{hour}}{{minute}}{{second}}').replace(
    /\{\{(fields\.)?(\w+)\}\}/g,
    (_, field: string | undefined, name: string) =>
      field ? String(value[name] ?? '').toLowerCase() : (parts[name] ?? ''),
  )
  return `${section.folder}/${slug}.json`
}
