// The school's teachers (docs/decisions/0074-teachers-and-school-photos.md): one file each in
// content/teachers/, written by the owner's editor. The home page lists them all; a course page
// shows those who teach it. Only the courses the site shows are linked: a hidden course's number
// stays in the file and comes back with the course.
import {
  checkCourses,
  checkTeachers,
  ContentError,
  contentDir,
  type CourseFile,
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

export const teachers: readonly Teacher[] =
  typeof __TEACHERS__ === 'undefined' ? readTeachers(checkCourses().courses) : __TEACHERS__

/** The teachers of one course, in the home page's order. */
export function courseTeachers(courseId: number, list: readonly Teacher[] = teachers): Teacher[] {
  return list.filter((teacher) => teacher.courseIds.includes(courseId))
}
