import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  COMPLETION_BENEFITS,
  COURSE_SECTION_HEADINGS,
  TRIAL_PROMO,
  TRIAL_PROMO_POINTS,
} from './course-extras.ts'
import {
  COURSE_IMAGE_SIZE,
  COURSE_PRICES,
  type Course,
  courses,
  findCourse,
  mainPageCourses,
} from './courses.ts'
import { courseProgrammes } from './course-programmes.ts'
import { MONTH_FORMS, pluralRu, pluralizeMonths } from './plural.ts'
import { PRIZES_HEADING, PRIZES_NOTE, prizes } from './prizes.ts'

const text = z.string().trim().min(1)
const textList = (min: number) =>
  z
    .array(text)
    .min(min)
    .refine((list) => new Set(list).size === list.length, 'entries must be unique')

const pricesSchema = z.strictObject({
  basic: z.literal(COURSE_PRICES.basic),
  month: z.literal(COURSE_PRICES.month),
  fourMonth: z.literal(COURSE_PRICES.fourMonth),
  year: z.literal(COURSE_PRICES.year),
})

const courseSchema = z
  .strictObject({
    id: z.int().min(1).max(10),
    title: text,
    description: text.min(100),
    duration: z.string().regex(/^\d+ месяц(а|ев)?$/),
    image: z.string().min(1).optional(),
    format: z.literal('Оффлайн'),
    startDate: z.literal('По набору'),
    level: z.string().regex(/^(Начальный|Средний|Продвинутый|Умеренный) · \d+–\d+ лет$/),
    levelTone: z.enum(['beginner', 'middle', 'advanced', 'moderate']),
    ageMin: z.int().min(5).max(17),
    ageMax: z.int().min(5).max(17),
    onMainPage: z.boolean(),
    prices: pricesSchema,
  })
  .refine((course) => course.ageMin < course.ageMax, 'ageMin must be below ageMax')
  .refine(
    (course) => course.level.endsWith(`${course.ageMin}–${course.ageMax} лет`),
    'level text must carry the age range',
  )

const coursesSchema = z
  .array(courseSchema)
  .length(10)
  .refine(
    (list) => list.every((course, index) => course.id === index + 1),
    'ids must be 1–10, unique and in order',
  )
  .refine((list) => new Set(list.map((c) => c.title)).size === list.length, 'unique titles')

// Spec section 3: id → months, level, ages, onMainPage.
const SPEC_TABLE: Record<
  number,
  { months: number; tone: Course['levelTone']; ages: [number, number]; main: boolean }
> = {
  1: { months: 9, tone: 'middle', ages: [11, 13], main: true },
  2: { months: 5, tone: 'beginner', ages: [5, 7], main: true },
  3: { months: 6, tone: 'middle', ages: [11, 13], main: false },
  4: { months: 12, tone: 'advanced', ages: [14, 17], main: true },
  5: { months: 5, tone: 'middle', ages: [7, 10], main: false },
  6: { months: 8, tone: 'middle', ages: [7, 10], main: true },
  7: { months: 12, tone: 'advanced', ages: [14, 17], main: true },
  8: { months: 4, tone: 'middle', ages: [11, 13], main: false },
  9: { months: 6, tone: 'middle', ages: [7, 10], main: true },
  10: { months: 3, tone: 'moderate', ages: [11, 13], main: false },
}

const EXPECTED_DURATIONS = [
  '9 месяцев',
  '5 месяцев',
  '6 месяцев',
  '12 месяцев',
  '5 месяцев',
  '8 месяцев',
  '12 месяцев',
  '4 месяца',
  '6 месяцев',
  '3 месяца',
]

describe('courses', () => {
  it('match the schema', () => {
    const result = coursesSchema.safeParse(courses)
    expect(result.success, result.error ? z.prettifyError(result.error) : '').toBe(true)
  })

  it('use the shared prices of spec section 3', () => {
    expect(COURSE_PRICES).toEqual({ basic: 1500, month: 1125, fourMonth: 1000, year: 900 })
    for (const course of courses) expect(course.prices).toEqual(COURSE_PRICES)
  })

  it('follow the spec table', () => {
    for (const course of courses) {
      const row = SPEC_TABLE[course.id]
      expect(row, `course ${course.id}`).toBeDefined()
      if (!row) continue
      expect(course.duration).toBe(pluralizeMonths(row.months))
      expect(course.levelTone).toBe(row.tone)
      expect([course.ageMin, course.ageMax]).toEqual(row.ages)
      expect(course.onMainPage, `course ${course.id} onMainPage`).toBe(row.main)
    }
    expect(courses.map((c) => c.duration)).toEqual(EXPECTED_DURATIONS)
  })

  it('show level text with the age range', () => {
    expect(findCourse(1)?.level).toBe('Средний · 11–13 лет')
    expect(findCourse(2)?.level).toBe('Начальный · 5–7 лет')
    expect(findCourse(4)?.level).toBe('Продвинутый · 14–17 лет')
    expect(findCourse(6)?.level).toBe('Средний · 7–10 лет')
    expect(findCourse(10)?.level).toBe('Умеренный · 11–13 лет')
  })

  it('list the home-page courses 1, 2, 4, 6, 7, 9', () => {
    expect(mainPageCourses.map((c) => c.id)).toEqual([1, 2, 4, 6, 7, 9])
  })

  it('each have a distinct illustration', () => {
    const images = courses.map((c) => c.image)
    for (const image of images) expect(image).toMatch(/svg/)
    expect(new Set(images).size).toBe(courses.length)
    expect(COURSE_IMAGE_SIZE).toEqual({ width: 640, height: 400 })
  })
})

describe('course programmes', () => {
  const programmeSchema = z.strictObject({ skills: textList(6), plan: textList(8) })

  it('exist for every course, with at least 6 skills and 8 programme items', () => {
    expect(Object.keys(courseProgrammes).map(Number)).toEqual(courses.map((course) => course.id))
    for (const programme of Object.values(courseProgrammes)) {
      const result = programmeSchema.safeParse(programme)
      expect(result.success, result.error?.message).toBe(true)
    }
  })
})

describe('course illustrations', () => {
  // A path, not a URL: under jsdom the global URL is not the one node:fs accepts.
  const dir = join(import.meta.dirname, 'course-images')
  const files = readdirSync(dir).filter((name) => name.endsWith('.svg'))

  it('exist for every course and nothing else', () => {
    expect(files.sort()).toEqual(courses.map((c) => `course-${c.id}.svg`).sort())
  })

  it.each(files)('%s is small, self-contained and text-free', (name) => {
    const svg = readFileSync(join(dir, name), 'utf8')
    expect(Buffer.byteLength(svg)).toBeLessThan(3 * 1024)
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 640 400"/)
    expect(svg).not.toMatch(/<text|<image|<script|<foreignObject|url\(|@import/i)
    for (const [, target] of svg.matchAll(/href="([^"]*)"/g)) expect(target).toMatch(/^#/)
    expect(svg.match(/https?:\/\/[^"]*/g)).toEqual(['http://www.w3.org/2000/svg'])
  })
})

describe('findCourse', () => {
  it.each([
    ['1', 1],
    ['4', 4],
    ['10', 10],
    [4, 4],
  ] as const)('finds %j', (id, expected) => {
    expect(findCourse(id)?.id).toBe(expected)
  })

  it.each(['4.0', ' 4', '4 ', '04', '+4', '4abc', 'abc', '0', '-1', '11', '', '1e1', '0x4'])(
    'does not match %j',
    (id) => {
      expect(findCourse(id)).toBeUndefined()
    },
  )

  it.each([0, 11, 4.5, -4, Number.NaN, Number.POSITIVE_INFINITY])('does not match %s', (id) => {
    expect(findCourse(id)).toBeUndefined()
  })
})

describe('Russian plurals', () => {
  it.each([
    [0, 'месяцев'],
    [1, 'месяц'],
    [2, 'месяца'],
    [3, 'месяца'],
    [4, 'месяца'],
    [5, 'месяцев'],
    [11, 'месяцев'],
    [12, 'месяцев'],
    [14, 'месяцев'],
    [20, 'месяцев'],
    [21, 'месяц'],
    [22, 'месяца'],
    [25, 'месяцев'],
    [101, 'месяц'],
    [111, 'месяцев'],
    [112, 'месяцев'],
    [122, 'месяца'],
    [-1, 'месяц'],
    [1.5, 'месяца'],
  ] as const)('pluralRu(%s) → %s', (n, word) => {
    expect(pluralRu(n, MONTH_FORMS)).toBe(word)
  })

  it('works for other nouns', () => {
    const lessons = ['урок', 'урока', 'уроков'] as const
    expect([1, 2, 5, 31].map((n) => pluralRu(n, lessons))).toEqual([
      'урок',
      'урока',
      'уроков',
      'урок',
    ])
  })

  it.each([
    [1, '1 месяц'],
    [3, '3 месяца'],
    [4, '4 месяца'],
    [5, '5 месяцев'],
    [11, '11 месяцев'],
    [12, '12 месяцев'],
    [21, '21 месяц'],
  ] as const)('pluralizeMonths(%s) → %s', (n, expected) => {
    expect(pluralizeMonths(n)).toBe(expected)
  })
})

const iconSchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)

describe('prizes and course extras', () => {
  const prizeSchema = z.strictObject({
    title: text,
    description: text,
    colour: z.enum(['blue', 'orange', 'green', 'purple']),
    icon: z.enum(['notebook-pen', 'shirt', 'watch', 'speaker']),
  })

  it('has the four prizes of the spec', () => {
    expect(z.array(prizeSchema).length(4).safeParse(prizes).success).toBe(true)
    expect(prizes.map((p) => p.icon)).toEqual(['notebook-pen', 'shirt', 'watch', 'speaker'])
    expect(new Set(prizes.map((p) => p.colour)).size).toBe(4)
    expect(PRIZES_HEADING).toBe('За частое посещение — ценные призы')
    expect(PRIZES_NOTE).toMatch(/обновляется/)
  })

  it('has the fixed four completion benefits and trial promo points', () => {
    const pointSchema = z.strictObject({ title: text, description: text, icon: iconSchema })
    expect(z.array(pointSchema).length(4).safeParse(COMPLETION_BENEFITS).success).toBe(true)
    expect(z.array(pointSchema).length(4).safeParse(TRIAL_PROMO_POINTS).success).toBe(true)
    expect(COMPLETION_BENEFITS.map((b) => b.title)).toEqual([
      'Готовый проект',
      'Призы за лучшие проекты',
      'Скидку на следующий курс',
      'Сертификат об окончании',
    ])
    expect(TRIAL_PROMO.heading).toBe('Не уверены, подойдет ли обучение?')
    expect(TRIAL_PROMO.subheading).toBe('Приходите на бесплатный пробный урок!')
    expect(TRIAL_PROMO.button).toBe('Записаться на пробный урок')
    expect(COURSE_SECTION_HEADINGS.benefits).toBe('По завершению курса, вы получите:')
  })
})
