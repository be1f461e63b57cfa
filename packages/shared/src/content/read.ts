import type { z } from 'zod/mini'
import { ContentError, fieldPath, valueAt, type ContentProblem } from './problems.ts'
import {
  contentSchemas,
  ENTRY_ID,
  FIELD_LABELS,
  type AnnouncementFile,
  type CourseFile,
  type GroupFile,
  type PhotoFile,
  type TeacherFile,
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

/**
 * Why a content entry may not be there (in Russian, for the owner), or undefined for a regular
 * file or folder. Through a link the editor's saves and the build would read and write outside
 * content/; a device or a pipe is no content.
 */
function entryRefusal(entry: {
  isSymbolicLink(): boolean
  isFile(): boolean
  isDirectory(): boolean
}): string | undefined {
  if (entry.isSymbolicLink()) {
    return 'это ссылка на другой файл или папку: в content/ могут быть только обычные файлы и папки; удалите её и положите сам файл'
  }
  if (entry.isFile() || entry.isDirectory()) return undefined
  return 'это не файл и не папка: в content/ могут быть только обычные файлы и папки; удалите его'
}

/**
 * Every entry of the content folder that is not a regular file or folder, a link above all, with
 * a problem naming it. A link is not followed: nothing under it is read or listed.
 */
export function checkContentEntries(dir = contentDir()): ContentProblem[] {
  const problems: ContentProblem[] = []
  const walk = (folder: string) => {
    for (const entry of fs().readdirSync(folder, { withFileTypes: true })) {
      const full = path().join(folder, entry.name)
      const refusal = entryRefusal(entry)
      if (refusal) problems.push({ file: contentFileName(full, dir), field: '', rule: refusal })
      else if (entry.isDirectory()) walk(full)
    }
  }
  // A missing folder is told by the readers, file by file.
  if (fs().existsSync(dir)) walk(dir)
  return problems.sort((a, b) => a.file.localeCompare(b.file, 'en'))
}

/** The JSON in `file`, or a problem naming the file when it is not JSON. */
function readJson(file: string, name: string): Checked<unknown> {
  try {
    // A link is not read through (checkContentEntries names it).
    const refusal = entryRefusal(fs().lstatSync(file))
    if (refusal) return { ok: false, problems: [{ file: name, field: '', rule: refusal }] }
    return { ok: true, value: JSON.parse(fs().readFileSync(file, 'utf8')) }
  } catch (error) {
    // No absolute path in the words: the same problem on two copies of content/ (the editor's
    // check before and after a save) must read the same, and the owner has no use for one.
    const code = (error as { code?: unknown }).code
    const rule =
      error instanceof SyntaxError
        ? `это не JSON: ${error.message}`
        : code === 'ENOENT'
          ? 'файла нет'
          : `файл не читается (${String(code ?? 'ошибка чтения')})`
    return { ok: false, problems: [{ file: name, field: '', rule }] }
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

/** A group as its file holds it, with the file's name (without .json) as its stable id. */
export type GroupRead = GroupFile & { id: string }

/**
 * The groups of content/groups/*.json (docs/decisions/0075-groups-and-trials.md), in
 * the order the site lists them (by `order`, then file name), with every problem found: a group
 * must name a course that has a file (`courses`: every course's id, hidden ones included;
 * undefined while a course file has problems of its own: its number is then unknown, and the
 * course's problem is the one to tell), and a teacher, when it names one, that has a file.
 */
export function checkGroups(
  courses: readonly number[] | undefined,
  dir = contentDir(),
): { groups: GroupRead[]; problems: ContentProblem[] } {
  const { items, problems } = readFolder('groups', contentSchemas().group, FIELD_LABELS.group, dir)
  const unknownCourse = (file: string, course: number): ContentProblem => ({
    file,
    field: 'course',
    label: FIELD_LABELS.group.course,
    rule: `курса №${course} нет: выберите курс из списка`,
    received: course,
  })
  // A group's teacher is a teacher's file, whatever that file's own problems (told on their own).
  const teachers = new Set(
    jsonFiles(path().join(dir, 'teachers')).map((file) => path().basename(file, '.json')),
  )
  const unknownTeacher = (file: string, teacher: unknown): ContentProblem[] =>
    typeof teacher !== 'string' || !ENTRY_ID.test(teacher) || teachers.has(teacher)
      ? []
      : [
          {
            file,
            field: 'teacher',
            label: FIELD_LABELS.group.teacher,
            rule: `преподавателя «${teacher}» нет (его удалили?): выберите преподавателя из списка или оставьте пустым`,
            received: teacher,
          },
        ]
  // A file refused for another field is still checked for its course and teacher, so every
  // problem is listed at once.
  for (const file of new Set(problems.map((problem) => problem.file))) {
    const json = readJson(path().join(path().dirname(dir), file), file)
    const value =
      json.ok && json.value !== null && typeof json.value === 'object'
        ? (json.value as Record<string, unknown>)
        : {}
    const course = Number(value.course)
    if (courses && Number.isInteger(course) && course > 0 && !courses.includes(course)) {
      problems.push(unknownCourse(file, course))
    }
    problems.push(...unknownTeacher(file, value.teacher))
  }
  const groups: GroupRead[] = []
  for (const { file, value } of items) {
    problems.push(...unknownTeacher(file, value.teacher))
    if (courses && !courses.includes(value.course)) {
      problems.push(unknownCourse(file, value.course))
      continue
    }
    groups.push({ ...value, id: path().basename(file, '.json') })
  }
  groups.sort((a, b) => a.order - b.order || a.id.localeCompare(b.id, 'en', { numeric: true }))
  return { groups, problems }
}

/** A group as the pages show it: its file without the editor's bookkeeping (`order`). */
export type GroupEntry = Omit<GroupRead, 'order'>

/** The groups of shown courses, in list order, without `order`: a hidden course's go with it. */
export function shownGroups(
  groups: readonly GroupRead[],
  courses: readonly { id: number }[],
): GroupEntry[] {
  return groups
    .filter((group) => courses.some((course) => course.id === group.course))
    .map(({ order: _order, ...group }) => group)
}

/**
 * The teachers of content/teachers/*.json, with their file names. Each course a teacher names must
 * be one of `courseIds` (every course file, hidden ones included: a hidden course is only not
 * linked); an unknown number is a problem naming it. Undefined while a course file has problems of
 * its own: its number is then unknown, and the course's problem is the one to tell.
 */
export function checkTeachers(
  courseIds: ReadonlySet<number> | undefined,
  dir = contentDir(),
): { teachers: { file: string; value: TeacherFile }[]; problems: ContentProblem[] } {
  const { items, problems } = readFolder(
    'teachers',
    contentSchemas().teacher,
    FIELD_LABELS.teacher,
    dir,
  )
  for (const { file, value } of courseIds ? items : []) {
    const unknown = value.courses.filter((id) => !courseIds?.has(id))
    if (unknown.length === 0) continue
    problems.push({
      file,
      field: 'courses',
      label: FIELD_LABELS.teacher.courses,
      rule:
        unknown.length === 1
          ? `курса ${unknown.join('')} нет на сайте (его удалили?): уберите его из курсов преподавателя`
          : `курсов ${unknown.join(', ')} нет на сайте (их удалили?): уберите их из курсов преподавателя`,
    })
  }
  return { teachers: items, problems }
}

/** The photos of the school in content/photos/*.json, with their file names. */
export function checkPhotos(dir = contentDir()): {
  photos: { file: string; value: PhotoFile }[]
  problems: ContentProblem[]
} {
  const { items, problems } = readFolder('photos', contentSchemas().photo, FIELD_LABELS.photo, dir)
  return { photos: items, problems }
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
