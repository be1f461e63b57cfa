import { closeSync, existsSync, openSync, readdirSync, readSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import {
  ContentError,
  checkCourses,
  checkGroups,
  checkPhotos,
  checkTeachers,
  checkContentEntries,
  contentDir,
  contentFileName,
  EXTENSION_IMAGE_TYPE,
  FIELD_LABELS,
  IMAGE_MAX_BYTES,
  IMAGE_RATIO_TOLERANCE,
  PICTURE_KINDS,
  pictureProportion,
  SVG_MAX_BYTES,
  UPLOADS_PATH,
  formatProblem,
  groupLessonProblems,
  catalogueEntry,
  shownGroups,
  sniffImageType,
  type ContentProblem,
  type GroupEntry,
  type CourseFile,
  type HiddenCourse,
  type PictureKind,
  type PrizesFile,
  type PromisesFile,
  type TrialOfferFile,
} from '@it-lab/shared/content'
import type { Plugin } from 'vite'
import {
  readAnnouncements,
  readPageTexts,
  readPrizes,
  readPromises,
  readTrialOffer,
  schoolToday,
  type Announcement,
} from '#app/content/content-files.ts'
import {
  readSchoolPhotos,
  readTeachers,
  type SchoolPhoto,
  type Teacher,
} from '#app/content/teacher-photo-files.ts'
import { PICTURE_SIZES } from '#app/content/uploaded-pictures.ts'
import { readFaq, readReviews, type FaqEntry, type Review } from '#app/content/answers-files.ts'
import { readSchoolFactsFile } from '#app/config/school-facts.ts'
import { svgDataUrl } from '#app/lib/svg-data-url.ts'
import { FACTS_FILE, parseSchoolFacts, SchoolFactsError } from '#app/config/school-facts-schema.ts'
import { definePriceTexts } from './price-texts.ts'
import {
  buildResponsiveImage,
  FALLBACK_FORMAT,
  IMAGE_FORMATS,
  pictureHeader,
  type ResponsiveImageSpec,
} from './responsive-images.ts'

// The school's content as the build reads it (docs/decisions/0054-content-as-data.md): every file
// of content/ checked, every problem listed at once, then baked into the bundles (`define`) and
// the pictures given to Vite as assets (`virtual:content-uploads/<kind>`), so the browser neither
// reads nor checks anything.

export type BuildContent = {
  /** The courses the site shows (hidden ones left out), in id order. */
  courses: CourseFile[]
  /** The courses marked hidden: only their old addresses know them. */
  hiddenCourses: HiddenCourse[]
  announcements: Announcement[]
  /** The prizes; none once the draw's last day is past (the section is gone). */
  prizes: PrizesFile
  trialOffer: TrialOfferFile
  /** The promises a parent reads: the format, what a course ends with, the quiz's promo code. */
  promises: PromisesFile
  /** Absolute paths of the pictures the pages show, by kind ('/uploads/a.jpg' → its file). */
  uploads: Record<PictureKind, Map<string, string>>
  /** The teachers, in order (content/teachers/). */
  teachers: Teacher[]
  /** The school's photos, in order (content/photos/). */
  schoolPhotos: SchoolPhoto[]
  /** The fixed pages' own words (content/pages/). */
  pageTexts: ReturnType<typeof readPageTexts>
  /** The groups of the shown courses, in list order (docs/decisions/0075). */
  groups: GroupEntry[]
  /** The questions (content/faq/) and the parents' reviews (content/reviews/), in page order. */
  faq: FaqEntry[]
  reviews: Review[]
}

const KIB = 1024
const MIB = 1024 * KIB

/** A weight as the owner reads it: «740 КБ», «12,5 МБ». */
function weight(bytes: number): string {
  return bytes < MIB
    ? `${Math.ceil(bytes / KIB)} КБ`
    : `${(Math.ceil((bytes / MIB) * 10) / 10).toLocaleString('ru-RU')} МБ`
}

/** The first bytes of a file: all a picture's type is told by (a photo may weigh 15 MB). */
function fileHead(file: string, bytes = 4096): Uint8Array {
  const head = new Uint8Array(bytes)
  const descriptor = openSync(file, 'r')
  try {
    return head.subarray(0, readSync(descriptor, head, 0, bytes, 0))
  } finally {
    closeSync(descriptor)
  }
}

/** The picture types the uploads folder may hold, as the owner knows them. */
const IMAGE_KINDS = 'PNG, JPEG, WebP, AVIF или SVG'

/**
 * Every file of content/uploads/ that is not a picture, by its bytes: the folder is published, so
 * a .pdf or .docx put there (or a document renamed .png) is refused by name.
 */
export function uploadsProblems(dir: string): ContentProblem[] {
  const uploads = path.join(dir, 'uploads')
  if (!existsSync(uploads)) return []
  const problems: ContentProblem[] = []
  for (const entry of readdirSync(uploads, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    const named = EXTENSION_IMAGE_TYPE[path.extname(entry.name).slice(1).toLowerCase()]
    const found = sniffImageType(fileHead(file))
    if (named !== undefined && found === named) continue
    problems.push({
      file: contentFileName(file, dir),
      field: '',
      rule:
        named === undefined || found === undefined
          ? `это не картинка: в папке загрузок могут быть только картинки ${IMAGE_KINDS}; удалите этот файл`
          : `внутри не то, что написано в имени файла (это ${found.toUpperCase()}, а не ${named.toUpperCase()}): загрузите картинку заново`,
    })
  }
  return problems
}

/** Where a picture is named: its file and field, for a problem. */
type PictureAt = { file: string; field: string; label: string | undefined }

/** The largest cut of `kind`'s proportion a `width`×`height` picture holds. */
export function pictureCut(kind: PictureKind, width: number, height: number) {
  const { aspect } = PICTURE_KINDS[kind]
  const cutWidth = Math.min(width, Math.floor((height * aspect.width) / aspect.height))
  return { width: cutWidth, height: Math.floor((cutWidth * aspect.height) / aspect.width) }
}

/**
 * The problems of one uploaded picture of a kind (docs/decisions/0074-teachers-and-school-photos.md):
 * missing, too heavy, an SVG where a photo is needed, too small, or (a course's) not in its
 * proportion. A teacher's or the school's photo of another proportion is cut at build instead.
 */
async function pictureProblems(
  kind: PictureKind,
  image: string,
  where: PictureAt,
  dir: string,
): Promise<ContentProblem[]> {
  const rules = PICTURE_KINDS[kind]
  const at = { ...where, received: image }
  const picture = path.join(dir, 'uploads', image.slice(UPLOADS_PATH.length))
  if (!existsSync(picture)) {
    return [{ ...at, rule: 'такого файла нет в content/uploads: загрузите картинку заново' }]
  }
  const bytes = statSync(picture).size
  // An SVG is served as it is; a photo is resized at build, so only its upload is limited.
  const svg = picture.toLowerCase().endsWith('.svg')
  if (svg && !rules.svg) {
    return [{ ...at, rule: 'здесь нужна фотография JPG, PNG, WebP или AVIF, а не рисунок SVG' }]
  }
  const limit = svg ? SVG_MAX_BYTES : IMAGE_MAX_BYTES
  if (bytes > limit) {
    return [{ ...at, rule: `картинка весит ${weight(bytes)}, можно не больше ${weight(limit)}` }]
  }
  if (svg) return []
  const header = await pictureHeader(picture).catch(() => undefined)
  if (!header) return [{ ...at, rule: 'файл не открывается как картинка: загрузите её заново' }]
  if (header.tooLarge) return [{ ...at, rule: `картинка слишком большая: ${header.tooLarge}` }]
  const { width, height } = header
  const { minSize, aspect } = rules
  const size = `${width}×${height}`
  const proportion = pictureProportion(kind)
  if (rules.cut) {
    const cut = pictureCut(kind, width, height)
    if (cut.width >= minSize.width) return []
    return [
      {
        ...at,
        rule: `фото ${size} слишком маленькое: на сайте оно в пропорции ${proportion}, и из него выходит только ${cut.width}×${cut.height}, а нужно не меньше ${minSize.width}×${minSize.height}`,
      },
    ]
  }
  if (width < minSize.width || height < minSize.height) {
    return [{ ...at, rule: `картинка ${size}, нужна не меньше ${minSize.width}×${minSize.height}` }]
  }
  if (Math.abs((width * aspect.height) / (height * aspect.width) - 1) > IMAGE_RATIO_TOLERANCE) {
    return [
      {
        ...at,
        rule: `картинка ${size}: нужна пропорция ${proportion}, например ${minSize.width * 2}×${minSize.height * 2} (обрежьте её)`,
      },
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
  // Nothing is read while a link is there: its target is outside content/.
  const entries = checkContentEntries(dir)
  if (entries.length > 0) throw new ContentError(entries)
  const { courses, files, problems } = checkCourses(dir)
  /**
   * A course file with problems has no known number: teachers' and groups' courses are not
   * checked then.
   */
  const knownCourses = problems.length === 0 ? courses : undefined
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
  const promises = collect(readPromises)
  const pageTexts = collect(() => readPageTexts(dir))
  const announcements = collect(() => readAnnouncements(today))
  const groupsRead = checkGroups(
    knownCourses?.map((course) => course.id),
    dir,
  )
  problems.push(...groupsRead.problems)
  // Each group meets as its course says: the course's «в месяц» figures count on it.
  if (knownCourses) problems.push(...groupLessonProblems(groupsRead.groups, knownCourses, dir))
  const faq = collect(readFaq)
  const reviews = collect(readReviews)
  problems.push(...uploadsProblems(dir))
  const uploads: BuildContent['uploads'] = {
    course: new Map(),
    teacher: new Map(),
    photo: new Map(),
  }
  /** Checks a picture; one without problems is built for the pages when `shown`. */
  const picture = async (kind: PictureKind, image: string, at: PictureAt, shown: boolean) => {
    const found = await pictureProblems(kind, image, at, dir)
    problems.push(...found)
    if (found.length === 0 && shown) {
      uploads[kind].set(image, path.join(dir, 'uploads', image.slice(UPLOADS_PATH.length)))
    }
  }
  for (const course of courses) {
    // A hidden course's picture is checked too: showing the course again must not break the build.
    const at = {
      file: files.get(course.id) ?? '',
      field: 'image',
      label: FIELD_LABELS.course.image,
    }
    await picture('course', course.image, at, !course.hidden)
  }
  const teachers = collect(() => readTeachers(knownCourses, dir))
  for (const { file, value } of checkTeachers(undefined, dir).teachers) {
    const at = { file, field: 'photo', label: FIELD_LABELS.teacher.photo }
    await picture('teacher', value.photo, at, true)
  }
  const schoolPhotos = collect(() => readSchoolPhotos(dir))
  for (const { file, value } of checkPhotos(dir).photos) {
    const at = { file, field: 'image', label: FIELD_LABELS.photo.image }
    await picture('photo', value.image, at, true)
  }
  if (
    problems.length > 0 ||
    !prizes ||
    !trialOffer ||
    !promises ||
    !announcements ||
    !pageTexts ||
    !teachers ||
    !schoolPhotos ||
    !faq ||
    !reviews
  ) {
    throw new ContentError(problems)
  }
  // A start date already past is shown as «По набору»: the group has begun, enrolment goes on.
  const shown = courses
    .filter((course) => !course.hidden)
    .map((course) => (course.start && course.start < today ? { ...course, start: '' } : course))
  const hiddenCourses = courses
    .filter((course) => course.hidden)
    .map(({ id, title }) => ({ id, title }))
  // A group whose start is past already meets: «Группа уже занимается».
  const groups = shownGroups(groupsRead.groups, shown).map((group) =>
    group.startDate && group.startDate < today ? { ...group, startDate: '' } : group,
  )
  return {
    courses: shown,
    hiddenCourses,
    announcements,
    // A draw whose last day is past is no longer advertised (docs/decisions/0089).
    prizes: prizes.draw.end && prizes.draw.end < today ? { ...prizes, items: [] } : prizes,
    trialOffer,
    promises,
    pageTexts,
    uploads,
    groups,
    teachers,
    schoolPhotos,
    faq,
    reviews,
  }
}

/**
 * How each kind of picture is built for the pages: a photo is cut to its kind's proportion and
 * built at these widths (the widest serves the picture on a screen of twice or three times the
 * density); an SVG is served as it is.
 */
export const PICTURE_SPECS: Readonly<Record<PictureKind, ResponsiveImageSpec>> = {
  course: { widths: [320, 640, 960, 1280], aspect: PICTURE_KINDS.course.aspect },
  // The face is kept rather than the middle: sharp's «attention» finds skin and detail.
  teacher: {
    widths: [240, 480, 720, 960],
    aspect: PICTURE_KINDS.teacher.aspect,
    position: 'attention',
  },
  photo: {
    widths: [320, 640, 960, 1280],
    aspect: PICTURE_KINDS.photo.aspect,
    position: 'attention',
  },
}

/** A course picture as the pages get it. */
export const COURSE_PHOTO = PICTURE_SPECS.course

/**
 * The virtual module's source: each picture's fallback URL, `srcset` and the better formats. For
 * the prerendering build an SVG also carries its `data:` URL, which a picture on the first screen
 * uses: it paints with the document, a round trip sooner (docs/performance.md, "The first
 * screen's pictures"); the browser's bundles never carry it.
 */
async function uploadsModule(
  kind: PictureKind,
  uploads: Map<string, string>,
  prerender: boolean,
): Promise<string> {
  const imports = new Map<string, string>()
  /** An expression for the built URL of `file`, imported through Vite so it gets a hashed name. */
  const url = (file: string) => {
    const known = imports.get(file)
    if (known) return known
    const name = `u${imports.size}`
    imports.set(file, name)
    return name
  }
  const srcset = (variants: { file: string; width: number }[]) =>
    variants
      .map(({ file, width }) => `${url(file)} + ${JSON.stringify(` ${width}w`)}`)
      .join(` + ', ' + `)
  const entries: string[] = []
  for (const [name, file] of uploads) {
    if (file.toLowerCase().endsWith('.svg')) {
      const inline = prerender
        ? `, inline: ${JSON.stringify(svgDataUrl(await readFile(file, 'utf8')))}`
        : ''
      entries.push(`${JSON.stringify(name)}: { src: ${url(file)}${inline}, sources: [] }`)
      continue
    }
    const variants = await buildResponsiveImage(file, PICTURE_SPECS[kind])
    const of = (format: string) => variants.filter((variant) => variant.format === format)
    const own = of(FALLBACK_FORMAT)
    // The width the picture is laid out at (its width attribute): the <img>'s own `src`.
    const src = own.find(({ width }) => width >= PICTURE_SIZES[kind].width) ?? own.at(-1)
    const sources = IMAGE_FORMATS.filter(({ format }) => format !== FALLBACK_FORMAT).map(
      ({ format, type }) => `{ type: ${JSON.stringify(type)}, srcset: ${srcset(of(format))} }`,
    )
    entries.push(
      `${JSON.stringify(name)}: { src: ${url(src?.file ?? file)}, srcset: ${srcset(own)}, sources: [${sources.join(', ')}] }`,
    )
  }
  return [
    ...[...imports].map(([file, name]) => `import ${name} from ${JSON.stringify(`${file}?url`)}`),
    `export default {${entries.join(', ')}}`,
  ].join('\n')
}

/** Each kind's pictures: `virtual:content-uploads/course`, `…/teacher`, `…/photo`. */
const UPLOADS_MODULE = 'virtual:content-uploads/'

/** Bakes the content into the bundles and serves the pages' pictures as Vite assets. */
export function contentPlugin(content: BuildContent): Plugin {
  // Built once for the client and once for the prerendering build.
  const modules = new Map<string, Promise<string>>()
  const kindOf = (id: string) =>
    Object.keys(PICTURE_KINDS).find((kind) => id === `\0${UPLOADS_MODULE}${kind}`) as
      PictureKind | undefined
  return {
    name: 'it-lab-content',
    config: () => ({
      define: {
        __COURSE_CATALOGUE__: JSON.stringify(content.courses.map(catalogueEntry)),
        __HIDDEN_COURSES__: JSON.stringify(content.hiddenCourses),
        __COURSE_PROGRAMMES__: JSON.stringify(
          Object.fromEntries(content.courses.map(({ id, skills, plan }) => [id, { skills, plan }])),
        ),
        __COURSE_QUIZ__: JSON.stringify(content.courses.map(({ id, quiz }) => ({ id, quiz }))),
        __PRIZES__: JSON.stringify(content.prizes),
        __TRIAL_OFFER__: JSON.stringify(content.trialOffer),
        // Each promise apart, so an island (the quiz, the popup) carries only its own.
        __TRIAL_DETAILS__: JSON.stringify(content.trialOffer.details),
        __PROMISE_FORMAT__: JSON.stringify(content.promises.format),
        __COMPLETION__: JSON.stringify(content.promises.completion),
        __QUIZ_PROMO__: JSON.stringify(content.promises.quizPromo),
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
        __GROUPS__: JSON.stringify(content.groups),
        __TEACHERS__: JSON.stringify(content.teachers),
        __SCHOOL_PHOTOS__: JSON.stringify(content.schoolPhotos),
        __FAQ__: JSON.stringify(content.faq),
        __REVIEWS__: JSON.stringify(content.reviews),
        ...definePriceTexts(content.courses),
      },
    }),
    resolveId: (id) => (id.startsWith(UPLOADS_MODULE) ? `\0${id}` : undefined),
    load(id, options) {
      const kind = kindOf(id)
      if (kind === undefined) return undefined
      const prerender = options?.ssr === true
      const key = `${kind}${prerender ? ':prerender' : ''}`
      const module = modules.get(key) ?? uploadsModule(kind, content.uploads[kind], prerender)
      modules.set(key, module)
      return module
    },
  }
}

/**
 * Every problem of the content folder, one a line, in Russian: the school's facts and every
 * content file. Empty when the build may go on. The release build asks this first, so the owner
 * reads every problem at once and nothing is built from a broken edit.
 */
export async function contentCheck(today = schoolToday()): Promise<string[]> {
  // A link is told alone: nothing is read through it (a school.json linked to /etc/passwd would
  // have its first line quoted in the problem).
  const entries = checkContentEntries()
  if (entries.length > 0) return entries.map(formatProblem)
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
