// The school's teachers (docs/decisions/0074-teachers-and-school-photos.md): one file each in
// content/teachers/, written by the owner's editor. The home page lists them all; a course page
// shows those who teach it. Only the courses the site shows are linked: a hidden course's number
// stays in the file and comes back with the course.
import { checkCourses } from '@it-lab/shared/content'
import { readTeachers, type Teacher } from './teacher-photo-files.ts'

export type { Teacher }

/** In Node (the tests), read here; a course file with problems leaves the courses unchecked. */
function readAllTeachers(): Teacher[] {
  const { courses, problems } = checkCourses()
  return readTeachers(problems.length === 0 ? courses : undefined)
}

export const teachers: readonly Teacher[] =
  typeof __TEACHERS__ === 'undefined' ? readAllTeachers() : __TEACHERS__

/** The teachers of one course, in the home page's order. */
export function courseTeachers(courseId: number, list: readonly Teacher[] = teachers): Teacher[] {
  return list.filter((teacher) => teacher.courseIds.includes(courseId))
}
