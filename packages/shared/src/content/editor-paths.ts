import { PAGE_TEXT_FILES } from './page-texts.ts'

// The only repository paths the owner's editor may read or write (docs/decisions/0081): one rule
// per collection of its configuration, a folder and a file-name pattern, so a path that names
// anything else (a dot segment, `..`, a nested repository's `.git/`, a `.gitignore`, code) matches
// none. The editor's configuration (apps/site/vite/editor-config/editor-sections.ts) is built from the same names.

export const CONTENT_ROOT = 'content'

/** Folders of entries, one JSON file an entry, which the owner adds and deletes. */
export const ENTRY_FOLDERS = [
  'courses',
  'announcements',
  'groups',
  'teachers',
  'photos',
  'faq',
  'reviews',
] as const
export type EntryFolder = (typeof ENTRY_FOLDERS)[number]

/** Single files the owner edits but never adds or deletes. */
export const SINGLE_FILES = [
  `${CONTENT_ROOT}/school.json`,
  `${CONTENT_ROOT}/prizes.json`,
  `${CONTENT_ROOT}/trial-offer.json`,
  `${CONTENT_ROOT}/promises.json`,
  ...Object.values(PAGE_TEXT_FILES).map((file) => `${CONTENT_ROOT}/${file}`),
] as const

/** Where the owner's pictures go (the editor's media folder). */
export const MEDIA_FOLDER = `${CONTENT_ROOT}/uploads`

/** The raster formats the editor stores; the shipped SVG drawings may be read, never written. */
export const EDITOR_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'avif'] as const

/** A course's file is its number; every other entry's name is Latin, as the editor's slugs are. */
const ENTRY_NAME: Readonly<Record<EntryFolder, RegExp>> = {
  courses: /^[1-9]\d{0,5}\.json$/,
  announcements: /^[a-z0-9][a-z0-9-]{0,99}\.json$/,
  groups: /^[a-z0-9][a-z0-9-]{0,99}\.json$/,
  teachers: /^[a-z0-9][a-z0-9-]{0,99}\.json$/,
  photos: /^[a-z0-9][a-z0-9-]{0,99}\.json$/,
  faq: /^[a-z0-9][a-z0-9-]{0,99}\.json$/,
  reviews: /^[a-z0-9][a-z0-9-]{0,99}\.json$/,
}

const PICTURE_NAME = /^[A-Za-z0-9_][\w-]*(?:\.[\w-]+)*$/
const extensionOf = (name: string) => /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''

/** What a path is to the editor; undefined for anything it may not touch. */
export type EditorPath =
  { kind: 'entry'; folder: EntryFolder } | { kind: 'file' } | { kind: 'picture'; writable: boolean }

/** A picture's file name in the media folder: no dot segment, a picture's extension. */
function pictureKind(name: string): EditorPath | undefined {
  if (name.length > 120 || !PICTURE_NAME.test(name)) return undefined
  const extension = extensionOf(name)
  if ((EDITOR_IMAGE_EXTENSIONS as readonly string[]).includes(extension)) {
    return { kind: 'picture', writable: true }
  }
  return extension === 'svg' ? { kind: 'picture', writable: false } : undefined
}

/** The collection a repository path belongs to, or undefined (checked on the text alone). */
export function editorPath(value: unknown): EditorPath | undefined {
  if (typeof value !== 'string') return undefined
  if ((SINGLE_FILES as readonly string[]).includes(value)) return { kind: 'file' }
  const parts = value.split('/')
  if (parts.length !== 3 || parts[0] !== CONTENT_ROOT) return undefined
  const [, folder = '', name = ''] = parts
  if (`${CONTENT_ROOT}/${folder}` === MEDIA_FOLDER) return pictureKind(name)
  const entryFolder = ENTRY_FOLDERS.find((candidate) => candidate === folder)
  if (entryFolder === undefined || !ENTRY_NAME[entryFolder].test(name)) return undefined
  return { kind: 'entry', folder: entryFolder }
}

/** Whether `value` is a path the editor may touch, of one of the kinds given. */
export function isEditorPath(value: unknown, ...kinds: EditorPath['kind'][]): value is string {
  const kind = editorPath(value)?.kind
  return kind !== undefined && kinds.includes(kind)
}

/** A folder the editor lists: an entry folder or the media folder. */
export function isEditorFolder(value: unknown): value is string {
  return (
    value === MEDIA_FOLDER || ENTRY_FOLDERS.some((folder) => value === `${CONTENT_ROOT}/${folder}`)
  )
}

/** Russian letters in Latin, as a passport writes them (ъ and ь drop out: `_`). */
const LATIN = new Map(
  [...'абвгдеёжзийклмнопрстуфхцчшщъыьэюя'].map((letter, index) => {
    const latin = 'a b v g d e e zh z i y k l m n o p r s t u f kh ts ch sh shch _ y _ e yu ya'
    const value = latin.split(' ')[index] ?? ''
    return [letter, value === '_' ? '' : value]
  }),
)

/**
 * The name a chosen picture is uploaded under: Latin letters, digits and hyphens, as the media
 * folder's rule wants («Фото школы.JPG» → «foto-shkoly.jpg»); `fallback` when nothing is left.
 * The editor renames the file before it uploads it, so a phone's Cyrillic name is no reason to
 * refuse a photo.
 */
export function pictureFileName(name: string, fallback: string): string {
  const dot = name.lastIndexOf('.')
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
  const stem = [...(dot > 0 ? name.slice(0, dot) : name).toLowerCase()]
    .map((char) => LATIN.get(char) ?? char)
    .join('')
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 80)
  return `${stem || fallback}${extension ? `.${extension}` : ''}`
}
