// The school's course list: built in, never fetched (docs/behaviour.md, "Courses"). Each course
// is defined once, in @it-lab/shared's catalogue (the lead service checks lead courses against
// it); this module adds what the pages show. URLs, the prerender list, the sitemap and the quiz
// take the ids from here. Plain data, so the build scripts can import it too; illustrations are
// in course-images.ts.
import { COURSE_CATALOGUE, type CourseEntry, type CourseLevelTone } from '@it-lab/shared/catalogue'
import { pluralizeMonths } from './plural.ts'
import { COURSE_PRICES, type CoursePrices } from './price-plans.ts'

export type { CourseLevelTone }

export type Course = {
  id: number
  title: string
  /** Two or three sentences for parents. */
  description: string
  /** Human text, e.g. '9 месяцев'. */
  duration: string
  format: 'Оффлайн'
  startDate: 'По набору'
  /** Level with the age range, e.g. 'Средний · 11–13 лет'. */
  level: string
  levelTone: CourseLevelTone
  ageMin: number
  ageMax: number
  onMainPage: boolean
  prices: CoursePrices
}

export const COURSE_FORMAT = 'Оффлайн'
export const COURSE_START_DATE = 'По набору'

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

function defineCourse({ months, ...input }: CourseEntry): Course {
  return {
    ...input,
    duration: pluralizeMonths(months),
    level: levelText(input.levelTone, input.ageMin, input.ageMax),
    format: COURSE_FORMAT,
    startDate: COURSE_START_DATE,
    prices: { ...COURSE_PRICES },
  }
}

export const courses: readonly Course[] = COURSE_CATALOGUE.map(defineCourse)

/** Courses shown in the home-page grid, in id order. */
export const mainPageCourses: readonly Course[] = courses.filter((course) => course.onMainPage)

const INTEGER_ID = /^[1-9][0-9]*$/

/**
 * Finds a course by a route id. Only an exact positive integer string (or an integer) matches:
 * '4' → course 4; '4.0', ' 4', '04', 'abc', '0' → undefined.
 */
export function findCourse(id: string | number): Course | undefined {
  if (typeof id === 'string' && !INTEGER_ID.test(id)) return undefined
  const numericId = Number(id)
  if (!Number.isSafeInteger(numericId)) return undefined
  return courses.find((course) => course.id === numericId)
}
