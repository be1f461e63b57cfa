import { z } from 'zod/mini'
import { pluralRu } from '../plural.ts'
import {
  LESSON_MINUTES,
  LESSONS_PER_WEEK_MAX,
  lessonPriceOf,
  lessonsPerMonth,
  PRICE_UNIT_NAMES,
  PRICE_UNITS,
  timesAWeekText,
} from './lessons.ts'
import { PAGE_TEXT_LIMITS, PRICE_PLAN_NAMES } from './page-texts.ts'
import { SAMPLE_FIELD_LABEL, sampleMark } from './samples.ts'
import { QUIZ_ANSWER_IDS } from './quiz.ts'
import { PRICE_KEYS } from './price-keys.ts'

export { SAMPLE_BADGE, SAMPLE_FIELD_LABEL, sampleMark } from './samples.ts'

// The rules of the school's content files (content/, docs/decisions/0054-content-as-data.md):
// the courses, the announcements, the prizes and the trial-lesson offer. The build checks every
// file against them; the editor at /admin asks for the same (apps/site/vite/editor-config/editor-sections.ts
// takes its limits and labels from here). Messages are in Russian: the owner reads them.

/** The school teaches children of these ages. */
export const AGE_RANGE = { min: 5, max: 17 } as const
/** Rubles per lesson: at least 1, at most this. */
export const PRICE_MAX = 100_000
export const MONTHS_MAX = 36
export const TITLE_MAX = 80
export const DESCRIPTION_LENGTH = { min: 50, max: 700 } as const
export const ANNOUNCEMENT_TEXT_MAX = 400
/**
 * A date's year: from 2020 to three years ahead of the day it is checked. A year outside is a
 * slip of the keyboard (1907, 20277), not a plan (docs/decisions/0067-exact-values-in-the-editor.md).
 */
export const DATE_YEARS = { first: 2020, ahead: 3 } as const

/** The years a date may have, checked on `today`. */
export function dateYearWindow(today: Date = new Date()): { min: number; max: number } {
  return { min: DATE_YEARS.first, max: today.getFullYear() + DATE_YEARS.ahead }
}

/** Whether a YYYY-MM-DD date's year is in the window. */
export function isDateYearInWindow(iso: string, today: Date = new Date()): boolean {
  const { min, max } = dateYearWindow(today)
  const year = Number(iso.slice(0, 4))
  return year >= min && year <= max
}

/** Course levels, each with its badge colour on the site. */
export const COURSE_LEVELS = ['beginner', 'middle', 'advanced', 'moderate'] as const
export type CourseLevelTone = (typeof COURSE_LEVELS)[number]
export const LEVEL_NAMES: Record<CourseLevelTone, string> = {
  beginner: 'Начальный',
  middle: 'Средний',
  advanced: 'Продвинутый',
  moderate: 'Умеренный',
}

export const COURSE_FORMATS = ['Оффлайн', 'Онлайн'] as const

export { PRICE_KEYS }
/** The subscriptions: each optional, entered per lesson or per month as the course says. */
export const SUBSCRIPTION_KEYS = ['month', 'fourMonth', 'year'] as const
/**
 * A subscription's own term in months: it is offered only on a course longer than that, or it
 * would be the full course under another name («от 4 месяцев» on a 3- or 4-month course).
 */
export const PLAN_MONTHS = { month: 1, fourMonth: 4 } as const

/** Where uploaded images are served from; the files are in content/uploads/. */
export const UPLOADS_PATH = '/uploads/'
export const IMAGE_EXTENSIONS = ['svg', 'png', 'jpg', 'jpeg', 'webp', 'avif'] as const
const UPLOADED_IMAGE = new RegExp(
  `^${UPLOADS_PATH}[\\w.-]+\\.(?:${IMAGE_EXTENSIONS.join('|')})$`,
  'i',
)
export { IMAGE_MAX_BYTES, SVG_MAX_BYTES } from './image-type.ts'
/** A photo is shown at 640×400: at least that size, in that proportion (8:5, give or take 3%). */
export const IMAGE_MIN_SIZE = { width: 640, height: 400 } as const
export const IMAGE_RATIO_TOLERANCE = 0.03

export const PRIZE_ICONS = ['notebook-pen', 'shirt', 'watch', 'speaker'] as const
export type PrizeIcon = (typeof PRIZE_ICONS)[number]
export const PRIZE_COLOURS = ['blue', 'orange', 'green', 'purple'] as const
export type PrizeColour = (typeof PRIZE_COLOURS)[number]
export const TRIAL_ICONS = [
  'user-round',
  'presentation',
  'message-circle-question-mark',
  'sparkles',
] as const

// The promises a parent reads and the owner states (docs/decisions/0089-every-promise-is-content.md):
// each shown only when filled. Their limits keep a card or a line short.

/** The trial lesson's details (content/trial-offer.json, `details`): its length in minutes. */
export const TRIAL_MINUTES = { min: 15, max: 240 } as const
/** A sentence about the trial: who stays, what to bring. */
export const TRIAL_DETAIL_MAX = 200
/** A dated trial (docs/decisions/0103-a-trial-she-holds.md): its bounds in content/trial-offer.json. */
export const TRIAL_DATES_SHOWN = { min: 2, max: 3 } as const
export const CLOSED_DAYS_MAX = 40
export const REMIND_HOURS = { min: 1, max: 12 } as const
export const HOLD_DAYS = { min: 1, max: 14 } as const
/** The booking settings a trial offer file without them has. */
export const TRIAL_BOOKING_DEFAULTS = {
  datesShown: 3,
  closedDays: [] as { from: string; to: string }[],
  remindEvening: '19:00',
  remindHoursBefore: 3,
  holdDays: 3,
  waitlistOffers: false,
}
/** «в течение рабочего дня»: goes on «Мы перезвоним …». */
export const CALL_BACK_MAX = 60
/** A promise's title and its text (content/promises.json). */
export const PROMISE_TITLE_MAX = 60
export const PROMISE_TEXT_MAX = 200
/** A discount in whole percent: the next course's, the quiz's promo code. */
export const DISCOUNT_PERCENT_MAX = 50
/** The quiz's promo code: letters, digits and hyphens. */
export const PROMO_CODE_PATTERN = /^[A-Za-zА-Яа-яЁё0-9-]{2,20}$/
export const PROMO_DAYS_MAX = 365
/** «первый месяц занятий любого курса»: goes on «Скидка действует на …». */
export const PROMO_APPLIES_MAX = 120
/** Whether the promo code's discount adds to a plan's: not stated yet, no, yes. */
export const PROMO_COMBINES = ['', 'no', 'yes'] as const
export type PromoCombines = (typeof PROMO_COMBINES)[number]
/** The prize draw's organiser («ИП Иванова Анна Петровна, ИНН …») and how prizes are handed. */
export const DRAW_ORGANISER_MAX = 200
export const DRAW_RECEIVING_MAX = 300
export const LINK_MAX = 300

/** Whether `value` is an https address (the draw's rules). */
export function isHttpsLink(value: string): boolean {
  const url = URL.parse(value)
  return url !== null && url.protocol === 'https:' && url.hostname.includes('.')
}

/** The days of the week: the school's opening hours and its groups' days (docs/decisions/0075). */
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const
export type Weekday = (typeof WEEKDAYS)[number]
/** The days as the editor lists them and the timetable names them. */
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  Monday: 'Понедельник',
  Tuesday: 'Вторник',
  Wednesday: 'Среда',
  Thursday: 'Четверг',
  Friday: 'Пятница',
  Saturday: 'Суббота',
  Sunday: 'Воскресенье',
}
/** The days as the site writes them in a line: «Пн–Пт», «Сб 10:00–11:30». */
export const WEEKDAY_SHORT: Readonly<Record<Weekday, string>> = {
  Monday: 'Пн',
  Tuesday: 'Вт',
  Wednesday: 'Ср',
  Thursday: 'Чт',
  Friday: 'Пт',
  Saturday: 'Сб',
  Sunday: 'Вс',
}
/** «кабинет 2»: where an offline group meets, shown after its format («Оффлайн, кабинет 2»). */
export const GROUP_PLACE_MAX = 40
/** Seats left in a group: 0 means the waiting list. */
export const GROUP_SEATS_MAX = 30
/**
 * An entry's id as another entry names it (a group's teacher): its file's name without .json, as
 * the editor makes it (letters, digits, `-` and `_`).
 */
export const ENTRY_ID = /^[\w-]{1,100}$/
/** «Порядок» of a list's entries (groups, teachers, photos, questions): smaller first. */
export const ORDER_MAX = 999
/** HH:MM, 00:00 to 23:59. */
export const TIME_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$'
/**
 * The shapes the site shows uploaded pictures in (docs/decisions/0074-teachers-and-school-photos.md).
 * A course picture must already be in its proportion (give or take IMAGE_RATIO_TOLERANCE) and may
 * be an SVG drawing; a teacher's portrait and a photo of the school are photos, cut to their
 * proportion at build, so a phone's photo of any shape is taken as long as the cut is large enough.
 */
export const PICTURE_KINDS = {
  course: { aspect: { width: 8, height: 5 }, minSize: IMAGE_MIN_SIZE, cut: false, svg: true },
  teacher: {
    aspect: { width: 4, height: 5 },
    minSize: { width: 400, height: 500 },
    cut: true,
    svg: false,
  },
  photo: {
    aspect: { width: 4, height: 3 },
    minSize: { width: 800, height: 600 },
    cut: true,
    svg: false,
  },
} as const
export type PictureKind = keyof typeof PICTURE_KINDS
/** The proportion as the owner reads it: «4:5». */
export const pictureProportion = (kind: PictureKind) =>
  `${PICTURE_KINDS[kind].aspect.width}:${PICTURE_KINDS[kind].aspect.height}`

export const TEACHER_NAME_MAX = 60
export const TEACHER_TEXT_MAX = 400
/** A teacher's years of teaching, when the owner gives them: whole years, 1 to this. */
export const TEACHER_EXPERIENCE_MAX = 60
/** A teacher's education in a line («АГТУ, прикладная информатика, 2015»), when given. */
export const TEACHER_EDUCATION_MAX = 150
export const PHOTO_ALT_MAX = 150
export const PHOTO_CAPTION_MAX = 120
/** Frequently asked questions (content/faq/, docs/decisions/0076-answers-reviews-way-licence.md). */
export const FAQ_QUESTION_MAX = 150
/** The answer: plain text, paragraphs split by a blank line. */
export const FAQ_ANSWER_MAX = 1000
/** A parent's review (content/reviews/): its text, and who wrote it as they agreed to be named. */
export const REVIEW_TEXT_MAX = 800
export const REVIEW_AUTHOR_MAX = 80
/**
 * Where a review was published: a public service, whose page it links, or the parent's written
 * consent (no link then). No stars: a rating belongs to the public source and changes there.
 */
export const REVIEW_SOURCES = ['yandex', '2gis', 'vk', 'written'] as const
export type ReviewSource = (typeof REVIEW_SOURCES)[number]
export const REVIEW_SOURCE_NAMES: Record<ReviewSource, string> = {
  yandex: 'Яндекс Карты',
  '2gis': '2ГИС',
  vk: 'ВКонтакте',
  written: 'Родитель согласился на публикацию письменно',
}

/** The hosts and paths a review's link may have for its source; `written` takes no link. */
const REVIEW_LINKS: Record<Exclude<ReviewSource, 'written'>, RegExp> = {
  yandex: /^(?:www\.)?yandex\.(?:ru|com)$/,
  '2gis': /^(?:www\.|m\.)?2gis\.ru$/,
  vk: /^(?:www\.|m\.)?vk\.(?:com|ru)$/,
}

/** Whether `link` is an https address of the review's own service (Яндекс Карты: /maps…). */
export function isReviewLinkOf(source: ReviewSource, link: string): boolean {
  if (source === 'written') return link === ''
  const url = URL.parse(link)
  if (!url || url.protocol !== 'https:' || !REVIEW_LINKS[source].test(url.hostname)) return false
  return source !== 'yandex' || url.pathname.startsWith('/maps')
}

/** A required text, trimmed, of at most `max` characters: the rule of every text the owner writes. */
export const boundedText = (max: number) =>
  z
    .string({ error: 'должно быть текстом' })
    .check(
      z.trim(),
      z.minLength(1, 'не должно быть пустым'),
      z.maxLength(max, `не длиннее ${max} знаков`),
    )

// Built when a file is checked, not on import: the site's bundles import the constants above
// (through the catalogue) and must not build schemas while the page hydrates.
function createContentSchemas() {
  const text = boundedText

  const wholeNumber = (min: number, max: number, what: string) =>
    z
      .number({ error: `${what}: нужно число` })
      .check(
        z.int({ error: `${what}: нужно целое число` }),
        z.gte(min, `${what}: не меньше ${min}`),
        z.lte(max, `${what}: не больше ${max}`),
      )

  const years = dateYearWindow()
  /** A calendar date as the editor writes it: YYYY-MM-DD, its year in the window. */
  const isoDate = z.string({ error: 'нужна дата' }).check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, 'нужна дата в виде ГГГГ-ММ-ДД'),
    z.refine((value) => {
      const date = new Date(`${value}T00:00:00Z`)
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
    }, 'такой даты нет в календаре'),
    z.refine((value) => isDateYearInWindow(value), `год — от ${years.min} до ${years.max}`),
  )

  /** Empty or absent (the editor's cleared field), or a date. */
  const optionalDate = z._default(
    z.union([z.literal(''), isoDate], { error: 'нужна дата ГГГГ-ММ-ДД или пусто' }),
    '',
  )

  const textList = (max: number) =>
    z
      .array(text(max), { error: 'должно быть списком' })
      .check(z.refine((list) => new Set(list).size === list.length, 'пункты не должны повторяться'))

  const price = wholeNumber(1, PRICE_MAX, 'цена в рублях за занятие')
  /** A subscription's price, per lesson or per month (`pricesPer`); absent: no such plan. */
  const planPrice = z.optional(wholeNumber(1, PRICE_MAX, 'цена в рублях'))
  const MONTH_FORMS = ['месяц', 'месяца', 'месяцев'] as const
  const RUSSIAN = new Intl.NumberFormat('ru-RU')

  /** A course's own words on a price card: empty is the common text (content/pages/course.json). */
  const cardText = (max: number) =>
    z._default(
      z.string({ error: 'должно быть текстом' }).check(
        z.trim(),
        z.maxLength(max, `не длиннее ${max} знаков`),
        z.refine(
          (value) => value.split(/\s+/).every((word) => word.length <= PAGE_TEXT_LIMITS.wordMax),
          `слово длиннее ${PAGE_TEXT_LIMITS.wordMax} букв не поместится на экране телефона: разбейте его или сократите`,
        ),
      ),
      '',
    )

  /**
   * The answers of one quiz question a course suits: none, some or all of its options. The editor
   * writes null when none is ticked (Decap's select); null and absent read as none.
   */
  const quizAnswers = <const T extends readonly string[]>(ids: T) =>
    z.pipe(
      z.transform((value: unknown) => value ?? []),
      z
        .array(z.enum(ids, 'выберите ответы из списка'), { error: 'должно быть списком ответов' })
        .check(
          z.refine((list) => new Set(list).size === list.length, 'ответы не должны повторяться'),
        ),
    )

  const courseFileSchema = z
    .object({
      id: wholeNumber(1, 9999, 'номер курса'),
      title: text(TITLE_MAX),
      description: text(DESCRIPTION_LENGTH.max).check(
        z.minLength(DESCRIPTION_LENGTH.min, `не короче ${DESCRIPTION_LENGTH.min} знаков`),
      ),
      months: wholeNumber(1, MONTHS_MAX, 'длительность в месяцах'),
      level: z.enum(COURSE_LEVELS, 'выберите уровень из списка'),
      ageMin: wholeNumber(AGE_RANGE.min, AGE_RANGE.max, 'возраст'),
      ageMax: wholeNumber(AGE_RANGE.min, AGE_RANGE.max, 'возраст'),
      onMainPage: z.boolean({ error: 'да или нет' }),
      format: z.enum(COURSE_FORMATS, 'выберите формат из списка'),
      /** Empty: «По набору». */
      start: optionalDate,
      /**
       * How many times a week it meets: one figure, or each its groups have where they differ
       * (read.ts holds every group to it). Absent in a file written before: once, as the site
       * always counted.
       */
      lessonsPerWeek: z._default(
        z.pipe(
          // The editor writes the ticked figures as a list; a hand edit may write one number.
          z.transform((value: unknown) => (typeof value === 'number' ? [value] : value)),
          z
            .array(wholeNumber(1, LESSONS_PER_WEEK_MAX, 'занятий в неделю'), {
              error: 'отметьте, сколько раз в неделю идут занятия',
            })
            .check(
              z.minLength(1, 'отметьте, сколько раз в неделю идут занятия'),
              z.refine((list) => new Set(list).size === list.length, 'числа не должны повторяться'),
            ),
        ),
        [1],
      ),
      /** A lesson's length; absent: not said on the site, and the groups' times are not compared. */
      lessonMinutes: z.optional(
        wholeNumber(LESSON_MINUTES.min, LESSON_MINUTES.max, 'длина занятия в минутах'),
      ),
      /** How the subscriptions' prices are written; absent in a file written before: per lesson. */
      pricesPer: z._default(z.enum(PRICE_UNITS, 'выберите из списка'), 'lesson'),
      prices: z.object({
        basic: price,
        month: planPrice,
        fourMonth: planPrice,
        year: planPrice,
      }),
      /** The course's own card texts; none: the common ones for every card. */
      planTexts: z._default(
        z.array(
          z.object({
            plan: z.enum(PRICE_KEYS, 'выберите карточку из списка'),
            label: cardText(PAGE_TEXT_LIMITS.planLabel),
            note: cardText(PAGE_TEXT_LIMITS.planNote),
          }),
          { error: 'должно быть списком' },
        ),
        [],
      ),
      image: z.string({ error: 'нужна картинка' }).check(
        z.minLength(1, 'нужна картинка курса: загрузите её'),
        z.refine(
          (value) => value === '' || UPLOADED_IMAGE.test(value),
          `картинка должна быть загружена через редактор (${IMAGE_EXTENSIONS.join(', ')})`,
        ),
      ),
      skills: textList(200),
      plan: textList(200),
      /** Not on the site: no page in the catalogue, sitemap or quiz (decision 0069). */
      hidden: z._default(z.boolean({ error: 'да или нет' }), false),
      /** Which quiz answers the course suits; absent in a file written before: none. */
      quiz: z._default(
        z.object({
          interest: quizAnswers(QUIZ_ANSWER_IDS.interest),
          experience: quizAnswers(QUIZ_ANSWER_IDS.experience),
          goal: quizAnswers(QUIZ_ANSWER_IDS.goal),
          learning: quizAnswers(QUIZ_ANSWER_IDS.learning),
        }),
        { interest: [], experience: [], goal: [], learning: [] },
      ),
    })
    .check(
      z.superRefine((course, context) => {
        if (course.ageMin > course.ageMax) {
          context.addIssue({
            code: 'custom',
            message: 'возраст «до» не может быть меньше возраста «от»',
            path: ['ageMax'],
            input: course.ageMax,
          })
        }
        const issue = (path: PropertyKey[], input: unknown, message: string) =>
          context.addIssue({ code: 'custom', message, path, input })
        const perWeek = Array.isArray(course.lessonsPerWeek)
          ? course.lessonsPerWeek.filter((value) => Number.isInteger(value))
          : []
        const monthly = course.pricesPer === 'month'
        const subscriptions = SUBSCRIPTION_KEYS.filter((key) => course.prices[key] !== undefined)
        // A month of 4 lessons and one of 8 have no single price (docs/decisions/0087).
        if (monthly && perWeek.length > 1 && subscriptions.length > 0) {
          issue(
            ['pricesPer'],
            course.pricesPer,
            `группы курса занимаются ${timesAWeekText(perWeek)}, и месяц у них стоит по-разному: впишите цены абонементов «${PRICE_UNIT_NAMES.lesson}»`,
          )
        }
        for (const key of subscriptions) {
          const amount = course.prices[key] ?? 0
          // Compared only with a valid single-visit price: a bad one is reported on its own.
          const lesson = lessonPriceOf(amount, course.pricesPer, perWeek)
          if (course.prices.basic < 1 || lesson === undefined || lesson <= course.prices.basic) {
            continue
          }
          const [only = 1] = perWeek
          issue(
            ['prices', key],
            amount,
            monthly
              ? `при ${lessonsPerMonth(only)} занятиях в месяц одно стоит ${RUSSIAN.format(Math.round(lesson))}\u00a0₽ — дороже разового посещения`
              : `абонемент не может стоить дороже разового посещения; если вы вписали цену за месяц, выберите «${PRICE_UNIT_NAMES.month}» в поле «${FIELD_LABELS.course.pricesPer}»`,
          )
        }
        // A plan as long as the course is the full course under another name.
        for (const [key, term] of Object.entries(PLAN_MONTHS) as [
          keyof typeof PLAN_MONTHS,
          number,
        ][]) {
          // Only a valid length: a bad one is reported on its own.
          if (course.prices[key] === undefined || !(course.months >= 1) || course.months > term) {
            continue
          }
          const months = `${course.months} ${pluralRu(course.months, MONTH_FORMS)}`
          issue(
            ['prices', key],
            course.prices[key],
            course.months < term
              ? `курс длится ${months}: такого абонемента у него быть не может — оставьте поле пустым`
              : `курс длится ${months}: этот абонемент и есть полный курс — оставьте поле пустым, а цену впишите в «${PRICE_PLAN_NAMES.year}»`,
          )
        }
        const named = new Set<string>()
        for (const [index, text] of (course.planTexts ?? []).entries()) {
          if (named.has(text.plan)) {
            issue(
              ['planTexts', index, 'plan'],
              text.plan,
              'у этой карточки уже есть свои надписи выше',
            )
          }
          named.add(text.plan)
          if (text.plan !== 'basic' && course.prices[text.plan] === undefined) {
            issue(
              ['planTexts', index, 'plan'],
              text.plan,
              'у курса нет цены этой карточки, её нет на сайте: впишите цену или удалите пункт',
            )
          }
          if (!text.label && !text.note) {
            issue(
              ['planTexts', index, 'label'],
              text.label,
              'впишите заголовок или пояснение — или удалите этот пункт',
            )
          }
        }
      }),
    )

  const announcementFileSchema = z
    .object({
      title: text(TITLE_MAX),
      text: text(ANNOUNCEMENT_TEXT_MAX),
      /** The day of the event, if it has one: it becomes a schema.org Event. */
      date: optionalDate,
      /** The last day it is shown; empty: until the event's day, or until it is deleted. */
      endDate: optionalDate,
    })
    .check(
      z.refine((item) => !item.date || !item.endDate || item.endDate >= item.date, {
        message: 'дата «показывать до» не может быть раньше даты события',
        path: ['endDate'],
      }),
    )

  const time = z
    .string({ error: 'нужно время' })
    .check(z.regex(new RegExp(TIME_PATTERN), 'нужно время в виде ЧЧ:ММ, например 10:00'))

  const groupFileSchema = z
    .object({
      // The editor's list writes the course's number as text ("4"); a hand edit may write 4.
      course: z.pipe(
        z.pipe(
          z.union([z.number(), z.string().check(z.regex(/^\d{1,4}$/))], {
            error: 'выберите курс из списка',
          }),
          z.transform((value) => Number(value)),
        ),
        wholeNumber(1, 9999, 'номер курса'),
      ),
      days: z
        .array(z.enum(WEEKDAYS, 'выберите дни из списка'), {
          error: 'нужен список дней',
        })
        .check(
          z.minLength(1, 'нужен хотя бы один день'),
          z.refine((list) => new Set(list).size === list.length, 'дни не должны повторяться'),
        ),
      start: time,
      end: time,
      ageMin: wholeNumber(AGE_RANGE.min, AGE_RANGE.max, 'возраст'),
      ageMax: wholeNumber(AGE_RANGE.min, AGE_RANGE.max, 'возраст'),
      format: z.enum(COURSE_FORMATS, 'выберите формат из списка'),
      /** «кабинет 2»; empty: the format alone is shown («Онлайн»). */
      place: z._default(
        z.union([z.literal(''), text(GROUP_PLACE_MAX)], {
          error: `не длиннее ${GROUP_PLACE_MAX} знаков или пусто`,
        }),
        '',
      ),
      /** Empty: the group already meets. */
      startDate: optionalDate,
      seats: wholeNumber(0, GROUP_SEATS_MAX, 'свободных мест'),
      /** The group's places in all, free and taken; absent: not said on the site. */
      size: z.optional(wholeNumber(1, GROUP_SEATS_MAX, 'мест в группе')),
      /** Who teaches it: a teacher's file name in content/teachers/ (read.ts checks it); empty: not said. */
      teacher: z._default(
        z.union(
          [z.literal(''), z.string().check(z.regex(ENTRY_ID, 'выберите преподавателя из списка'))],
          {
            error: 'выберите преподавателя из списка',
          },
        ),
        '',
      ),
      order: z._default(wholeNumber(0, ORDER_MAX, 'порядок'), 0),
      sample: sampleMark(),
    })
    .check(
      z.superRefine((group, context) => {
        if (group.ageMin > group.ageMax) {
          context.addIssue({
            code: 'custom',
            message: 'возраст «до» не может быть меньше возраста «от»',
            path: ['ageMax'],
            input: group.ageMax,
          })
        }
        if (group.size !== undefined && group.seats > group.size) {
          context.addIssue({
            code: 'custom',
            message: 'свободных мест не может быть больше, чем мест в группе',
            path: ['seats'],
            input: group.seats,
          })
        }
        // HH:MM compares as text; each time's own shape is reported on its own.
        if (/^\d\d:\d\d$/.test(group.start) && group.end <= group.start) {
          context.addIssue({
            code: 'custom',
            message: 'занятие должно кончаться позже, чем начинается',
            path: ['end'],
            input: group.end,
          })
        }
      }),
    )

  const faqFileSchema = z.object({
    question: text(FAQ_QUESTION_MAX),
    answer: text(FAQ_ANSWER_MAX),
    order: wholeNumber(1, ORDER_MAX, 'порядок'),
    sample: sampleMark(),
  })

  const reviewFileSchema = z
    .object({
      text: text(REVIEW_TEXT_MAX),
      author: text(REVIEW_AUTHOR_MAX),
      /** The day it was written, as the source shows it; empty when unknown. */
      date: optionalDate,
      source: z.enum(REVIEW_SOURCES, 'выберите, где опубликован отзыв'),
      link: z._default(z.string({ error: 'должно быть ссылкой' }).check(z.trim()), ''),
      sample: sampleMark(),
    })
    .check(
      z.superRefine((review, context) => {
        const { source, link } = review
        const problem =
          source === 'written'
            ? link !== '' && 'у отзыва с письменным согласием ссылки нет: уберите её'
            : link === ''
              ? `нужна ссылка на этот отзыв на сайте «${REVIEW_SOURCE_NAMES[source]}»`
              : !isReviewLinkOf(source, link) &&
                `ссылка ведёт не на «${REVIEW_SOURCE_NAMES[source]}»: нужна ссылка https:// на отзыв там`
        if (problem) {
          context.addIssue({ code: 'custom', message: problem, path: ['link'], input: link })
        }
      }),
    )

  /** Empty or absent: not shown on the site. */
  const optionalText = (max: number) =>
    z._default(
      z
        .string({ error: 'должно быть текстом' })
        .check(z.trim(), z.maxLength(max, `не длиннее ${max} знаков`)),
      '',
    )

  /** Words that go on a sentence of the site («Мы перезвоним …»): empty, or without a full stop. */
  const phrase = (max: number, sentence: string) =>
    z._default(
      z.string({ error: 'должно быть текстом' }).check(
        z.trim(),
        z.maxLength(max, `не длиннее ${max} знаков`),
        z.refine(
          (value) => !/[.!?…]$/.test(value),
          `без точки в конце: эти слова продолжают фразу «${sentence} …»`,
        ),
      ),
      '',
    )

  const percent = (what: string) => z.optional(wholeNumber(1, DISCOUNT_PERCENT_MAX, what))

  const point = <T extends readonly [string, ...string[]]>(icons: T) =>
    z.object({
      title: text(120),
      description: text(300),
      icon: z.enum(icons, 'выберите значок из списка'),
    })

  const prizesFileSchema = z.object({
    heading: text(120),
    intro: text(400),
    note: text(200),
    items: z
      .array(
        z.object({
          title: text(TITLE_MAX),
          description: text(300),
          colour: z.enum(PRIZE_COLOURS, 'выберите цвет из списка'),
          icon: z.enum(PRIZE_ICONS, 'выберите значок из списка'),
        }),
      )
      // None: no prize section.
      .check(z.maxLength(8, 'не больше 8 призов')),
    /**
     * The draw's terms (38-ФЗ «О рекламе», ст. 9: its dates, and where its organiser, rules, prizes
     * and their handing are told). The release check refuses shown prizes without the dates, the
     * organiser and the rules' link (packages/content-check/src/launch-blockers.ts).
     */
    draw: z._default(
      z
        .object({
          start: optionalDate,
          end: optionalDate,
          organiser: optionalText(DRAW_ORGANISER_MAX),
          rulesUrl: z._default(
            z.string({ error: 'должно быть ссылкой' }).check(
              z.trim(),
              z.maxLength(LINK_MAX, `не длиннее ${LINK_MAX} знаков`),
              z.refine(
                (value) => value === '' || isHttpsLink(value),
                'нужна ссылка на страницу с правилами, которая начинается с https://',
              ),
            ),
            '',
          ),
          receiving: optionalText(DRAW_RECEIVING_MAX),
        })
        .check(
          z.refine((draw) => !draw.start || !draw.end || draw.end >= draw.start, {
            message: 'розыгрыш не может закончиться раньше, чем начался',
            path: ['end'],
          }),
        ),
      { start: '', end: '', organiser: '', rulesUrl: '', receiving: '' },
    ),
    sample: sampleMark(),
  })

  const trialOfferFileSchema = z.object({
    heading: text(120),
    subheading: text(120),
    button: text(40),
    points: z
      .array(point(TRIAL_ICONS))
      .check(z.minLength(1, 'нужен хотя бы один пункт'), z.maxLength(6, 'не больше 6 пунктов')),
    /** What a parent asks before coming: each shown only when filled. */
    details: z._default(
      z.object({
        minutes: z.optional(
          wholeNumber(TRIAL_MINUTES.min, TRIAL_MINUTES.max, 'длительность в минутах'),
        ),
        parent: optionalText(TRIAL_DETAIL_MAX),
        bring: optionalText(TRIAL_DETAIL_MAX),
        callBack: phrase(CALL_BACK_MAX, 'Мы перезвоним'),
        sample: sampleMark(),
      }),
      { parent: '', bring: '', callBack: '', sample: false },
    ),
    /** How a dated trial is booked, reminded and held (docs/decisions/0103-a-trial-she-holds.md). */
    booking: z._default(
      z.object({
        /** How many of a group's next lessons the form offers. */
        datesShown: z._default(
          wholeNumber(TRIAL_DATES_SHOWN.min, TRIAL_DATES_SHOWN.max, 'дат'),
          TRIAL_BOOKING_DEFAULTS.datesShown,
        ),
        /** Holidays and days off: no trial is offered on them. */
        closedDays: z._default(
          z
            .array(
              z.object({ from: isoDate, to: isoDate }).check(
                z.refine(({ from, to }) => from <= to, {
                  message: 'день «по» не может быть раньше дня «с»',
                  path: ['to'],
                }),
              ),
              { error: 'должно быть списком' },
            )
            .check(z.maxLength(CLOSED_DAYS_MAX, `не больше ${CLOSED_DAYS_MAX} промежутков`)),
          [],
        ),
        /** The evening before a trial, the reminder's time. */
        remindEvening: z._default(time, TRIAL_BOOKING_DEFAULTS.remindEvening),
        /** And again this many hours before it begins. */
        remindHoursBefore: z._default(
          wholeNumber(REMIND_HOURS.min, REMIND_HOURS.max, 'часов до урока'),
          TRIAL_BOOKING_DEFAULTS.remindHoursBefore,
        ),
        /** A booked trial keeps its seat this many days after its date, until the desk decides. */
        holdDays: z._default(
          wholeNumber(HOLD_DAYS.min, HOLD_DAYS.max, 'дней'),
          TRIAL_BOOKING_DEFAULTS.holdDays,
        ),
        /** When a seat frees, the bot offers it to the next parent waiting, for a day. */
        waitlistOffers: z._default(
          z.boolean({ error: 'да или нет' }),
          TRIAL_BOOKING_DEFAULTS.waitlistOffers,
        ),
      }),
      { ...TRIAL_BOOKING_DEFAULTS, closedDays: [] },
    ),
  })

  /** A title with its text: both, or neither (then not shown). */
  const titledPromise = z
    .object({
      title: optionalText(PROMISE_TITLE_MAX),
      text: optionalText(PROMISE_TEXT_MAX),
      sample: sampleMark(),
    })
    .check(
      z.superRefine((promise, context) => {
        if (promise.title === '' && promise.text !== '') {
          context.addIssue({
            code: 'custom',
            message: 'нужен заголовок: без него текст не показывается',
            path: ['title'],
            input: promise.title,
          })
        } else if (promise.title !== '' && promise.text === '') {
          context.addIssue({
            code: 'custom',
            message: 'нужен текст под заголовком, или сотрите и заголовок',
            path: ['text'],
            input: promise.text,
          })
        }
      }),
    )

  const promisesFileSchema = z.object({
    format: titledPromise,
    completion: z
      .object({
        project: optionalText(PROMISE_TEXT_MAX),
        projectPrizes: optionalText(PROMISE_TEXT_MAX),
        discountPercent: percent('скидка в процентах'),
        discountTerms: optionalText(PROMISE_TEXT_MAX),
        certificate: optionalText(PROMISE_TEXT_MAX),
        sample: sampleMark(),
      })
      .check(
        z.refine(
          (completion) => completion.discountPercent !== undefined || !completion.discountTerms,
          {
            message: 'впишите размер скидки или сотрите её условия',
            path: ['discountPercent'],
          },
        ),
      ),
    quizPromo: z
      .object({
        code: z._default(
          z.string({ error: 'должно быть текстом' }).check(
            z.trim(),
            z.refine(
              (value) => value === '' || PROMO_CODE_PATTERN.test(value),
              'от 2 до 20 букв и цифр, можно с дефисом, без пробелов',
            ),
          ),
          '',
        ),
        percent: percent('скидка в процентах'),
        validDays: z.optional(wholeNumber(1, PROMO_DAYS_MAX, 'срок в днях')),
        appliesTo: phrase(PROMO_APPLIES_MAX, 'Скидка действует на'),
        combines: z._default(z.enum(PROMO_COMBINES, 'выберите из списка'), ''),
        sample: sampleMark(),
      })
      .check(
        z.superRefine((promo, context) => {
          if (promo.code === '') return
          const missing = [
            ['percent', 'нужен размер скидки по промокоду'],
            ['validDays', 'нужно, сколько дней действует промокод'],
          ] as const
          for (const [field, message] of missing) {
            if (promo[field] === undefined) {
              context.addIssue({ code: 'custom', message, path: [field], input: undefined })
            }
          }
        }),
      ),
  })

  /** A picture uploaded through the editor, required (teachers' photos, the school's photos). */
  const uploadedPhoto = (missing: string) =>
    z.string({ error: missing }).check(
      z.minLength(1, missing),
      z.refine(
        (value) => value === '' || UPLOADED_IMAGE.test(value),
        `фото должно быть загружено через редактор (${IMAGE_EXTENSIONS.join(', ')})`,
      ),
    )
  const teacherPhotoOrder = wholeNumber(1, ORDER_MAX, 'порядок')

  const teacherFileSchema = z.object({
    name: text(TEACHER_NAME_MAX),
    photo: uploadedPhoto('нужно фото преподавателя: загрузите его'),
    /**
     * The numbers of the courses they teach. The editor's list of courses writes each as text
     * («4»), a hand edit may write 4: both read as the number. That each exists is checked
     * against the courses (read.ts), which this file does not see.
     */
    courses: z._default(
      z
        .array(
          z.pipe(
            z.transform((value: unknown) =>
              typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value,
            ),
            wholeNumber(1, 9999, 'номер курса'),
          ),
          { error: 'должно быть списком курсов' },
        )
        .check(
          z.refine((list) => new Set(list).size === list.length, 'курсы не должны повторяться'),
        ),
      [],
    ),
    text: text(TEACHER_TEXT_MAX),
    /** Years of teaching; absent: not said on the site. */
    experience: z.optional(wholeNumber(1, TEACHER_EXPERIENCE_MAX, 'опыт в годах')),
    /** Empty or absent: not said on the site. */
    education: z._default(
      z
        .string({ error: 'должно быть текстом' })
        .check(
          z.trim(),
          z.maxLength(TEACHER_EDUCATION_MAX, `не длиннее ${TEACHER_EDUCATION_MAX} знаков`),
        ),
      '',
    ),
    order: teacherPhotoOrder,
    sample: sampleMark(),
  })

  const photoFileSchema = z.object({
    image: uploadedPhoto('нужно фото: загрузите его'),
    alt: text(PHOTO_ALT_MAX),
    /** Empty or absent: no caption under the photo. */
    caption: z._default(
      z
        .string({ error: 'должно быть текстом' })
        .check(z.trim(), z.maxLength(PHOTO_CAPTION_MAX, `не длиннее ${PHOTO_CAPTION_MAX} знаков`)),
      '',
    ),
    order: teacherPhotoOrder,
    sample: sampleMark(),
  })

  return {
    course: courseFileSchema,
    announcement: announcementFileSchema,
    prizes: prizesFileSchema,
    trialOffer: trialOfferFileSchema,
    promises: promisesFileSchema,
    group: groupFileSchema,
    teacher: teacherFileSchema,
    photo: photoFileSchema,
    faq: faqFileSchema,
    review: reviewFileSchema,
  }
}

type ContentSchemas = ReturnType<typeof createContentSchemas>
let schemas: ContentSchemas | undefined

/** The schema of each kind of content file. */
export function contentSchemas(): ContentSchemas {
  return (schemas ??= createContentSchemas())
}

export type CourseFile = z.output<ContentSchemas['course']>

/**
 * A course as the pages list it: its file without the programme (only its own page shows that),
 * the quiz's answers (only the quiz reads them) and the flag (a hidden course is not listed).
 */
export type CourseEntry = Omit<CourseFile, 'skills' | 'plan' | 'quiz' | 'hidden'>

/** A course file without its programme: what the site's bundles carry for every page. */
export function catalogueEntry({
  skills: _skills,
  plan: _plan,
  quiz: _quiz,
  hidden: _hidden,
  ...entry
}: CourseFile): CourseEntry {
  return entry
}

/** A hidden course as its old address still names it: the page says it is not running now. */
export type HiddenCourse = Pick<CourseFile, 'id' | 'title'>
export type AnnouncementFile = z.output<ContentSchemas['announcement']>
export type PrizesFile = z.output<ContentSchemas['prizes']>
export type TrialOfferFile = z.output<ContentSchemas['trialOffer']>
export type TrialDetails = TrialOfferFile['details']
export type TrialBooking = TrialOfferFile['booking']
export type PromisesFile = z.output<ContentSchemas['promises']>
export type GroupFile = z.output<ContentSchemas['group']>

export type TeacherFile = z.output<ContentSchemas['teacher']>
export type PhotoFile = z.output<ContentSchemas['photo']>
export type FaqFile = z.output<ContentSchemas['faq']>
export type ReviewFile = z.output<ContentSchemas['review']>

/** The editor's labels of the fields, by path without list indices: the problems name them. */
export const FIELD_LABELS: Record<
  | 'course'
  | 'announcement'
  | 'prizes'
  | 'trialOffer'
  | 'promises'
  | 'group'
  | 'teacher'
  | 'photo'
  | 'faq'
  | 'review',
  Record<string, string>
> = {
  course: {
    id: 'Номер курса (в адресе страницы)',
    title: 'Название',
    description: 'Описание',
    months: 'Длительность, месяцев',
    level: 'Уровень',
    ageMin: 'Возраст от',
    ageMax: 'Возраст до',
    onMainPage: 'Показывать на главной',
    format: 'Формат',
    start: 'Старт',
    lessonsPerWeek: 'Занятий в неделю',
    lessonMinutes: 'Длина занятия, минут',
    pricesPer: 'Цены абонементов',
    prices: 'Цены',
    'prices.basic': 'Цены → Разовое посещение',
    'prices.month': 'Цены → Абонемент на 1 месяц',
    'prices.fourMonth': 'Цены → Абонемент от 4 месяцев',
    'prices.year': 'Цены → Полный курс',
    planTexts: 'Свои надписи на карточках цен',
    'planTexts.plan': 'Свои надписи на карточках цен → Карточка',
    'planTexts.label': 'Свои надписи на карточках цен → Заголовок карточки',
    'planTexts.note': 'Свои надписи на карточках цен → Пояснение',
    image: 'Картинка',
    skills: 'Чему научится ребёнок',
    plan: 'Программа курса',
    hidden: 'Скрыть с сайта',
    // The questions as the quiz asks them (app/content/quiz-questions.ts, whose test compares).
    quiz: 'Тест для родителей',
    'quiz.interest': 'Тест для родителей → Чем ребёнок любит заниматься больше всего?',
    'quiz.experience': 'Тест для родителей → Пробовал ли ребёнок программировать?',
    'quiz.goal': 'Тест для родителей → Что ребёнку хотелось бы создать самому?',
    'quiz.learning': 'Тест для родителей → Как ребёнку легче всего учиться?',
  },
  announcement: {
    title: 'Заголовок',
    text: 'Текст',
    date: 'Дата события',
    endDate: 'Показывать до',
  },
  prizes: {
    heading: 'Заголовок',
    intro: 'Вступление',
    note: 'Примечание',
    items: 'Призы',
    'items.title': 'Призы → Название',
    'items.description': 'Призы → Описание',
    'items.colour': 'Призы → Цвет',
    'items.icon': 'Призы → Значок',
    draw: 'Розыгрыш',
    'draw.start': 'Розыгрыш → Начало',
    'draw.end': 'Розыгрыш → Окончание',
    'draw.organiser': 'Розыгрыш → Организатор',
    'draw.rulesUrl': 'Розыгрыш → Ссылка на правила',
    'draw.receiving': 'Розыгрыш → Где и как вручаем призы',
    sample: SAMPLE_FIELD_LABEL,
  },
  trialOffer: {
    heading: 'Заголовок',
    subheading: 'Подзаголовок',
    button: 'Текст кнопки',
    points: 'Пункты',
    'points.title': 'Пункты → Заголовок',
    'points.description': 'Пункты → Описание',
    'points.icon': 'Пункты → Значок',
    details: 'Как проходит пробный урок',
    'details.minutes': 'Как проходит пробный урок → Длительность, минут',
    'details.parent': 'Как проходит пробный урок → Родителям',
    'details.bring': 'Как проходит пробный урок → Что взять с собой',
    'details.callBack': 'Как проходит пробный урок → Когда перезвоним',
    'details.sample': `Как проходит пробный урок → ${SAMPLE_FIELD_LABEL}`,
    booking: 'Запись на пробный урок',
    'booking.datesShown': 'Запись на пробный урок → Сколько дат предлагать',
    'booking.closedDays': 'Запись на пробный урок → Выходные и каникулы',
    'booking.closedDays.from': 'Запись на пробный урок → Выходные и каникулы → С',
    'booking.closedDays.to': 'Запись на пробный урок → Выходные и каникулы → По',
    'booking.remindEvening': 'Запись на пробный урок → Напоминание накануне, время',
    'booking.remindHoursBefore': 'Запись на пробный урок → Второе напоминание, часов до урока',
    'booking.holdDays': 'Запись на пробный урок → Сколько дней держать место после пробного',
    'booking.waitlistOffers': 'Запись на пробный урок → Предлагать освободившееся место через бота',
  },
  promises: {
    format: 'Как проходят занятия',
    'format.title': 'Как проходят занятия → Заголовок',
    'format.text': 'Как проходят занятия → Текст',
    'format.sample': `Как проходят занятия → ${SAMPLE_FIELD_LABEL}`,
    completion: 'После курса',
    'completion.project': 'После курса → Готовый проект',
    'completion.projectPrizes': 'После курса → Призы за лучшие проекты',
    'completion.discountPercent': 'После курса → Скидка на следующий курс, %',
    'completion.discountTerms': 'После курса → Условия скидки',
    'completion.certificate': 'После курса → Сертификат',
    'completion.sample': `После курса → ${SAMPLE_FIELD_LABEL}`,
    quizPromo: 'Промокод за тест',
    'quizPromo.code': 'Промокод за тест → Промокод',
    'quizPromo.percent': 'Промокод за тест → Скидка, %',
    'quizPromo.validDays': 'Промокод за тест → Действует, дней',
    'quizPromo.appliesTo': 'Промокод за тест → На что скидка',
    'quizPromo.combines': 'Промокод за тест → Со скидкой абонемента',
    'quizPromo.sample': `Промокод за тест → ${SAMPLE_FIELD_LABEL}`,
  },
  group: {
    course: 'Курс',
    days: 'Дни занятий',
    start: 'Начало занятия',
    end: 'Конец занятия',
    ageMin: 'Возраст от',
    ageMax: 'Возраст до',
    format: 'Формат',
    place: 'Где занимаются',
    startDate: 'Старт группы',
    seats: 'Свободных мест',
    size: 'Мест в группе',
    teacher: 'Преподаватель',
    order: 'Порядок',
    sample: SAMPLE_FIELD_LABEL,
  },
  teacher: {
    name: 'Имя и фамилия',
    photo: 'Фото',
    courses: 'Ведёт курсы',
    text: 'О преподавателе',
    experience: 'Опыт преподавания, лет',
    education: 'Образование',
    order: 'Порядок',
    sample: SAMPLE_FIELD_LABEL,
  },
  photo: {
    image: 'Фото',
    alt: 'Что на фото (для незрячих)',
    caption: 'Подпись под фото',
    order: 'Порядок',
    sample: SAMPLE_FIELD_LABEL,
  },
  faq: {
    question: 'Вопрос',
    answer: 'Ответ',
    order: 'Порядок',
    sample: SAMPLE_FIELD_LABEL,
  },
  review: {
    text: 'Текст отзыва',
    author: 'Кто написал',
    date: 'Дата отзыва',
    source: 'Где опубликован',
    link: 'Ссылка на отзыв',
    sample: SAMPLE_FIELD_LABEL,
  },
}
