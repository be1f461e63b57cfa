import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { COMPLETION_BENEFITS, TRIAL_PROMO_POINTS } from './course-extras.ts'
import { COURSE_IMAGE_SIZE, courseImageUrl } from './course-images.ts'
import { courses, findCourse, mainPageCourses } from './courses.ts'
import { COURSE_PRICES } from './price-plans.ts'
import { courseProgrammes } from './course-programmes.ts'
import { MONTH_FORMS, pluralRu, pluralizeMonths } from './plural.ts'
import { cookiePolicy } from './policies/cookie-policy.ts'
import { personalDataPolicy } from './policies/personal-data-policy.ts'
import {
  POLICY_PLACEHOLDERS,
  type PolicyDocument,
  fillPolicyDocument,
  fillPolicyText,
  policyPlainText,
} from './policies/policy-document.ts'
import { privacyPolicy } from './policies/privacy-policy.ts'
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

  it('all use the shared prices', () => {
    for (const course of courses) expect(course.prices).toEqual(COURSE_PRICES)
  })

  it('put the onMainPage ones on the home page, in id order', () => {
    expect(mainPageCourses).toEqual(courses.filter((course) => course.onMainPage))
    expect(mainPageCourses.length).toBeGreaterThan(0)
  })

  it('each have a distinct illustration', () => {
    const images = courses.map((c) => courseImageUrl(c.id))
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
  const dir = join(import.meta.dirname, 'course-images')
  const files = readdirSync(dir).filter((name) => name.endsWith('.svg'))

  it('exist for every course and nothing else', () => {
    expect(files.sort()).toEqual(courses.map((c) => `course-${c.id}.svg`).sort())
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

  it('has four prizes, each with its own colour', () => {
    const prizeSchema = pointSchema.extend({ colour: z.string() })
    expect(z.array(prizeSchema).length(4).safeParse(prizes).success).toBe(true)
    expect(new Set(prizes.map((p) => p.colour)).size).toBe(4)
  })

  it('has four completion benefits and four trial promo points', () => {
    expect(z.array(pointSchema).length(4).safeParse(COMPLETION_BENEFITS).success).toBe(true)
    expect(z.array(pointSchema).length(4).safeParse(TRIAL_PROMO_POINTS).success).toBe(true)
  })
})

const subsectionSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .optional(),
  heading: text,
  paragraphs: z.array(text).min(1).optional(),
  items: z.array(text).min(1).optional(),
})

const policySchema = z.strictObject({
  title: text,
  updated: z.string().regex(/2025/).optional(),
  place: text.optional(),
  intro: z.array(text).optional(),
  sections: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[a-z0-9-]+$/),
        heading: text,
        paragraphs: z.array(text).min(1).optional(),
        items: z.array(text).min(1).optional(),
        subsections: z.array(subsectionSchema).min(1).optional(),
      }),
    )
    .min(1),
  closing: z.array(text).optional(),
})

const policies: [string, PolicyDocument][] = [
  ['cookie policy', cookiePolicy],
  ['privacy policy', privacyPolicy],
  ['personal data policy', personalDataPolicy],
]

// Every period the legal texts state (docs/behaviour.md, "Policies").
const PERIODS: [string, RegExp][] = [
  ['blocking within 3 working days', /блокир[^.]*3 рабочих дней/],
  ['regulator notified within 24 hours', /в течение 24 часов[^.]*Роскомнадзор/],
  ['investigation results within 72 hours', /в течение 72 часов[^.]*расследовани/],
  ['correction within 7 working days', /уточняет[^.]*7 рабочих дней/],
  ['unlawful data destroyed within 10 working days', /10 рабочих дней с даты выявления/],
  ['destruction within 30 days', /уничтожает[^.]*30 дней/],
  ['illegally obtained data deleted within 7 working days', /незаконно получен[^.]*7 рабочих дней/],
  ['stop processing within 10 working days', /прекра[щт][^.]*10 рабочих дней/],
  ['extendable by 5 working days', /продлён не более чем на 5 рабочих дней[^.]*мотивированн/],
  ['regulator request within 30 days', /Роскомнадзор[^.]*30 дней с даты получения/],
  ['consent lasts 3 years', /Согласие[^.]*действует в течение 3 лет/],
  [
    'consent withdrawn by e-mail, feedback form or post',
    /по электронной почте \{\{EMAIL\}\}, через форму обратной связи на Сайте или почтовым отправлением/,
  ],
]

describe('policies', () => {
  it.each(policies)('%s matches the document schema', (_name, document) => {
    const result = policySchema.safeParse(document)
    expect(result.success, result.error ? z.prettifyError(result.error) : '').toBe(true)
    const ids = document.sections.flatMap((s) => [
      s.id,
      ...(s.subsections ?? []).flatMap((sub) => (sub.id ? [sub.id] : [])),
    ])
    expect(new Set(ids).size).toBe(ids.length)
  })

  it.each(policies)('%s uses only known placeholders', (_name, document) => {
    const plain = policyPlainText(document)
    for (const [, name] of plain.matchAll(/\{\{([^}]*)\}\}/g)) {
      expect(POLICY_PLACEHOLDERS).toContain(name)
    }
    expect(plain.replace(/\{\{[A-Z_]+\}\}/g, '')).not.toMatch(/[{}]/)
  })

  describe.each([
    ['personal data policy', personalDataPolicy],
    ['privacy policy', privacyPolicy],
  ] as const)('%s states every period (docs/behaviour.md, "Policies")', (_name, document) => {
    const plain = policyPlainText(document)
    it.each(PERIODS)('%s', (_period, pattern) => {
      expect(plain).toMatch(pattern)
    })
  })

  it('personal data policy is numbered 1 to 6, dated 2025 and signed in Astrakhan', () => {
    expect(personalDataPolicy.sections.map((s) => s.heading.split(' ')[0])).toEqual([
      '1.',
      '2.',
      '3.',
      '4.',
      '5.',
      '6.',
    ])
    expect(personalDataPolicy.updated).toMatch(/2025/)
    expect(personalDataPolicy.place).toBe('г. Астрахань')
    const plain = policyPlainText(personalDataPolicy)
    for (const topic of [
      /Оператор имеет право/,
      /Оператор обязан/,
      /Субъект персональных данных[^:]*имеет право/,
      /в следующих целях/,
      /Правовыми основаниями/,
      /Кандидаты для приёма на работу/,
      /Работники/,
      /Члены семьи работников/,
      /Клиенты и контрагенты/,
      /Представители/,
      /Порядок и условия обработки/,
      /запрос/,
    ]) {
      expect(plain).toMatch(topic)
    }
  })

  it('cookie policy covers its topics', () => {
    const plain = policyPlainText(cookiePolicy)
    for (const topic of [
      /IP-адрес/,
      /браузер/,
      /операционная система/,
      /просмотренные страницы/,
      /время, проведённое на Сайте/,
      /источник перехода/,
      /идентификаторы устройства и сессии/,
      /обеспечения работы Сайта/,
      /статистики/,
      /предпочтений/,
      /сессии/,
      /улучшения/,
      /Сессионные cookie/,
      /Постоянные cookie/,
      /Технические/,
      /Аналитические и маркетинговые/,
      /Прочие/,
      /не гарантирует/,
      /Нажимая кнопку «Понятно», вы даёте согласие/,
      /Яндекс Метрика/,
      /территории Российской Федерации/,
    ]) {
      expect(plain).toMatch(topic)
    }
  })

  it('privacy policy covers its topics and ends with the consents', () => {
    const plain = policyPlainText(privacyPolicy)
    for (const topic of [
      /имя;/,
      /адрес электронной почты;/,
      /номер контактного телефона;/,
      /обезличенные данные/,
      /Цели обработки/,
      /условия обработки/,
      /не осуществляет трансграничную передачу/,
      /не собирает и не обрабатывает[^.]*специальные категории/,
      /Обязанности Оператора по защите/,
      /удаление и блокирование/,
      /Яндекс Метрика/,
      /152-ФЗ/,
    ]) {
      expect(plain).toMatch(topic)
    }
    const [consent, advertising] = privacyPolicy.sections.slice(-2)
    expect(consent?.paragraphs?.join(' ')).toMatch(/форму обратной связи/)
    expect(consent?.paragraphs?.join(' ')).toMatch(
      /несовершеннолетнего[^.]*законным представителем/,
    )
    expect(advertising?.paragraphs?.join(' ')).toMatch(/телефон[^.]*электронной почты/)
  })

  it('fills every placeholder from the site config', () => {
    const values = {
      OWNER_NAME: 'ИП Иванов Иван Иванович',
      INN: '123456789012',
      OGRNIP: '123456789012345',
      EMAIL: 'info@example.ru',
      ADDRESS: 'г. Астрахань, ул. Примерная, д. 1',
      SITE_URL: 'https://itlab.example',
    }
    expect(fillPolicyText('{{EMAIL}} / {{UNKNOWN}}', values)).toBe('info@example.ru / {{UNKNOWN}}')
    const used = new Set<string>()
    for (const [, document] of policies) {
      for (const [, name] of policyPlainText(document).matchAll(/\{\{([A-Z_]+)\}\}/g)) {
        if (name) used.add(name)
      }
      const filled = policyPlainText(fillPolicyDocument(document, values))
      expect(filled).not.toContain('{{')
      expect(filled).toContain('info@example.ru')
    }
    expect([...used].sort()).toEqual([...POLICY_PLACEHOLDERS].sort())
  })
})
