// What each course teaches, by course id, from each course's file (content/courses/). Kept apart
// from courses.ts because only the course page needs it: the home page and the catalogue load
// the short list without these texts (docs/decisions/0008-lazy-popup-quiz-programmes.md).
import { readCourses } from '@it-lab/shared/content'

export type CourseProgramme = {
  /** 'Чему научится ваш ребёнок'. */
  skills: string[]
  /** 'Программа курса'. */
  plan: string[]
}

/** Every course's programme, by id, from the course files. */
export function readCourseProgrammes(): Record<number, CourseProgramme> {
  return Object.fromEntries(readCourses().map(({ id, skills, plan }) => [id, { skills, plan }]))
}

export const courseProgrammes: Readonly<Record<number, CourseProgramme>> =
  typeof __COURSE_PROGRAMMES__ === 'undefined' ? readCourseProgrammes() : __COURSE_PROGRAMMES__

export function findCourseProgramme(id: number): CourseProgramme | undefined {
  return courseProgrammes[id]
}
