// The school's course list, as the build read it from content/courses/ (docs/behaviour.md,
// "Courses"; docs/decisions/0054-content-as-data.md). Each course is defined once, in its file;
// @it-lab/shared's catalogue reads it (the lead service checks lead courses against it) and this
// module adds what the pages show. URLs, the prerender list, the sitemap and the quiz take the ids
// from here. Plain data, so the build scripts can import it too; illustrations are in
// course-images.ts.
import {
  COURSE_CATALOGUE,
  HIDDEN_COURSES,
  type CourseEntry,
  type CourseLevelTone,
  type HiddenCourse,
} from '@it-lab/shared/catalogue'
import { pluralizeMonths } from './plural.ts'
import { russianDate } from './russian-date.ts'
import { lessonPrices, type CoursePrices } from './price-amounts.ts'

export type { CourseLevelTone }

export type Course = {
  id: number
  title: string
  /** Two or three sentences for parents. */
  description: string
  /** Human text, e.g. '9 месяцев'. */
  duration: string
  format: CourseEntry['format']
  /** 'По набору', or the first lesson's date as '1 сентября 2026'. */
  startDate: string
  /** The first lesson's date as YYYY-MM-DD, when the owner set one. */
  startIso?: string
  /** Level with the age range, e.g. 'Средний · 11–13 лет'. */
  level: string
  levelTone: CourseLevelTone
  ageMin: number
  ageMax: number
  onMainPage: boolean
  /**
   * Each offered plan's price of one lesson (a price entered by the month, divided by the month's
   * lessons; docs/decisions/0087-a-month-is-its-lessons.md).
   */
  prices: CoursePrices
  /** How many times a week it meets: one figure, or each its groups have where they differ. */
  lessonsPerWeek: readonly number[]
  /** A lesson's length in minutes, when the owner stated it. */
  lessonMinutes?: number
  /** The course's own words on its price cards. */
  planTexts: CourseEntry['planTexts']
  /** The uploaded picture, as the content names it: '/uploads/course-1.svg'. */
  image: string
}

/** Shown when a course has no start date: enrolment is ongoing. */
export const COURSE_START_ONGOING = 'По набору'

const LEVEL_NAMES: Record<CourseLevelTone, string> = {
  beginner: 'Начальный',
  middle: 'Средний',
  advanced: 'Продвинутый',
  moderate: 'Умеренный',
}

/** 'Средний · 11–13 лет' */
function levelText(tone: CourseLevelTone, ageMin: number, ageMax: number): string {
  return `${LEVEL_NAMES[tone]} · ${ageMin}–${ageMax} лет`
}

/** A course as the pages show it, from its entry. */
export function defineCourse({
  months,
  level,
  start,
  prices,
  pricesPer,
  ...input
}: CourseEntry): Course {
  return {
    ...input,
    prices: lessonPrices({ prices, pricesPer, lessonsPerWeek: input.lessonsPerWeek }),
    duration: pluralizeMonths(months),
    level: levelText(level, input.ageMin, input.ageMax),
    levelTone: level,
    startDate: start ? russianDate(start) : COURSE_START_ONGOING,
    ...(start ? { startIso: start } : {}),
  }
}

export const courses: readonly Course[] = COURSE_CATALOGUE.map(defineCourse)

/** Courses shown in the home-page grid, in id order. */
export const mainPageCourses: readonly Course[] = courses.filter((course) => course.onMainPage)

const INTEGER_ID = /^[1-9][0-9]*$/

/** A route id as a course number: only an exact positive integer string (or an integer). */
function courseNumber(id: string | number): number | undefined {
  if (typeof id === 'string' && !INTEGER_ID.test(id)) return undefined
  const numericId = Number(id)
  return Number.isSafeInteger(numericId) ? numericId : undefined
}

/**
 * Finds a shown course by a route id. Only an exact positive integer string (or an integer)
 * matches: '4' → course 4; '4.0', ' 4', '04', 'abc', '0' → undefined (the servers redirect
 * `/course/04` to `/course/4` before any page is read).
 */
export function findCourse(id: string | number): Course | undefined {
  const numericId = courseNumber(id)
  return courses.find((course) => course.id === numericId)
}

/** The hidden course with this route id: its page says it is not running now. */
export function findHiddenCourse(id: string | number): HiddenCourse | undefined {
  const numericId = courseNumber(id)
  return HIDDEN_COURSES.find((course) => course.id === numericId)
}
