import { z } from 'zod/mini'
import type { PRICE_KEYS } from './price-keys.ts'
import { SAMPLE_FIELD_LABEL, sampleMark } from './samples.ts'

// The fixed pages' own words as the owner edits them (docs/decisions/0071-page-texts.md): the home
// page's first screen and section headings, the course page's section headings and price cards,
// the catalogue's and the announcements' headings, the contact block, and every fixed page's
// title and description for search engines. The limits keep the layout: each was measured with
// the longest text it allows at 390 and 1280 px (apps/site/e2e/page-texts.spec.ts).

/** The files, relative to content/. */
export const PAGE_TEXT_FILES = {
  home: 'pages/home.json',
  course: 'pages/course.json',
  other: 'pages/other.json',
  search: 'pages/search.json',
} as const
export type PageTextKind = keyof typeof PAGE_TEXT_FILES

/**
 * The limits, in characters. No word of a text shown on a page may be longer than `wordMax`, the
 * longest word that fits the home page's heading on one line of a 360 px phone; the catalogue's and
 * the announcements' headings are larger on a phone and take `pageHeadingWordMax` (measured in
 * apps/site/e2e/page-texts.spec.ts).
 */
export const PAGE_TEXT_LIMITS = {
  eyebrow: 40,
  heading: 80,
  lead: 200,
  heroBadge: 50,
  heroHeading: 90,
  heroText: 200,
  heroAudience: 60,
  heroTag: 30,
  heroTagsMax: 8,
  pageHeading: 40,
  planLabel: 30,
  planNote: 60,
  planBadge: 20,
  offerName: 80,
  /** Search engines show about 60–70 characters of a title. */
  searchTitle: 70,
  /** About 160 fit a search result; the home page's own is 173. */
  searchDescription: 180,
  searchDescriptionMin: 40,
  wordMax: 17,
  pageHeadingWordMax: 16,
} as const

// How the editor names the pages, sections and cards (in this order), for its fields and the
// problems' labels.

/** The fixed pages with their own search title and description (course pages use the course's). */
export const SEARCH_PAGE_NAMES = {
  home: 'Главная',
  courses: 'Все курсы',
  announcements: 'Объявления',
  privacyPolicy: 'Политика конфиденциальности',
  personalDataPolicy: 'Политика обработки персональных данных',
  cookiePolicy: 'Политика использования cookie',
  consent: 'Согласие на обработку персональных данных',
  thanks: 'Заявка отправлена',
  formError: 'Заявка не отправлена',
  notFound: 'Страница не найдена',
} as const
export type SearchPage = keyof typeof SEARCH_PAGE_NAMES

/** The home page's headed sections, in page order. */
export const HOME_SECTION_NAMES = {
  announcements: 'Объявления',
  courses: 'Курсы',
  path: 'Как проходит обучение',
  quiz: 'Тест для родителей',
  closing: 'Как начать',
} as const

/** The course page's headed sections. */
export const COURSE_SECTION_NAMES = {
  skills: 'Чему научится ребёнок',
  plan: 'Программа курса',
  benefits: 'Что получит после курса',
  prices: 'Стоимость обучения',
} as const

/** The price cards, in the order of a course's prices. */
export const PRICE_PLAN_NAMES: Record<(typeof PRICE_KEYS)[number], string> = {
  basic: 'Разовое посещение',
  month: 'Абонемент на 1 месяц',
  fourMonth: 'Абонемент от 4 месяцев',
  year: 'Полный курс',
}

export const OTHER_BLOCK_NAMES = {
  catalogue: 'Страница всех курсов',
  announcements: 'Страница объявлений',
  contact: 'Запись на занятие (внизу страниц)',
} as const

const L = PAGE_TEXT_LIMITS

/** A word longer than `max` letters: it would not fit its line on a phone. */
function longWord(value: string, max: number = L.wordMax): string | undefined {
  return value.split(/\s+/).find((word) => word.length > max)
}

// Built when a file is checked, not on import (as schema.ts: the bundles import the constants).
function createPageTextSchemas() {
  const plain = (max: number) =>
    z
      .string({ error: 'должно быть текстом' })
      .check(z.trim(), z.maxLength(max, `не длиннее ${max} знаков`))

  /** Shown on a page: no word longer than fits a phone's line. */
  const fitsPhone = (wordMax: number) =>
    z.refine<string>(
      (value) => longWord(value, wordMax) === undefined,
      `слово длиннее ${wordMax} букв не поместится на экране телефона: разбейте его или сократите`,
    )

  const text = (max: number, wordMax: number = L.wordMax) =>
    plain(max).check(z.minLength(1, 'не должно быть пустым'), fitsPhone(wordMax))

  /** Empty or absent: nothing is shown. */
  const optionalText = (max: number) => z._default(plain(max).check(fitsPhone(L.wordMax)), '')

  const section = z.object({
    eyebrow: optionalText(L.eyebrow),
    title: text(L.heading),
    lead: optionalText(L.lead),
  })

  const titled = z.object({ title: text(L.heading), lead: text(L.lead) })

  const homeFileSchema = z.object({
    hero: z.object({
      badge: text(L.heroBadge),
      heading: text(L.heroHeading),
      text: text(L.heroText),
      audience: text(L.heroAudience),
      tags: z.array(text(L.heroTag), { error: 'должно быть списком' }).check(
        z.maxLength(L.heroTagsMax, `не больше ${L.heroTagsMax} направлений`),
        z.refine((list) => new Set(list).size === list.length, 'пункты не должны повторяться'),
      ),
      /**
       * The shipped heading's «…до уровня профессионала» is a promise only the school can make:
       * the owner confirms it or writes her own (docs/decisions/0089-every-promise-is-content.md).
       */
      sample: sampleMark(),
    }),
    announcements: section,
    courses: section,
    path: section,
    quiz: section,
    closing: section,
  })

  const plan = z.object({
    label: text(L.planLabel),
    note: text(L.planNote),
    /** Empty: no badge; with one, the card is the featured one. */
    badge: optionalText(L.planBadge),
    offerName: text(L.offerName),
  })

  const courseFileSchema = z.object({
    sections: z.object({
      skills: text(L.heading),
      plan: text(L.heading),
      benefits: text(L.heading),
      prices: text(L.heading),
    }),
    plans: z.object({ basic: plan, month: plan, fourMonth: plan, year: plan }),
  })

  const otherFileSchema = z.object({
    catalogue: z.object({ title: text(L.pageHeading, L.pageHeadingWordMax), lead: text(L.lead) }),
    announcements: z.object({
      title: text(L.pageHeading, L.pageHeadingWordMax),
      lead: text(L.lead),
    }),
    contact: titled,
  })

  const searchText = z.object({
    title: plain(L.searchTitle).check(z.minLength(1, 'не должно быть пустым')),
    description: plain(L.searchDescription).check(
      z.minLength(L.searchDescriptionMin, `не короче ${L.searchDescriptionMin} знаков`),
    ),
  })

  const searchFileSchema = z.object({
    home: searchText,
    courses: searchText,
    announcements: searchText,
    privacyPolicy: searchText,
    personalDataPolicy: searchText,
    cookiePolicy: searchText,
    consent: searchText,
    thanks: searchText,
    formError: searchText,
    notFound: searchText,
  })

  return {
    home: homeFileSchema,
    course: courseFileSchema,
    other: otherFileSchema,
    search: searchFileSchema,
  }
}

type PageTextSchemas = ReturnType<typeof createPageTextSchemas>
let schemas: PageTextSchemas | undefined

/** The schema of each page-text file. */
export function pageTextSchemas(): PageTextSchemas {
  return (schemas ??= createPageTextSchemas())
}

export type HomeTextsFile = z.output<PageTextSchemas['home']>
export type CourseTextsFile = z.output<PageTextSchemas['course']>
export type OtherTextsFile = z.output<PageTextSchemas['other']>
export type SearchTextsFile = z.output<PageTextSchemas['search']>

/** Every page text, as the build bakes it into the bundles. */
export type PageTexts = {
  home: HomeTextsFile
  course: CourseTextsFile
  other: OtherTextsFile
  search: SearchTextsFile
}

const SECTION_FIELDS = { eyebrow: 'Надпись над заголовком', title: 'Заголовок', lead: 'Пояснение' }
const PLAN_FIELDS = {
  label: 'Название на карточке',
  note: 'Строка под названием',
  badge: 'Значок на карточке',
  offerName: 'Название для поисковиков',
}

/** `{ courses: 'Курсы', 'courses.title': 'Курсы → Заголовок', … }`. */
function nested(
  groups: Record<string, string>,
  fields: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(groups).flatMap(([key, group]) => [
      [key, group],
      ...Object.entries(fields).map(([field, name]) => [`${key}.${field}`, `${group} → ${name}`]),
    ]),
  )
}

/**
 * The editor's labels of the fields, by path without list indices: the problems name them. Built
 * when asked, so that a bundle importing this module's constants drops them.
 */
export function pageTextLabels(): Record<PageTextKind, Record<string, string>> {
  return {
    home: {
      hero: 'Первый экран',
      'hero.badge': 'Первый экран → Надпись над заголовком',
      'hero.heading': 'Первый экран → Заголовок',
      'hero.text': 'Первый экран → Текст',
      'hero.audience': 'Первый экран → Для кого',
      'hero.tags': 'Первый экран → Направления',
      'hero.sample': `Первый экран → ${SAMPLE_FIELD_LABEL}`,
      ...nested(HOME_SECTION_NAMES, SECTION_FIELDS),
    },
    course: {
      sections: 'Заголовки разделов',
      ...Object.fromEntries(
        Object.entries(COURSE_SECTION_NAMES).map(([key, name]) => [
          `sections.${key}`,
          `Заголовки разделов → ${name}`,
        ]),
      ),
      plans: 'Карточки цен',
      ...nested(
        Object.fromEntries(
          Object.entries(PRICE_PLAN_NAMES).map(([key, name]) => [
            `plans.${key}`,
            `Карточки цен → ${name}`,
          ]),
        ),
        PLAN_FIELDS,
      ),
    },
    other: nested(OTHER_BLOCK_NAMES, { title: 'Заголовок', lead: 'Текст под заголовком' }),
    search: nested(SEARCH_PAGE_NAMES, {
      title: 'Заголовок в поиске',
      description: 'Описание в поиске',
    }),
  }
}
