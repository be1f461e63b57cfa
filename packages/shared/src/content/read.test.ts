import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { shippedEntriesOn } from '@it-lab/content-check/shipped-fixture'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { formatProblem } from './problems.ts'
import {
  checkAnnouncements,
  checkContentEntries,
  checkCourses,
  checkFaq,
  checkGroups,
  checkPhotos,
  checkReviews,
  checkTeachers,
  contentDir,
  readCourses,
} from './read.ts'
import { dateYearWindow } from './schema.ts'

// The entries as the repository ships them, on the school's courses: she may have deleted the
// samples (docs/decisions/0101-tests-on-the-schools-content.md).
const shipped = shippedEntriesOn(contentDir())
afterAll(() => rmSync(path.dirname(shipped), { recursive: true, force: true }))
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
      'content/courses/4.json: поле «Цены → Разовое посещение» (prices.basic): цена в рублях за занятие: не меньше 1 (сейчас: 0)',
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
      'content/courses/4.json: поле «Цены → Абонемент на 1 месяц» (prices.month): абонемент не может стоить дороже разового посещения; если вы вписали цену за месяц, выберите «за месяц» в поле «Цены абонементов» (сейчас: 1200)',
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

  it('reads nothing through a link: a course file linked to /etc/passwd is refused as a link', () => {
    const dir = contentWith(() => {})
    expect(checkContentEntries(dir)).toEqual([])
    symlinkSync('/etc/passwd', path.join(dir, 'courses', '99.json'))
    const link =
      'это ссылка на другой файл или папку: в content/ могут быть только обычные файлы и папки; удалите её и положите сам файл'
    expect(checkContentEntries(dir)).toEqual([
      { file: 'content/courses/99.json', field: '', rule: link },
    ])
    expect(checkCourses(dir).problems).toEqual([
      { file: 'content/courses/99.json', field: '', rule: link },
    ])
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

describe('groups', () => {
  const courseIds = () => readCourses(shipped).map(({ id }) => id)

  /** A copy of the shipped content with one group file written. */
  function withGroup(name: string, group: Record<string, unknown>): string {
    const dir = contentWith(() => {})
    writeFileSync(path.join(dir, 'groups', name), JSON.stringify(group))
    return dir
  }

  const valid = {
    course: 4,
    days: ['Saturday'],
    start: '10:00',
    end: '11:30',
    ageMin: 14,
    ageMax: 17,
    format: 'Оффлайн',
    place: 'кабинет 2',
    startDate: '',
    seats: 2,
    order: 3,
  }

  it('the shipped groups pass, in their order, each named by its file', () => {
    const { groups, problems } = checkGroups(courseIds(), shipped)
    expect(problems).toEqual([])
    expect(groups.map(({ id, course }) => [id, course])).toEqual([
      ['python-saturday', 4],
      ['scratch-weekdays', 6],
      ['python-evening', 4],
      ['scratch-online', 6],
    ])
    expect(groups.every(({ sample }) => sample)).toBe(true)
  })

  it('reads an owner’s group without a tick or an order as no sample, order 0', () => {
    const dir = withGroup('own.json', { ...valid, order: undefined })
    const own = checkGroups(courseIds(), dir).groups.find(({ id }) => id === 'own')
    expect(own).toMatchObject({ sample: false, order: 0, place: 'кабинет 2' })
  })

  it('refuses, in Russian, no day, too many seats, ages upside down, an end before the start, and a course with no file', () => {
    const dir = withGroup('broken.json', {
      ...valid,
      course: 77,
      days: [],
      start: '18:00',
      end: '17:30',
      seats: 31,
      ageMin: 12,
      ageMax: 10,
    })
    expect(checkGroups(courseIds(), dir).problems.map(formatProblem)).toEqual([
      'content/groups/broken.json: поле «Дни занятий» (days): нужен хотя бы один день',
      'content/groups/broken.json: поле «Свободных мест» (seats): свободных мест: не больше 30 (сейчас: 31)',
      'content/groups/broken.json: поле «Возраст до» (ageMax): возраст «до» не может быть меньше возраста «от» (сейчас: 10)',
      'content/groups/broken.json: поле «Конец занятия» (end): занятие должно кончаться позже, чем начинается (сейчас: "17:30")',
      'content/groups/broken.json: поле «Курс» (course): курса №77 нет: выберите курс из списка (сейчас: 77)',
    ])
    const unknown = withGroup('broken.json', { ...valid, course: 77 })
    expect(checkGroups(courseIds(), unknown).problems.map(formatProblem)).toEqual([
      'content/groups/broken.json: поле «Курс» (course): курса №77 нет: выберите курс из списка (сейчас: 77)',
    ])
  })

  it('refuses a day that is not one, a time that is not HH:MM and ages out of 5–17', () => {
    const dir = withGroup('odd.json', {
      ...valid,
      days: ['Суббота'],
      start: '9:00',
      ageMin: 4,
    })
    expect(checkGroups(courseIds(), dir).problems.map(formatProblem)).toEqual([
      'content/groups/odd.json: поле «Дни занятий» (days[0]): выберите дни из списка (сейчас: "Суббота")',
      'content/groups/odd.json: поле «Начало занятия» (start): нужно время в виде ЧЧ:ММ, например 10:00 (сейчас: "9:00")',
      'content/groups/odd.json: поле «Возраст от» (ageMin): возраст: не меньше 5 (сейчас: 4)',
    ])
  })

  it('reads the places in all and the teacher by the file name; neither is needed', () => {
    const dir = withGroup('own.json', { ...valid, size: 8, teacher: 'sample-teacher-2' })
    const own = checkGroups(courseIds(), dir).groups.find(({ id }) => id === 'own')
    expect(own).toMatchObject({ size: 8, seats: 2, teacher: 'sample-teacher-2' })
    const bare = checkGroups(courseIds(), withGroup('bare.json', valid)).groups
    expect(bare.find(({ id }) => id === 'bare')).toMatchObject({ teacher: '' })
    expect(bare.find(({ id }) => id === 'bare')).not.toHaveProperty('size')
  })

  it('refuses, in Russian, more free places than places, a size out of 1–30 and a teacher with no file', () => {
    const dir = withGroup('broken.json', { ...valid, seats: 9, size: 8, teacher: 'teacher-gone' })
    expect(checkGroups(courseIds(), dir).problems.map(formatProblem)).toEqual([
      'content/groups/broken.json: поле «Свободных мест» (seats): свободных мест не может быть больше, чем мест в группе (сейчас: 9)',
      'content/groups/broken.json: поле «Преподаватель» (teacher): преподавателя «teacher-gone» нет (его удалили?): выберите преподавателя из списка или оставьте пустым (сейчас: "teacher-gone")',
    ])
    const odd = withGroup('odd.json', { ...valid, seats: 0, size: 0, teacher: '../courses/4' })
    expect(checkGroups(courseIds(), odd).problems.map(formatProblem)).toEqual([
      'content/groups/odd.json: поле «Мест в группе» (size): мест в группе: не меньше 1 (сейчас: 0)',
      'content/groups/odd.json: поле «Преподаватель» (teacher): выберите преподавателя из списка (сейчас: "../courses/4")',
    ])
  })
})

/** A copy of the shipped content with `files` written into it (paths under content/). */
function contentWithFiles(files: Record<string, unknown>): string {
  const dir = contentWith(() => undefined)
  for (const [name, data] of Object.entries(files)) {
    writeFileSync(path.join(dir, name), JSON.stringify(data))
  }
  return dir
}

describe('teachers and photos of the school', () => {
  const COURSES = new Set([1, 4, 6, 7])

  it('read the courses a teacher teaches as numbers, as the editor writes them (text) or by hand', () => {
    const dir = contentWithFiles({
      'teachers/a.json': {
        name: 'Имя Фамилия',
        photo: '/uploads/a.jpg',
        courses: ['4', 6],
        text: 'Текст',
        order: 2,
      },
    })
    const { teachers, problems } = checkTeachers(COURSES, dir)
    expect(problems).toEqual([])
    expect(teachers.find(({ file }) => file === 'content/teachers/a.json')?.value).toEqual({
      name: 'Имя Фамилия',
      photo: '/uploads/a.jpg',
      courses: [4, 6],
      text: 'Текст',
      education: '',
      order: 2,
      sample: false,
    })
  })

  it('read the years of teaching and the education when given, and refuse them out of bounds', () => {
    const teacher = { name: 'Имя', photo: '/uploads/a.jpg', text: 'Текст', order: 1 }
    const dir = contentWithFiles({
      'teachers/a.json': { ...teacher, experience: 7, education: ' АГТУ, прикладная информатика ' },
      'teachers/b.json': { ...teacher, experience: 0, education: 'ы'.repeat(151) },
      'teachers/c.json': { ...teacher, experience: 5.5 },
      'teachers/d.json': { ...teacher, experience: 61 },
    })
    const { teachers, problems } = checkTeachers(COURSES, dir)
    expect(teachers.find(({ file }) => file === 'content/teachers/a.json')?.value).toMatchObject({
      experience: 7,
      education: 'АГТУ, прикладная информатика',
    })
    expect(problems.map(formatProblem)).toEqual([
      'content/teachers/b.json: поле «Опыт преподавания, лет» (experience): опыт в годах: не меньше 1 (сейчас: 0)',
      'content/teachers/b.json: поле «Образование» (education): не длиннее 150 знаков (сейчас: "' +
        'ы'.repeat(151) +
        '")',
      'content/teachers/c.json: поле «Опыт преподавания, лет» (experience): опыт в годах: нужно целое число (сейчас: 5.5)',
      'content/teachers/d.json: поле «Опыт преподавания, лет» (experience): опыт в годах: не больше 60 (сейчас: 61)',
    ])
  })

  it('refuse, in Russian, a course the site does not have, a missing photo, a long text and no order', () => {
    const dir = contentWithFiles({
      'teachers/b.json': { name: ' ', photo: '', courses: ['9', '4', '4'], text: 'ы'.repeat(401) },
      'teachers/c.json': {
        name: 'Имя',
        photo: '/uploads/c.jpg',
        courses: [9, 12],
        text: 'Т',
        order: 1,
      },
    })
    expect(
      checkTeachers(COURSES, dir)
        .problems.filter(({ file }) => !file.includes('sample'))
        .map(formatProblem),
    ).toEqual([
      'content/teachers/b.json: поле «Имя и фамилия» (name): не должно быть пустым (сейчас: " ")',
      'content/teachers/b.json: поле «Фото» (photo): нужно фото преподавателя: загрузите его (сейчас: "")',
      'content/teachers/b.json: поле «Ведёт курсы» (courses): курсы не должны повторяться',
      'content/teachers/b.json: поле «О преподавателе» (text): не длиннее 400 знаков (сейчас: "' +
        'ы'.repeat(401) +
        '")',
      'content/teachers/b.json: поле «Порядок» (order): порядок: нужно число',
      'content/teachers/c.json: поле «Ведёт курсы» (courses): курсов 9, 12 нет на сайте (их удалили?): уберите их из курсов преподавателя',
    ])
  })

  it('refuse a photo without its description for a screen reader; the caption may be left out', () => {
    const dir = contentWithFiles({
      'photos/a.json': { image: '/uploads/a.jpg', alt: 'Дети у доски', order: 1 },
      'photos/b.json': { image: '/uploads/b.jpg', alt: '', caption: 'ы'.repeat(121), order: 0 },
    })
    const { photos, problems } = checkPhotos(dir)
    expect(photos.find(({ file }) => file === 'content/photos/a.json')?.value).toEqual({
      image: '/uploads/a.jpg',
      alt: 'Дети у доски',
      caption: '',
      order: 1,
      sample: false,
    })
    expect(problems.map(formatProblem)).toEqual([
      'content/photos/b.json: поле «Что на фото (для незрячих)» (alt): не должно быть пустым (сейчас: "")',
      'content/photos/b.json: поле «Подпись под фото» (caption): не длиннее 120 знаков (сейчас: "' +
        'ы'.repeat(121) +
        '")',
      'content/photos/b.json: поле «Порядок» (order): порядок: не меньше 1 (сейчас: 0)',
    ])
  })

  it('the shipped samples pass, each ticked', () => {
    const courses = new Set(readCourses(shipped).map(({ id }) => id))
    const teachers = checkTeachers(courses, shipped)
    const photos = checkPhotos(shipped)
    expect([...teachers.problems, ...photos.problems]).toEqual([])
    expect(teachers.teachers.length).toBeGreaterThanOrEqual(2)
    expect(photos.photos.length).toBeGreaterThanOrEqual(3)
    for (const { value } of [...teachers.teachers, ...photos.photos])
      expect(value.sample).toBe(true)
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
