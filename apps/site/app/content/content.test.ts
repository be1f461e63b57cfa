import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { TRIAL_PROMO_POINTS } from './course-extras.ts'
import { COURSE_IMAGE_SIZE, coursePicture } from './course-images.ts'
import { courses, findCourse } from './courses.ts'
import { courseProgrammes } from './course-programmes.ts'
import { MONTH_FORMS, pluralRu, pluralizeMonths } from './plural.ts'
import { prizes } from './prizes.ts'

const text = z.string().trim().min(1)
const textList = (min: number) =>
  z
    .array(text)
    .min(min)
    .refine((list) => new Set(list).size === list.length, 'entries must be unique')

const ids = courses.map((course) => course.id)

describe('courses', () => {
  it('have unique positive integer ids and unique titles', () => {
    for (const id of ids) expect(Number.isSafeInteger(id) && id > 0, `id ${id}`).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
    expect(new Set(courses.map((course) => course.title)).size).toBe(courses.length)
  })

  it('are listed in id order', () => {
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
  })

  it("have texts and an age range within the school's 5 to 17", () => {
    for (const course of courses) {
      expect(course.title.trim(), `course ${course.id}`).not.toBe('')
      expect(course.description.length, `course ${course.id}`).toBeGreaterThanOrEqual(100)
      expect(course.ageMin, `course ${course.id}`).toBeGreaterThanOrEqual(5)
      expect(course.ageMax, `course ${course.id}`).toBeLessThanOrEqual(17)
      expect(course.ageMin, `course ${course.id}`).toBeLessThan(course.ageMax)
      expect(course.level, `course ${course.id}`).toMatch(
        new RegExp(` · ${course.ageMin}–${course.ageMax} лет$`),
      )
    }
  })

  it('each have their own prices, no plan dearer than a single visit', () => {
    for (const course of courses) {
      const { basic, ...plans } = course.prices
      for (const price of Object.values(plans)) expect(price).toBeLessThanOrEqual(basic)
    }
  })

  it('each have a distinct illustration', () => {
    const images = courses.map((c) => coursePicture(c.image).src)
    for (const image of images) expect(image).toMatch(/svg/)
    expect(new Set(images).size).toBe(courses.length)
  })
})

describe('course programmes', () => {
  const programmeSchema = z.strictObject({ skills: textList(6), plan: textList(8) })

  it('exist for every course, with at least 6 skills and 8 programme items', () => {
    expect(Object.keys(courseProgrammes).map(Number)).toEqual(ids)
    for (const programme of Object.values(courseProgrammes)) {
      const result = programmeSchema.safeParse(programme)
      expect(result.success, result.error?.message).toBe(true)
    }
  })
})

describe('course illustrations', () => {
  // A path, not a URL: under jsdom the global URL is not the one node:fs accepts.
  const dir = join(import.meta.dirname, '../../../../content/uploads')
  const files = readdirSync(dir).filter((name) => name.endsWith('.svg'))

  it('are the shipped drawings, one for every course', () => {
    expect(files.sort()).toEqual(courses.map((c) => c.image.replace('/uploads/', '')).sort())
  })

  it.each(files)('%s is small, self-contained and text-free', (name) => {
    const svg = readFileSync(join(dir, name), 'utf8')
    expect(Buffer.byteLength(svg)).toBeLessThan(3 * 1024)
    const { width, height } = COURSE_IMAGE_SIZE
    expect(svg).toMatch(new RegExp(`^<svg [^>]*viewBox="0 0 ${width} ${height}"`))
    expect(svg).not.toMatch(/<text|<image|<script|<foreignObject|url\(|@import/i)
    for (const [, target] of svg.matchAll(/href="([^"]*)"/g)) expect(target).toMatch(/^#/)
    expect(svg.match(/https?:\/\/[^"]*/g)).toEqual(['http://www.w3.org/2000/svg'])
  })
})

describe('findCourse', () => {
  it.each(ids)('finds course %i by its id, as a number or a route string', (id) => {
    expect(findCourse(id)?.id).toBe(id)
    expect(findCourse(String(id))?.id).toBe(id)
  })

  const unknownId = Math.max(...ids) + 1

  it.each([
    '4.0',
    ' 4',
    '4 ',
    '04',
    '+4',
    '4abc',
    'abc',
    '0',
    '-1',
    String(unknownId),
    '',
    '1e1',
    '0x4',
  ])('does not match %j', (id) => {
    expect(findCourse(id)).toBeUndefined()
  })

  it.each([0, unknownId, 4.5, -4, Number.NaN, Number.POSITIVE_INFINITY])(
    'does not match %s',
    (id) => {
      expect(findCourse(id)).toBeUndefined()
    },
  )
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

describe('prizes and course extras', () => {
  const pointSchema = z.strictObject({
    title: text,
    description: text,
    icon: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  })

  // The owner may have no prizes (a launch without a draw) or up to eight: the test reads whichever
  // the content holds, and checks the shape and the colours of each one.
  it('has at most eight prizes, each with its own colour', () => {
    const prizeSchema = pointSchema.extend({ colour: z.string().min(1) })
    expect(z.array(prizeSchema).max(8).safeParse(prizes).success).toBe(true)
    expect(new Set(prizes.map((p) => p.colour)).size).toBe(prizes.length)
  })

  it('has four trial promo points', () => {
    expect(z.array(pointSchema).length(4).safeParse(TRIAL_PROMO_POINTS).success).toBe(true)
  })
})
