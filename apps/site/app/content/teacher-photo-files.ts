// The teachers' and the school's photos' files (content/teachers/, content/photos/;
// docs/decisions/0074-teachers-and-school-photos.md) read and shaped for the pages, as functions:
// the build calls them once to check every file and list every problem; teachers.ts and
// school-photos.ts take the values the build baked in.
import {
  checkPhotos,
  checkTeachers,
  ContentError,
  contentDir,
  type CourseFile,
  type PhotoFile,
  type TeacherFile,
} from '@it-lab/shared/content'

export type Teacher = {
  /** The file's name without .json: unique, so a stable key. */
  id: string
  name: string
  /** The uploaded photo, as the file names it: '/uploads/teacher-1.jpg'. */
  photo: string
  /** The shown courses they teach, in the order the owner listed them. */
  courseIds: readonly number[]
  text: string
  /** Whole years of teaching, when the owner gave them. */
  experience?: number
  /** Where they studied, in a line; empty: not given. */
  education: string
  sample: boolean
}

/** An entry's id: its file's name without the folder and .json. */
export const entryId = (file: string) => file.replace(/^.*\//, '').replace(/\.json$/, '')

/** By «Порядок», smaller first; equal ones by file name. */
export function byOrder<T extends { order: number }>(
  a: { file: string; value: T },
  b: { file: string; value: T },
): number {
  return a.value.order - b.value.order || a.file.localeCompare(b.file, 'en', { numeric: true })
}

/** The teachers as the pages show them: in order, each with the shown courses they teach. */
export function shownTeachers(
  files: readonly { file: string; value: TeacherFile }[],
  shownCourseIds: ReadonlySet<number>,
): Teacher[] {
  return [...files].sort(byOrder).map(({ file, value }) => ({
    id: entryId(file),
    name: value.name,
    photo: value.photo,
    courseIds: value.courses.filter((id) => shownCourseIds.has(id)),
    text: value.text,
    ...(value.experience === undefined ? {} : { experience: value.experience }),
    education: value.education,
    sample: value.sample,
  }))
}

/**
 * The teachers of content/teachers/, checked against the course files read (`courses`, or
 * undefined while one has problems of its own); throws a ContentError naming each problem.
 */
export function readTeachers(
  courses: readonly Pick<CourseFile, 'id' | 'hidden'>[] | undefined,
  dir = contentDir(),
): Teacher[] {
  const { teachers: files, problems } = checkTeachers(
    courses && new Set(courses.map(({ id }) => id)),
    dir,
  )
  if (problems.length > 0) throw new ContentError(problems)
  const shown = new Set(courses?.filter((course) => !course.hidden).map(({ id }) => id))
  return shownTeachers(files, shown)
}

export type SchoolPhoto = {
  /** The file's name without .json: unique, so a stable key. */
  id: string
  /** The uploaded photo, as the file names it: '/uploads/lesson-1.jpg'. */
  image: string
  /** What the photo shows, for a screen reader and a photo that did not load. */
  alt: string
  /** Empty: no caption. */
  caption: string
  sample: boolean
}

/** The photos as the home page shows them: by «Порядок», then by file name. */
export function shownPhotos(files: readonly { file: string; value: PhotoFile }[]): SchoolPhoto[] {
  return [...files].sort(byOrder).map(({ file, value }) => ({
    id: entryId(file),
    image: value.image,
    alt: value.alt,
    caption: value.caption,
    sample: value.sample,
  }))
}

/** The photos of content/photos/; throws a ContentError naming each problem. */
export function readSchoolPhotos(dir = contentDir()): SchoolPhoto[] {
  const { photos, problems } = checkPhotos(dir)
  if (problems.length > 0) throw new ContentError(problems)
  return shownPhotos(photos)
}
