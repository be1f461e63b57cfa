import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { formatProblem } from './problems.ts'
import { checkAnnouncements, checkCourses, checkFaq, checkReviews, readCourses } from './read.ts'
import { dateYearWindow } from './schema.ts'

const shipped = path.join(import.meta.dirname, '../../../../content')
const scratch: string[] = []

/** A copy of the shipped content with `edit` applied to course 4's file. */
function contentWith(edit: (course: Record<string, unknown>) => void): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'content-')), 'content')
  scratch.push(path.dirname(dir))
  cpSync(shipped, dir, { recursive: true })
  const file = path.join(dir, 'courses', '4.json')
  const course = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  edit(course)
  writeFileSync(file, JSON.stringify(course))
  return dir
}

afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('content files', () => {
  it('the shipped courses pass, one per file, in numeric id order (10 after 9, not after 1)', () => {
    const files = readdirSync(path.join(shipped, 'courses')).filter((file) =>
      file.endsWith('.json'),
    )
    const ids = readCourses(shipped).map((course) => course.id)
    expect(ids).toHaveLength(files.length)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
  })

  it('names the file, the field as the editor labels it, and the rule, in Russian', () => {
    const dir = contentWith((course) => {
      course.prices = { basic: 0, month: 1125, fourMonth: 1000, year: 900 }
      course.image = ''
      course.start = '2026-02-30'
    })
    expect(checkCourses(dir).problems.map(formatProblem)).toEqual([
      'content/courses/4.json: поле «Старт» (start): такой даты нет в календаре (сейчас: "2026-02-30")',
      'content/courses/4.json: поле «Цены за занятие → Разовое посещение» (prices.basic): цена в рублях за занятие: не меньше 1 (сейчас: 0)',
      'content/courses/4.json: поле «Картинка» (image): нужна картинка курса: загрузите её (сейчас: "")',
    ])
  })

  it('refuses a season ticket dearer than a single visit, and an age range upside down', () => {
    const dir = contentWith((course) => {
      course.prices = { basic: 1000, month: 1200, fourMonth: 1000, year: 900 }
      course.ageMin = 14
      course.ageMax = 12
    })
    expect(checkCourses(dir).problems.map(formatProblem)).toEqual([
      'content/courses/4.json: поле «Возраст до» (ageMax): возраст «до» не может быть меньше возраста «от» (сейчас: 12)',
      'content/courses/4.json: поле «Цены за занятие → Абонемент на 1 месяц» (prices.month): абонемент не может стоить дороже разового посещения (сейчас: 1200)',
    ])
  })

  it('refuses a start whose year is a slip of the keyboard (1907, or years ahead)', () => {
    const { min, max } = dateYearWindow()
    for (const start of ['1907-01-12', `${max + 1}-01-12`]) {
      const dir = contentWith((course) => {
        course.start = start
      })
      expect(checkCourses(dir).problems.map(formatProblem)).toEqual([
        `content/courses/4.json: поле «Старт» (start): год — от ${min} до ${max} (сейчас: "${start}")`,
      ])
    }
  })

  it('refuses two courses with one number', () => {
    const dir = contentWith((course) => {
      course.id = 7
    })
    expect(checkCourses(dir).problems.map(formatProblem)).toEqual([
      'content/courses/7.json: поле «Номер курса (в адресе страницы)» (id): номер 7 уже у курса в content/courses/4.json: у каждого курса свой номер',
    ])
  })

  it('names a file that is not JSON', () => {
    const dir = contentWith(() => {})
    writeFileSync(path.join(dir, 'announcements', 'broken.json'), '{"title": ')
    const [problem] = checkAnnouncements(dir).problems
    expect(problem && formatProblem(problem)).toMatch(
      /^content\/announcements\/broken\.json: весь файл: это не JSON/,
    )
  })

  it('reads a course shown and with no quiz answers when its file names neither, or null', () => {
    const dir = contentWith((course) => {
      delete course.hidden
      delete course.quiz
    })
    const course = readCourses(dir).find(({ id }) => id === 4)
    expect(course).toMatchObject({
      hidden: false,
      quiz: { interest: [], experience: [], goal: [], learning: [] },
    })
    // The editor writes null for a question with nothing ticked.
    const cleared = contentWith((course) => {
      course.quiz = { interest: null, experience: ['none'], goal: null }
    })
    expect(readCourses(cleared).find(({ id }) => id === 4)?.quiz).toEqual({
      interest: [],
      experience: ['none'],
      goal: [],
      learning: [],
    })
  })

  it('refuses a quiz answer the question does not have, naming the question', () => {
    const dir = contentWith((course) => {
      course.quiz = { interest: ['games', 'games'], experience: ['robots'], goal: [], learning: [] }
      course.hidden = 'да'
    })
    expect(checkCourses(dir).problems.map(formatProblem)).toEqual([
      'content/courses/4.json: поле «Скрыть с сайта» (hidden): да или нет (сейчас: "да")',
      'content/courses/4.json: поле «Тест для родителей → Чем ребёнок любит заниматься больше всего?» (quiz.interest): ответы не должны повторяться',
      'content/courses/4.json: поле «Тест для родителей → Пробовал ли ребёнок программировать?» (quiz.experience[0]): выберите ответы из списка (сейчас: "robots")',
    ])
  })
})

describe('questions and reviews', () => {
  /** The shipped content with one more file in `folder`. */
  function withFile(folder: string, name: string, value: unknown): string {
    const dir = contentWith(() => {})
    mkdirSync(path.join(dir, folder), { recursive: true })
    writeFileSync(path.join(dir, folder, name), JSON.stringify(value))
    return dir
  }
  const review = {
    text: 'Ребёнку нравится.',
    author: 'мама Маши, 9 лет',
    date: '2026-03-12',
    source: 'yandex',
    link: 'https://yandex.ru/maps/org/it_lab/123/reviews/',
  }

  it('the shipped samples pass and are ticked as samples', () => {
    const { faq, problems } = checkFaq(shipped)
    expect(problems).toEqual([])
    expect(faq.length).toBeGreaterThan(0)
    expect(faq.every(({ value }) => value.sample)).toBe(true)
    const reviews = checkReviews(shipped)
    expect(reviews.problems).toEqual([])
    expect(reviews.reviews.every(({ value }) => value.sample)).toBe(true)
  })

  it('takes a review linked to its own service, and one given in writing without a link', () => {
    const dir = withFile('reviews', 'a.json', review)
    writeFileSync(
      path.join(dir, 'reviews', 'b.json'),
      JSON.stringify({ ...review, source: 'written', link: '' }),
    )
    writeFileSync(
      path.join(dir, 'reviews', 'c.json'),
      JSON.stringify({ ...review, source: 'vk', link: 'https://vk.com/wall-1_2' }),
    )
    const { reviews, problems } = checkReviews(dir)
    expect(problems).toEqual([])
    expect(reviews.map(({ file }) => file)).toEqual(
      expect.arrayContaining(['content/reviews/a.json', 'content/reviews/b.json']),
    )
    expect(reviews.find(({ file }) => file.endsWith('/a.json'))?.value.sample).toBe(false)
  })

  it('refuses a VK link in a Яндекс Карты review, a missing link and a link on a written one', () => {
    const dir = withFile('reviews', 'a-vk.json', { ...review, link: 'https://vk.com/wall-1_2' })
    const write = (name: string, value: object) =>
      writeFileSync(path.join(dir, 'reviews', name), JSON.stringify({ ...review, ...value }))
    write('b-none.json', { source: '2gis', link: '' })
    write('c-written.json', { source: 'written' })
    write('d-not-maps.json', { link: 'https://yandex.ru/search/?text=itlab' })
    write('e-lookalike.json', { source: 'vk', link: 'https://vk.com.example.ru/wall' })
    expect(checkReviews(dir).problems.map(formatProblem)).toEqual([
      'content/reviews/a-vk.json: поле «Ссылка на отзыв» (link): ссылка ведёт не на «Яндекс Карты»: нужна ссылка https:// на отзыв там (сейчас: "https://vk.com/wall-1_2")',
      'content/reviews/b-none.json: поле «Ссылка на отзыв» (link): нужна ссылка на этот отзыв на сайте «2ГИС» (сейчас: "")',
      'content/reviews/c-written.json: поле «Ссылка на отзыв» (link): у отзыва с письменным согласием ссылки нет: уберите её (сейчас: "https://yandex.ru/maps/org/it_lab/123/reviews/")',
      'content/reviews/d-not-maps.json: поле «Ссылка на отзыв» (link): ссылка ведёт не на «Яндекс Карты»: нужна ссылка https:// на отзыв там (сейчас: "https://yandex.ru/search/?text=itlab")',
      'content/reviews/e-lookalike.json: поле «Ссылка на отзыв» (link): ссылка ведёт не на «ВКонтакте»: нужна ссылка https:// на отзыв там (сейчас: "https://vk.com.example.ru/wall")',
    ])
  })

  it('refuses a question without an answer and an order that is not a whole number', () => {
    const dir = withFile('faq', 'x.json', {
      question: 'Сколько длится занятие?',
      answer: ' ',
      order: 1.5,
    })
    expect(checkFaq(dir).problems.map(formatProblem)).toEqual([
      'content/faq/x.json: поле «Ответ» (answer): не должно быть пустым (сейчас: " ")',
      'content/faq/x.json: поле «Порядок» (order): порядок: нужно целое число (сейчас: 1.5)',
    ])
  })
})
