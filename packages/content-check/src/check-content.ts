import {
  checkAnnouncements,
  checkContentEntries,
  checkCourses,
  checkFaq,
  checkGroups,
  checkPhotos,
  checkReviews,
  checkTeachers,
  contentSchemas,
  FIELD_LABELS,
  groupLessonProblems,
  PAGE_TEXT_FILES,
  pageTextLabels,
  pageTextSchemas,
  readContentFile,
  type ContentProblem,
} from '@it-lab/shared/content'
import { FACTS_FILE, schoolFactsProblems } from '@it-lab/shared/school-facts-schema'
import { contentLaunchBlockers, readFactsFile, type LaunchItem } from './launch-blockers.ts'
import { pictureProblems, uploadsProblems } from './pictures.ts'

// The content check (docs/decisions/0094-the-content-check-as-a-function.md): every problem of a
// content folder at once, as data, read afresh on each call (the editor gateway calls it after
// every save). The build, the release gate, `npm run check:content` and the editor gateway word
// the problems in Russian each at its edge (`formatProblem`, `ruleText` of @it-lab/shared).

export type CheckOptions = {
  /** The address the site is served at (SITE_URL), which the facts must name; unknown: any. */
  siteUrl?: string
  /** Whether to list what blocks the launch too (the editor's check of a save needs none). */
  launch?: boolean
}

export type ContentCheckResult = {
  /** Every problem; none when the content may be published. */
  problems: ContentProblem[]
  /**
   * What still blocks the launch (docs/decisions/0084-preview-before-the-launch.md); undefined
   * when not asked for, or when the files cannot be read as JSON at all.
   */
  launch: LaunchItem[] | undefined
}

/** The facts file's problems (content/school.json): its rules, or why it cannot be read. */
async function factsProblems(dir: string): Promise<ContentProblem[]> {
  let facts: unknown
  try {
    facts = await readFactsFile(dir)
  } catch (error) {
    if (error instanceof SyntaxError || (error as NodeJS.ErrnoException).code === 'ENOENT') {
      return [{ file: FACTS_FILE, field: '', rule: String(error) }]
    }
    throw error
  }
  return schoolFactsProblems(facts)
}

/**
 * Every problem of the content files but the facts (the build parses those with the site's
 * config), in the order the owner reads them: the courses, the single files, the entries, the
 * uploads, then each picture a page names.
 */
export async function contentFileProblems(dir: string): Promise<ContentProblem[]> {
  // Nothing is read while a link is there: its target is outside content/.
  const entries = checkContentEntries(dir)
  if (entries.length > 0) return entries
  const { courses, files, problems } = checkCourses(dir)
  // A course file with problems has no known number: teachers' and groups' courses are not
  // checked then.
  const knownCourses = problems.length === 0 ? courses : undefined
  const add = (read: { ok: true } | { ok: false; problems: ContentProblem[] }) => {
    if (!read.ok) problems.push(...read.problems)
  }
  const schemas = contentSchemas()
  add(readContentFile('prizes.json', schemas.prizes, FIELD_LABELS.prizes, dir))
  add(readContentFile('trial-offer.json', schemas.trialOffer, FIELD_LABELS.trialOffer, dir))
  add(readContentFile('promises.json', schemas.promises, FIELD_LABELS.promises, dir))
  const pageLabels = pageTextLabels()
  const pageSchemas = pageTextSchemas()
  for (const kind of ['home', 'course', 'other', 'search'] as const) {
    add(readContentFile(PAGE_TEXT_FILES[kind], pageSchemas[kind], pageLabels[kind], dir))
  }
  problems.push(...checkAnnouncements(dir).problems)
  const groups = checkGroups(
    knownCourses?.map((course) => course.id),
    dir,
  )
  problems.push(...groups.problems)
  // Each group meets as its course says: the course's «в месяц» figures count on it.
  if (knownCourses) problems.push(...groupLessonProblems(groups.groups, knownCourses, dir))
  problems.push(...checkFaq(dir).problems, ...checkReviews(dir).problems)
  problems.push(...uploadsProblems(dir))
  // A hidden course's picture is checked too: showing the course again must not break the build.
  for (const course of courses) {
    const at = {
      file: files.get(course.id) ?? '',
      field: 'image',
      label: FIELD_LABELS.course.image,
    }
    problems.push(...(await pictureProblems('course', course.image, at, dir)))
  }
  const courseIds = knownCourses && new Set(knownCourses.map(({ id }) => id))
  problems.push(...checkTeachers(courseIds, dir).problems)
  for (const { file, value } of checkTeachers(undefined, dir).teachers) {
    const at = { file, field: 'photo', label: FIELD_LABELS.teacher.photo }
    problems.push(...(await pictureProblems('teacher', value.photo, at, dir)))
  }
  const photos = checkPhotos(dir)
  problems.push(...photos.problems)
  for (const { file, value } of photos.photos) {
    const at = { file, field: 'image', label: FIELD_LABELS.photo.image }
    problems.push(...(await pictureProblems('photo', value.image, at, dir)))
  }
  return problems
}

/**
 * Checks the content folder `dir`: every problem of the school's facts and of every content file,
 * and what still blocks the launch. A file is named from the folder's parent (`content/…` for a
 * folder, or a copy, named content), the facts always as content/school.json.
 */
export async function checkContentFolder(
  dir: string,
  { siteUrl, launch = true }: CheckOptions = {},
): Promise<ContentCheckResult> {
  // A link is told alone: nothing is read through it (a school.json linked to /etc/passwd would
  // have its first line quoted in the problem).
  const entries = checkContentEntries(dir)
  const problems =
    entries.length > 0
      ? entries
      : [...(await factsProblems(dir)), ...(await contentFileProblems(dir))]
  if (!launch) return { problems, launch: undefined }
  // With problems, the launch's items too (for the editor) when the files can be read at all.
  const items =
    problems.length > 0
      ? await contentLaunchBlockers(dir, siteUrl).catch(() => undefined)
      : await contentLaunchBlockers(dir, siteUrl)
  return { problems, launch: items }
}
