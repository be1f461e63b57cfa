import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { contentFileProblems } from '@it-lab/content-check'
import {
  ContentError,
  checkGroups,
  contentDir,
  PICTURE_KINDS,
  UPLOADS_PATH,
  catalogueEntry,
  readCourses,
  shownGroups,
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
import { svgDataUrl } from '#app/lib/svg-data-url.ts'
import { definePriceTexts } from './price-texts.ts'
import {
  buildResponsiveImage,
  FALLBACK_FORMAT,
  IMAGE_FORMATS,
  type ResponsiveImageSpec,
} from './responsive-images.ts'

// The school's content as the build reads it (docs/decisions/0054-content-as-data.md): every file
// of content/ checked, every problem listed at once, then baked into the bundles (`define`) and
// the pictures given to Vite as assets (`virtual:content-uploads/<kind>`), so the browser neither
// reads nor checks anything.

export type BuildContent = {
  /** The school's day the build read the content on: the prerendered trial dates count from it. */
  today: string
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

/**
 * Reads and checks every content file (school.json is checked by config/school.ts); throws a
 * ContentError listing every problem (@it-lab/content-check). `today` decides which announcements
 * and start dates are over.
 */
export async function readBuildContent(today = schoolToday()): Promise<BuildContent> {
  const dir = contentDir()
  const problems = await contentFileProblems(dir)
  if (problems.length > 0) throw new ContentError(problems)
  const courses = readCourses(dir)
  const uploads: BuildContent['uploads'] = {
    course: new Map(),
    teacher: new Map(),
    photo: new Map(),
  }
  /** The file a shown picture is built from. */
  const built = (kind: PictureKind, image: string) =>
    uploads[kind].set(image, path.join(dir, 'uploads', image.slice(UPLOADS_PATH.length)))
  for (const course of courses) if (!course.hidden) built('course', course.image)
  const teachers = readTeachers(courses, dir)
  for (const { photo } of teachers) built('teacher', photo)
  const schoolPhotos = readSchoolPhotos(dir)
  for (const { image } of schoolPhotos) built('photo', image)
  const prizes = readPrizes()
  const trialOffer = readTrialOffer()
  const promises = readPromises()
  const pageTexts = readPageTexts(dir)
  const announcements = readAnnouncements(today)
  const faq = readFaq()
  const reviews = readReviews()
  const groupsRead = checkGroups(
    courses.map((course) => course.id),
    dir,
  )
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
    today,
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
        // What the lead form's dates need (docs/decisions/0103-a-trial-she-holds.md), with the
        // build's day: the island counts from it while it hydrates, then from the browser's day.
        __TRIAL_BOOKING__: JSON.stringify({
          datesShown: content.trialOffer.booking.datesShown,
          closedDays: content.trialOffer.booking.closedDays,
          builtOn: content.today,
        }),
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
