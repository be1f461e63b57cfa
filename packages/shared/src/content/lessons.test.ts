import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { shippedEntriesOn } from '@it-lab/content-check/shipped-fixture'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { groupLessonProblems } from './group-lessons.ts'
import {
  lessonPriceOf,
  lessonsPerMonth,
  minutesBetween,
  monthLessonsText,
  timesAWeekText,
} from './lessons.ts'
import { formatProblem } from './problems.ts'
import { checkGroups, contentDir, readCourses } from './read.ts'
import { contentSchemas } from './schema.ts'

// A month's lessons (docs/decisions/0087-a-month-is-its-lessons.md): the count, the course file's
// rules the editor refuses at their fields, and the content check's refusal of a group that meets
// otherwise than its course says.

const plain = (text: string) => text.replace(/\s/g, ' ')

describe('a month of lessons', () => {
  it('is four weeks: 4 lessons once a week, 8 twice, 12 three times', () => {
    expect([1, 2, 3].map(lessonsPerMonth)).toEqual([4, 8, 12])
    expect([[1], [2], [3], [1, 2]].map((perWeek) => plain(monthLessonsText(perWeek)))).toEqual([
      '4 занятия',
      '8 занятий',
      '12 занятий',
      '4 или 8 занятий',
    ])
    expect([[1], [2], [5], [2, 1, 3]].map((perWeek) => plain(timesAWeekText(perWeek)))).toEqual([
      '1 раз в неделю',
      '2 раза в неделю',
      '5 раз в неделю',
      '1, 2 или 3 раза в неделю',
    ])
  })

  it('makes a lesson’s price of a month’s: divided by its lessons, none where groups differ', () => {
    expect(lessonPriceOf(1125, 'lesson', [2])).toBe(1125)
    expect(lessonPriceOf(4500, 'month', [1])).toBe(1125)
    expect(lessonPriceOf(9000, 'month', [2])).toBe(1125)
    expect(lessonPriceOf(12_000, 'month', [3])).toBe(1000)
    expect(lessonPriceOf(9000, 'month', [1, 2])).toBeUndefined()
  })

  it('measures a lesson from its start to its end', () => {
    expect(minutesBetween('18:00', '19:30')).toBe(90)
    expect(minutesBetween('9:00', '10:00')).toBeUndefined()
  })
})

/** A valid course file, changed by `extra`. */
const course = (extra: Record<string, unknown> = {}) => ({
  id: 4,
  title: 'Программирование на Python',
  description: 'Курс для подростков: переменные, условия, циклы, функции и свои проекты на Python.',
  months: 12,
  level: 'middle',
  ageMin: 14,
  ageMax: 17,
  onMainPage: true,
  format: 'Оффлайн',
  start: '',
  prices: { basic: 1500, month: 1125, fourMonth: 1000, year: 900 },
  image: '/uploads/course-4.svg',
  skills: [],
  plan: [],
  ...extra,
})

/** The refusals of a course file, each as the editor shows it at its field. */
function refusals(data: unknown): string[] {
  const result = contentSchemas().course.safeParse(data)
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('a course file', () => {
  it('takes a file written before as once a week, its prices per lesson, the common card texts', () => {
    const read = contentSchemas().course.parse(course())
    expect(read).toMatchObject({ lessonsPerWeek: [1], pricesPer: 'lesson', planTexts: [] })
    expect(read.lessonMinutes).toBeUndefined()
    expect(contentSchemas().course.parse(course({ lessonsPerWeek: 2 })).lessonsPerWeek).toEqual([2])
  })

  it('refuses, in Russian, no lessons a week, eight, a figure twice and a lesson of 5 minutes', () => {
    expect(refusals(course({ lessonsPerWeek: [] }))).toEqual([
      'lessonsPerWeek: отметьте, сколько раз в неделю идут занятия',
    ])
    expect(refusals(course({ lessonsPerWeek: [8] }))).toEqual([
      'lessonsPerWeek.0: занятий в неделю: не больше 7',
    ])
    expect(refusals(course({ lessonsPerWeek: [2, 2] }))).toEqual([
      'lessonsPerWeek: числа не должны повторяться',
    ])
    expect(refusals(course({ lessonMinutes: 5 }))).toEqual([
      'lessonMinutes: длина занятия в минутах: не меньше 15',
    ])
  })

  it('takes a month’s price, and refuses one that makes a lesson dearer than a single visit', () => {
    const monthly = (month: number) =>
      course({ lessonsPerWeek: [2], pricesPer: 'month', prices: { basic: 1500, month } })
    expect(refusals(monthly(9000))).toEqual([])
    expect(refusals(monthly(13_000))).toEqual([
      'prices.month: при 8 занятиях в месяц одно стоит 1\u00a0625\u00a0₽ — дороже разового посещения',
    ])
  })

  it('refuses a month’s price typed as a lesson’s, saying where to say it is a month’s', () => {
    expect(refusals(course({ prices: { basic: 1500, month: 9000 } }))).toEqual([
      'prices.month: абонемент не может стоить дороже разового посещения; если вы вписали цену за месяц, выберите «за месяц» в поле «Цены абонементов»',
    ])
  })

  it('refuses a month’s price where groups meet a different number of times a week', () => {
    expect(
      refusals(
        course({
          lessonsPerWeek: [1, 2],
          pricesPer: 'month',
          prices: { basic: 1500, month: 6000 },
        }),
      ),
    ).toEqual([
      'pricesPer: группы курса занимаются 1 или 2\u00a0раза в\u00a0неделю, и месяц у них стоит по-разному: впишите цены абонементов «за одно занятие»',
    ])
  })

  it('offers a plan only on a course longer than its term: no «от 4 месяцев» on a 3- or 4-month course', () => {
    expect(refusals(course({ months: 3 }))).toEqual([
      'prices.fourMonth: курс длится 3 месяца: такого абонемента у него быть не может — оставьте поле пустым',
    ])
    expect(refusals(course({ months: 4 }))).toEqual([
      'prices.fourMonth: курс длится 4 месяца: этот абонемент и есть полный курс — оставьте поле пустым, а цену впишите в «Полный курс»',
    ])
    expect(
      refusals(course({ months: 1, prices: { basic: 1500, month: 1125, year: 900 } })),
    ).toEqual([
      'prices.month: курс длится 1 месяц: этот абонемент и есть полный курс — оставьте поле пустым, а цену впишите в «Полный курс»',
    ])
    expect(
      refusals(course({ months: 3, prices: { basic: 1500, month: 1125, year: 900 } })),
    ).toEqual([])
  })

  it('takes the course’s own card words, and refuses them for a card it has not, twice, or empty', () => {
    const own = { plan: 'year', label: '', note: 'Оплата сразу за 3 месяца' }
    expect(refusals(course({ planTexts: [own] }))).toEqual([])
    expect(
      refusals(
        course({
          prices: { basic: 1500, month: 1125, year: 900 },
          planTexts: [
            own,
            { ...own, note: 'Ещё раз' },
            { plan: 'fourMonth', label: 'от 5 месяцев' },
          ],
        }),
      ),
    ).toEqual([
      'planTexts.1.plan: у этой карточки уже есть свои надписи выше',
      'planTexts.2.plan: у курса нет цены этой карточки, её нет на сайте: впишите цену или удалите пункт',
    ])
    expect(refusals(course({ planTexts: [{ plan: 'basic', label: ' ', note: '' }] }))).toEqual([
      'planTexts.0.label: впишите заголовок или пояснение — или удалите этот пункт',
    ])
    expect(
      refusals(course({ planTexts: [{ plan: 'basic', note: 'слово '.repeat(12).trim() }] })),
    ).toEqual(['planTexts.0.note: не длиннее 60 знаков'])
  })
})

describe('the content check of groups against their course', () => {
  // The groups as the repository ships them, on the school's courses, whatever she named them
  // (docs/decisions/0101-tests-on-the-schools-content.md).
  const shipped = shippedEntriesOn(contentDir())
  afterAll(() => rmSync(path.dirname(shipped), { recursive: true, force: true }))
  const titleOf = (id: number) => readCourses(shipped).find((course) => course.id === id)?.title
  const scratch: string[] = []
  afterEach(() => {
    for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  /** The shipped content with `edit` applied to one JSON file of it. */
  function contentWith(file: string, edit: (data: Record<string, unknown>) => void): string {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'content-')), 'content')
    scratch.push(path.dirname(dir))
    cpSync(shipped, dir, { recursive: true })
    const data = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>
    edit(data)
    writeFileSync(path.join(dir, file), JSON.stringify(data))
    return dir
  }

  const problems = (dir: string) => {
    const courses = readCourses(dir)
    const { groups } = checkGroups(
      courses.map(({ id }) => id),
      dir,
    )
    return groupLessonProblems(groups, courses, dir).map(formatProblem)
  }

  it('passes the shipped groups: Python twice a week for 90 minutes, Scratch once or twice', () => {
    expect(problems(shipped)).toEqual([])
  })

  it('refuses a group meeting once a week on a course that meets twice, naming the group and the course', () => {
    const dir = contentWith('groups/python-evening.json', (group) => {
      group.days = ['Tuesday']
    })
    expect(problems(dir)).toEqual([
      `content/groups/python-evening.json: поле «Дни занятий» (days): группа «Вт 18:00–19:30» занимается 1\u00a0раз в\u00a0неделю, а у курса №4 «${titleOf(4)}» в поле «Занятий в неделю» — 2\u00a0раза в\u00a0неделю: исправьте дни группы или это поле курса`,
    ])
  })

  it('refuses a group whose lesson is not the course’s length', () => {
    const dir = contentWith('groups/python-evening.json', (group) => {
      group.end = '19:00'
    })
    expect(problems(dir)).toEqual([
      `content/groups/python-evening.json: поле «Конец занятия» (end): занятие группы «Вт, Чт 18:00–19:00» длится 60\u00a0минут, а у курса №4 «${titleOf(4)}» — 90\u00a0минут: исправьте время группы или поле «Длина занятия, минут» курса (сейчас: "19:00")`,
    ])
  })

  it('refuses them when the course changes: Scratch set to twice a week leaves its Saturday group out', () => {
    const dir = contentWith('courses/6.json', (scratchCourse) => {
      scratchCourse.lessonsPerWeek = [2]
    })
    expect(problems(dir)).toEqual([
      expect.stringMatching(
        /^content\/groups\/scratch-online\.json: поле «Дни занятий» \(days\): группа «Сб 12:00–13:00» занимается 1\sраз в\sнеделю, а у курса №6 «/,
      ),
    ])
    expect(problems(dir)[0]).toContain(`а у курса №6 «${titleOf(6)}»`)
  })
})
