import type { z } from 'zod/mini'
import { ContentError, fieldPath, valueAt, type ContentProblem } from './problems.ts'
import {
  contentSchemas,
  FIELD_LABELS,
  type AnnouncementFile,
  type CourseFile,
  type FaqFile,
  type ReviewFile,
} from './schema.ts'

// Reads and checks the content files, in Node only: the build, its scripts, the tests and the
// lead service. The site's bundles get what the build read (a Vite `define`), so nothing here is
// reached in a browser; node:fs is taken through process.getBuiltinModule rather than imported,
// so that the modules the browser shares with Node (courses.ts) import no Node module.

const fs = () => process.getBuiltinModule('node:fs')
const path = () => process.getBuiltinModule('node:path')

/** The repository's root: content/ and its files are named relative to it. */
const REPO = () => path().resolve(import.meta.dirname, '../../../..')

/** The content folder: CONTENT_DIR when set (a scratch copy, the publishing checkout), else content/. */
export function contentDir(env: NodeJS.ProcessEnv = process.env): string {
  return path().resolve(env.CONTENT_DIR || path().join(REPO(), 'content'))
}

/** How a file is named in a problem: relative to the content folder's parent (`content/…`). */
export function contentFileName(file: string, dir = contentDir()): string {
  return path().relative(path().dirname(dir), file).split(path().sep).join('/')
}

type Labels = Record<string, string>

/** A parsed file, or its problems. */
export type Checked<T> = { ok: true; value: T } | { ok: false; problems: ContentProblem[] }

/** Checks one file's data against its schema, naming each field by its editor label. */
export function checkContent<S extends z.ZodMiniType>(
  file: string,
  schema: S,
  labels: Labels,
  data: unknown,
): Checked<z.output<S>> {
  const result = schema.safeParse(data)
  if (result.success) return { ok: true, value: result.data }
  return {
    ok: false,
    problems: result.error.issues.map((issue) => {
      const field = fieldPath(issue.path)
      const label = labels[issue.path.filter((key) => typeof key !== 'number').join('.')]
      return {
        file,
        field,
        ...(label ? { label } : {}),
        rule: issue.message,
        received: valueAt(data, issue.path),
      }
    }),
  }
}

/** The JSON in `file`, or a problem naming the file when it is not JSON. */
function readJson(file: string, name: string): Checked<unknown> {
  try {
    return { ok: true, value: JSON.parse(fs().readFileSync(file, 'utf8')) }
  } catch (error) {
    const why = error instanceof SyntaxError ? 'это не JSON' : 'файл не читается'
    return { ok: false, problems: [{ file: name, field: '', rule: `${why}: ${String(error)}` }] }
  }
}

/** Reads one JSON file of the content folder and checks it. */
export function readContentFile<S extends z.ZodMiniType>(
  relative: string,
  schema: S,
  labels: Labels,
  dir = contentDir(),
): Checked<z.output<S>> {
  const file = path().join(dir, relative)
  const name = contentFileName(file, dir)
  const json = readJson(file, name)
  return json.ok ? checkContent(name, schema, labels, json.value) : json
}

/** Every `*.json` of a folder of the content, in name order. */
function jsonFiles(folder: string): string[] {
  if (!fs().existsSync(folder)) return []
  return fs()
    .readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .map((name) => path().join(folder, name))
}

function readFolder<S extends z.ZodMiniType>(
  folder: string,
  schema: S,
  labels: Labels,
  dir: string,
): { items: { file: string; value: z.output<S> }[]; problems: ContentProblem[] } {
  const items: { file: string; value: z.output<S> }[] = []
  const problems: ContentProblem[] = []
  for (const file of jsonFiles(path().join(dir, folder))) {
    const name = contentFileName(file, dir)
    const json = readJson(file, name)
    const checked = json.ok ? checkContent(name, schema, labels, json.value) : json
    if (checked.ok) items.push({ file: name, value: checked.value })
    else problems.push(...checked.problems)
  }
  return { items, problems }
}

/** The courses read, and every problem found. */
export type CoursesRead = {
  courses: CourseFile[]
  /** Each course's file, by id: `content/courses/4.json`. */
  files: Map<number, string>
  problems: ContentProblem[]
}

/** The courses of content/courses/*.json, in id order, with every problem found. */
export function checkCourses(dir = contentDir()): CoursesRead {
  const { items, problems } = readFolder(
    'courses',
    contentSchemas().course,
    FIELD_LABELS.course,
    dir,
  )
  if (items.length === 0 && problems.length === 0) {
    problems.push({ file: 'content/courses', field: '', rule: 'нужен хотя бы один курс' })
  }
  const byId = new Map<number, string>()
  for (const { file, value } of items) {
    const other = byId.get(value.id)
    if (other) {
      problems.push({
        file,
        field: 'id',
        label: FIELD_LABELS.course.id,
        rule: `номер ${value.id} уже у курса в ${other}: у каждого курса свой номер`,
      })
    }
    byId.set(value.id, file)
  }
  const courses = items.map(({ value }) => value).sort((a, b) => a.id - b.id)
  return { courses, files: byId, problems }
}

/** The courses; throws a ContentError naming every problem. */
export function readCourses(dir = contentDir()): CourseFile[] {
  const { courses, problems } = checkCourses(dir)
  if (problems.length > 0) throw new ContentError(problems)
  return courses
}

/** The announcements of content/announcements/*.json, with their file names. */
export function checkAnnouncements(dir = contentDir()): {
  announcements: { file: string; value: AnnouncementFile }[]
  problems: ContentProblem[]
} {
  const { items, problems } = readFolder(
    'announcements',
    contentSchemas().announcement,
    FIELD_LABELS.announcement,
    dir,
  )
  return { announcements: items, problems }
}

/** The questions of content/faq/*.json, with their file names (docs/decisions/0076). */
export function checkFaq(dir = contentDir()): {
  faq: { file: string; value: FaqFile }[]
  problems: ContentProblem[]
} {
  const { items, problems } = readFolder('faq', contentSchemas().faq, FIELD_LABELS.faq, dir)
  return { faq: items, problems }
}

/** The parents' reviews of content/reviews/*.json, with their file names (docs/decisions/0076). */
export function checkReviews(dir = contentDir()): {
  reviews: { file: string; value: ReviewFile }[]
  problems: ContentProblem[]
} {
  const { items, problems } = readFolder(
    'reviews',
    contentSchemas().review,
    FIELD_LABELS.review,
    dir,
  )
  return { reviews: items, problems }
}
