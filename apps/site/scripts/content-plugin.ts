import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import {
  ContentError,
  checkCourses,
  contentDir,
  FIELD_LABELS,
  IMAGE_MAX_BYTES,
  IMAGE_MIN_SIZE,
  IMAGE_RATIO_TOLERANCE,
  UPLOADS_PATH,
  formatProblem,
  catalogueEntry,
  type ContentProblem,
  type CourseFile,
  type PrizesFile,
  type TrialOfferFile,
} from '@it-lab/shared/content'
import sharp from 'sharp'
import type { Plugin } from 'vite'
import {
  readAnnouncements,
  readPageTexts,
  readPrizes,
  readTrialOffer,
  schoolToday,
  type Announcement,
} from '#app/content/content-files.ts'
import { readSchoolFactsFile } from '#app/config/school-facts.ts'
import { FACTS_FILE, parseSchoolFacts, SchoolFactsError } from '#app/config/school-facts-schema.ts'
import { definePriceTexts } from './price-texts.ts'

// The school's content as the build reads it (docs/decisions/0054-content-as-data.md): every file
// of content/ checked, every problem listed at once, then baked into the bundles (`define`) and
// the course pictures given to Vite as assets (`virtual:content-uploads`), so the browser neither
// reads nor checks anything.

export type BuildContent = {
  courses: CourseFile[]
  announcements: Announcement[]
  prizes: PrizesFile
  trialOffer: TrialOfferFile
  /** Absolute paths of the pictures the courses name. */
  uploads: Map<string, string>
  /** The fixed pages' own words (content/pages/). */
  pageTexts: ReturnType<typeof readPageTexts>
}

const KIB = 1024

/** The problems of one course's picture: missing, too heavy, too small or not 8:5. */
async function imageProblems(
  course: CourseFile,
  file: string,
  dir: string,
): Promise<ContentProblem[]> {
  const at = { file, field: 'image', label: FIELD_LABELS.course.image, received: course.image }
  const picture = path.join(dir, 'uploads', course.image.slice(UPLOADS_PATH.length))
  if (!existsSync(picture)) {
    return [{ ...at, rule: 'такого файла нет в content/uploads: загрузите картинку заново' }]
  }
  const bytes = statSync(picture).size
  if (bytes > IMAGE_MAX_BYTES) {
    return [
      {
        ...at,
        rule: `картинка весит ${Math.ceil(bytes / KIB)} КБ, можно не больше ${IMAGE_MAX_BYTES / KIB} КБ`,
      },
    ]
  }
  if (picture.toLowerCase().endsWith('.svg')) return []
  const { width = 0, height = 0 } = await sharp(picture).metadata()
  const ratio = IMAGE_MIN_SIZE.width / IMAGE_MIN_SIZE.height
  const size = `${width}×${height}`
  if (width < IMAGE_MIN_SIZE.width || height < IMAGE_MIN_SIZE.height) {
    return [
      {
        ...at,
        rule: `картинка ${size}, нужна не меньше ${IMAGE_MIN_SIZE.width}×${IMAGE_MIN_SIZE.height}`,
      },
    ]
  }
  if (Math.abs(width / height / ratio - 1) > IMAGE_RATIO_TOLERANCE) {
    return [
      { ...at, rule: `картинка ${size}: нужна пропорция 8:5, например 1280×800 (обрежьте её)` },
    ]
  }
  return []
}

/** A ContentError's problems, or the error itself when it is another. */
function problemsOf(error: unknown): ContentProblem[] {
  if (error instanceof ContentError) return error.problems
  throw error
}

/**
 * Reads and checks every content file (school.json is checked by config/school.ts); throws a
 * ContentError listing every problem. `today` decides which announcements and start dates are
 * over.
 */
export async function readBuildContent(today = schoolToday()): Promise<BuildContent> {
  const dir = contentDir()
  const { courses, files, problems } = checkCourses(dir)
  /** The file's value, or undefined with its problems listed. */
  const collect = <T>(read: () => T): T | undefined => {
    try {
      return read()
    } catch (error) {
      problems.push(...problemsOf(error))
      return undefined
    }
  }
  const prizes = collect(readPrizes)
  const trialOffer = collect(readTrialOffer)
  const pageTexts = collect(() => readPageTexts(dir))
  const announcements = collect(() => readAnnouncements(today))
  const uploads = new Map<string, string>()
  for (const course of courses) {
    const found = await imageProblems(course, files.get(course.id) ?? '', dir)
    problems.push(...found)
    if (found.length === 0) {
      uploads.set(course.image, path.join(dir, 'uploads', course.image.slice(UPLOADS_PATH.length)))
    }
  }
  if (problems.length > 0 || !prizes || !trialOffer || !announcements || !pageTexts) {
    throw new ContentError(problems)
  }
  // A start date already past is shown as «По набору»: the group has begun, enrolment goes on.
  const current = courses.map((course) =>
    course.start && course.start < today ? { ...course, start: '' } : course,
  )
  return { courses: current, announcements, prizes, trialOffer, pageTexts, uploads }
}

const UPLOADS_MODULE = 'virtual:content-uploads'

/** Bakes the content into the bundles and serves the course pictures as Vite assets. */
export function contentPlugin(content: BuildContent): Plugin {
  return {
    name: 'it-lab-content',
    config: () => ({
      define: {
        __COURSE_CATALOGUE__: JSON.stringify(content.courses.map(catalogueEntry)),
        __COURSE_PROGRAMMES__: JSON.stringify(
          Object.fromEntries(content.courses.map(({ id, skills, plan }) => [id, { skills, plan }])),
        ),
        __PRIZES__: JSON.stringify(content.prizes),
        __TRIAL_OFFER__: JSON.stringify(content.trialOffer),
        __HOME_TEXTS__: JSON.stringify(content.pageTexts.home),
        __PAGE_TEXTS__: JSON.stringify({
          course: content.pageTexts.course,
          other: content.pageTexts.other,
        }),
        // One constant a page, so each route's chunk carries only its own search texts.
        ...Object.fromEntries(
          Object.entries(content.pageTexts.search).map(([page, texts]) => [
            `__SEARCH_TEXTS__.${page}`,
            JSON.stringify(texts),
          ]),
        ),
        __ANNOUNCEMENTS__: JSON.stringify(content.announcements),
        ...definePriceTexts(content.courses),
      },
    }),
    resolveId: (id) => (id === UPLOADS_MODULE ? `\0${UPLOADS_MODULE}` : undefined),
    load(id) {
      if (id !== `\0${UPLOADS_MODULE}`) return undefined
      const entries = [...content.uploads]
      return [
        ...entries.map(
          ([, file], index) => `import u${index} from ${JSON.stringify(`${file}?url`)}`,
        ),
        `export default {${entries.map(([name], index) => `${JSON.stringify(name)}: u${index}`).join(', ')}}`,
      ].join('\n')
    },
  }
}

/**
 * Every problem of the content folder, one a line, in Russian: the school's facts and every
 * content file. Empty when the build may go on. The release build asks this first, so the owner
 * reads every problem at once and nothing is built from a broken edit.
 */
export async function contentCheck(today = schoolToday()): Promise<string[]> {
  const problems: string[] = []
  try {
    parseSchoolFacts(readSchoolFactsFile())
  } catch (error) {
    if (error instanceof SchoolFactsError) {
      problems.push(...error.problems.map((problem) => `${FACTS_FILE}: ${problem}`))
    } else if (error instanceof SyntaxError || (error as NodeJS.ErrnoException).code === 'ENOENT') {
      problems.push(`${FACTS_FILE}: весь файл: ${String(error)}`)
    } else throw error
  }
  try {
    await readBuildContent(today)
  } catch (error) {
    problems.push(...problemsOf(error).map(formatProblem))
  }
  return problems
}
