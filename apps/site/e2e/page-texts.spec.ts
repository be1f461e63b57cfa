import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import {
  PAGE_TEXT_FILES,
  PAGE_TEXT_LIMITS as L,
  type PageTexts,
  type SearchPage,
} from '@it-lab/shared/content'
import type { FastifyInstance } from 'fastify'
import { buildSiteServer } from '../server/site-server.ts'
import { paths } from '#app/config/paths.ts'
import { BUILD_DIR } from './e2e-env.ts'
import { expect, test } from './fixtures'
import {
  documentScrollWidth,
  elementsOutsideViewport,
  textsOverflowingTheirBox,
} from './page-layout'

// The owner's page texts (content/pages/, docs/decisions/0071-page-texts.md) at their limits: a
// build of a copy of content/ in which every text is as long as its rule allows, made of the
// longest words allowed, and opening hours filled in. What she writes shows on the built pages,
// and the longest she may write keeps every page within the screen at 390 and 1280 px.

const SITE_DIR = path.join(import.meta.dirname, '..')
const REPO = path.join(SITE_DIR, '..', '..')
/** build-e2e*: ignored by git and by Tailwind's scan. */
const LONG_BUILD = `${BUILD_DIR}-page-texts`
/** The longest word a text may hold, of wide letters. */
const LONG_WORD = 'железнодорожников'

/**
 * A text of exactly `max` characters, of words as long as allowed (`wordMax`), after `prefix` if
 * given.
 */
function longest(max: number, prefix = '', wordMax: number = L.wordMax): string {
  if (prefix) return `${prefix} ${longest(max - prefix.length - 1, '', wordMax)}`
  const WORD = LONG_WORD.slice(0, wordMax)
  expect(WORD).toHaveLength(wordMax)
  const words: string[] = []
  let length = -1
  while (length + 1 + WORD.length <= max) {
    words.push(WORD)
    length += 1 + WORD.length
  }
  let room = max - length
  if (room === 1 && words.length > 0) {
    words[words.length - 1] = WORD.slice(0, -1)
    room = 2
  }
  if (room >= 2) words.push(WORD.slice(0, room - 1))
  const text = words.join(' ')
  expect(text).toHaveLength(max)
  return text
}

const section = {
  eyebrow: longest(L.eyebrow),
  title: longest(L.heading, 'Раздел'),
  lead: longest(L.lead),
}
const plan = {
  label: longest(L.planLabel, 'Цена'),
  note: longest(L.planNote),
  badge: longest(L.planBadge),
  offerName: longest(L.offerName),
}
const search = (page: string) => ({
  title: longest(L.searchTitle, page),
  description: longest(L.searchDescription),
})

const TEXTS: PageTexts = {
  home: {
    hero: {
      badge: longest(L.heroBadge),
      heading: longest(L.heroHeading),
      text: longest(L.heroText),
      audience: longest(L.heroAudience),
      tags: Array.from({ length: L.heroTagsMax }, (_, index) =>
        longest(L.heroTag, String(index + 1)),
      ),
      sample: false,
    },
    announcements: section,
    courses: section,
    path: section,
    quiz: section,
    closing: section,
  },
  course: {
    sections: {
      skills: longest(L.heading, 'Умения'),
      plan: longest(L.heading, 'Программа'),
      benefits: longest(L.heading, 'Итоги'),
      prices: longest(L.heading, 'Стоимость'),
    },
    plans: { basic: plan, month: plan, fourMonth: plan, year: plan },
  },
  other: {
    catalogue: {
      title: longest(L.pageHeading, 'Каталог', L.pageHeadingWordMax),
      lead: longest(L.lead),
    },
    announcements: {
      title: longest(L.pageHeading, 'Новости', L.pageHeadingWordMax),
      lead: longest(L.lead),
    },
    contact: { title: longest(L.heading, 'Запись'), lead: longest(L.lead) },
  },
  search: {
    home: search('Главная'),
    courses: search('Курсы'),
    announcements: search('Объявления'),
    privacyPolicy: search('Конфиденциальность'),
    personalDataPolicy: search('Персональные'),
    cookiePolicy: search('Cookie'),
    consent: search('Согласие'),
    thanks: search('Спасибо'),
    formError: search('Ошибка'),
    notFound: search('Нет'),
  },
}

const HOURS = [
  {
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    opens: '10:00',
    closes: '20:00',
  },
  { days: ['Saturday'], opens: '11:00', closes: '16:00' },
]

// One build for the file: its tests run in one worker, in turn.
test.describe.configure({ mode: 'serial' })

let scratch = ''
let site: FastifyInstance | undefined
let origin = ''

test.beforeAll(async () => {
  test.setTimeout(300_000)
  scratch = mkdtempSync(path.join(tmpdir(), 'it-lab-page-texts-'))
  const content = path.join(scratch, 'content')
  cpSync(path.join(REPO, 'content'), content, { recursive: true })
  for (const [kind, file] of Object.entries(PAGE_TEXT_FILES)) {
    writeFileSync(path.join(content, file), JSON.stringify(TEXTS[kind as keyof PageTexts]))
  }
  const facts = JSON.parse(readFileSync(path.join(content, 'school.json'), 'utf8')) as object
  writeFileSync(
    path.join(content, 'school.json'),
    JSON.stringify({ ...facts, openingHours: HOURS }),
  )
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: SITE_DIR,
    env: {
      ...process.env,
      CONTENT_DIR: content,
      SITE_BUILD_DIR: LONG_BUILD,
      SITE_URL: 'https://it-lab.test',
      LEAD_API_URL: 'https://it-lab.test/lead',
    },
    encoding: 'utf8',
  })
  expect(build.status, `${build.stdout}${build.stderr}`).toBe(0)
  site = await buildSiteServer({ buildDir: path.join(SITE_DIR, LONG_BUILD) })
  origin = await site.listen({ port: 0, host: '127.0.0.1' })
})

test.afterAll(async () => {
  await site?.close()
  rmSync(path.join(SITE_DIR, LONG_BUILD), { recursive: true, force: true })
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

/** The page's search title and description, as the head carries them. */
async function expectSearchTexts(page: Page, name: SearchPage) {
  await expect(page).toHaveTitle(TEXTS.search[name].title)
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    TEXTS.search[name].description,
  )
}

test('what the owner writes in the page texts is what the built pages show', async ({ page }) => {
  await page.goto(`${origin}/`)
  const hero = page.getByRole('region', { name: TEXTS.home.hero.heading })
  await expect(hero.getByRole('heading', { level: 1 })).toHaveText(TEXTS.home.hero.heading)
  for (const text of [TEXTS.home.hero.badge, TEXTS.home.hero.text, TEXTS.home.hero.audience]) {
    await expect(hero.getByText(text, { exact: true })).toBeVisible()
  }
  await expect(hero.getByRole('list', { name: 'Направления' }).getByRole('listitem')).toHaveText(
    TEXTS.home.hero.tags,
  )
  await expect(page.getByRole('heading', { level: 2, name: section.title })).toHaveCount(4)
  await expectSearchTexts(page, 'home')
  // The opening hours: in the contact block and in the structured data.
  const contact = page.getByRole('region', { name: TEXTS.other.contact.title })
  await expect(contact.getByText('Пн–Пт: 10:00–20:00')).toBeVisible()
  await expect(contact.getByText('Сб: 11:00–16:00')).toBeVisible()
  const organization = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
  ) as { openingHoursSpecification?: { opens: string; closes: string }[] }
  expect(organization.openingHoursSpecification).toMatchObject([
    { opens: '10:00', closes: '20:00' },
    { opens: '11:00', closes: '16:00' },
  ])

  await page.goto(`${origin}${paths.course(4)}`)
  for (const heading of Object.values(TEXTS.course.sections)) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
  }
  // The price plans' cards (the page's groups and teachers are cards too, in their own sections).
  const cards = page
    .getByRole('region', { name: TEXTS.course.sections.prices })
    .getByRole('article')
  await expect(cards).toHaveCount(4)
  await expect(cards.getByRole('heading', { level: 3, name: plan.label })).toHaveCount(4)

  await page.goto(`${origin}${paths.courses}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS.other.catalogue.title)
  await expectSearchTexts(page, 'courses')
  await page.goto(`${origin}${paths.announcements}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS.other.announcements.title)
  await expectSearchTexts(page, 'announcements')
})

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`the longest texts allowed stay within the screen at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    for (const route of [paths.home, paths.course(4), paths.courses, paths.announcements]) {
      await page.goto(`${origin}${route}`)
      // Sections below the fold are laid out only when near the viewport: lay them all out.
      await page.evaluate(() => {
        for (const element of document.querySelectorAll<HTMLElement>('main > *')) {
          element.style.contentVisibility = 'visible'
        }
      })
      expect(await documentScrollWidth(page), route).toBeLessThanOrEqual(viewport.width)
      expect(await elementsOutsideViewport(page), route).toEqual([])
      expect(await textsOverflowingTheirBox(page), route).toEqual([])
    }
    // The price card's badge stays on its card.
    await page.goto(`${origin}${paths.course(4)}`)
    const card = page.getByRole('article').last()
    const cardBox = await card.boundingBox()
    const badgeBox = await card.getByText(plan.badge, { exact: true }).boundingBox()
    expect(badgeBox && cardBox && badgeBox.x >= cardBox.x).toBe(true)
  })
}
