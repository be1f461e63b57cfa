import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

// What a school does to content/ in its editor before the launch and after, for the checks that
// must pass on the school's own content, not only on the shipped samples
// (docs/decisions/0053-tests-read-the-data.md, 0073-sample-entries.md, 0084).

/** A content value with every «Образец» tick in it cleared. */
export function unticked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unticked)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, key === 'sample' ? false : unticked(inner)]),
  )
}

const jsonFiles = (contentDir: string) =>
  readdirSync(contentDir, { recursive: true, encoding: 'utf8' })
    .filter((entry) => entry.endsWith('.json'))
    .sort()

/** An entry of a folder (courses/4.json), not a single file (school.json, pages/home.json). */
const isEntry = (entry: string) => /^(?!pages[/\\])[^/\\]+[/\\][^/\\]+$/.test(entry)

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'))
const writeJson = (file: string, value: unknown) =>
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`)

/**
 * Deletes every entry ticked as a shipped sample (`"sample": true`) under `contentDir`, and each
 * upload ('/uploads/…') one names, as a school does before launch: a release build of the copy
 * must pass. Returns the files deleted, relative to the folder.
 */
export function removeSampleEntries(contentDir: string): string[] {
  const removed: string[] = []
  for (const entry of jsonFiles(contentDir).filter(isEntry)) {
    const file = path.join(contentDir, entry)
    const text = readFileSync(file, 'utf8')
    const value: unknown = JSON.parse(text)
    if (value === null || typeof value !== 'object' || !('sample' in value)) continue
    if (value.sample !== true) continue
    rmSync(file)
    removed.push(entry)
    for (const [, upload] of text.matchAll(/"\/uploads\/([^"/]+)"/g)) {
      rmSync(path.join(contentDir, 'uploads', upload ?? ''), { force: true })
      removed.push(path.join('uploads', upload ?? ''))
    }
  }
  return removed.sort()
}

/**
 * The single files' «Образец» ticks cleared, as the owner confirms her own words; a release refuses
 * a prize draw or a promo code without its terms, so she has neither. Returns the files changed.
 */
export function confirmSingleFiles(contentDir: string): string[] {
  const changed: string[] = []
  for (const entry of jsonFiles(contentDir).filter((file) => !isEntry(file))) {
    const file = path.join(contentDir, entry)
    const text = readFileSync(file, 'utf8')
    if (!/"sample": true/.test(text)) continue
    const value = unticked(JSON.parse(text)) as Record<string, unknown>
    if (entry === 'prizes.json') value.items = []
    if (entry === 'promises.json') value.quizPromo = { ...Object(value.quizPromo), code: '' }
    writeJson(file, value)
    changed.push(entry)
  }
  return changed
}

/** Everything the launch asks of content/ besides the facts: samples deleted, single files confirmed. */
export function prepareLaunch(contentDir: string): string[] {
  return [...removeSampleEntries(contentDir), ...confirmSingleFiles(contentDir)].sort()
}

/**
 * The owner's own names for her courses: every title changed («Программирование на Python» →
 * «Программирование на Python — курс школы»), so a check that names a shipped title fails here.
 * Returns the files changed.
 */
export function renameCourses(contentDir: string, suffix = ' — курс школы'): string[] {
  const folder = path.join(contentDir, 'courses')
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => {
      const file = path.join(folder, name)
      const course = readJson(file) as { title: string }
      writeJson(file, { ...course, title: `${course.title}${suffix}` })
      return path.join('courses', name)
    })
}
