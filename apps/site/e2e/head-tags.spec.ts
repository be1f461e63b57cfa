import type { Page } from '@playwright/test'
import { paths } from '#app/config/paths.ts'
import { school } from '#app/config/school.ts'
import { courses } from '#app/content/courses.ts'
import { expect, MISSING_COURSE_ID, someCourse, test } from './fixtures'

const SITE_URL = 'https://it-lab.test'

type RouteCase = {
  path: string
  noindex: boolean
  canonical: boolean
  /** The whole title, or a pattern it matches. */
  title?: string | RegExp
  description?: string
}

const routes: RouteCase[] = [
  { path: '/', noindex: false, canonical: true },
  { path: '/courses', noindex: false, canonical: true },
  // Every course of the data: a course added to the catalogue is checked too.
  ...courses.map((course) => ({
    path: paths.course(course.id),
    noindex: false,
    canonical: true,
    title: `${course.title} — ${school.titleSuffix}`,
    description: course.description,
  })),
  { path: '/privacy-policy', noindex: true, canonical: true },
  { path: '/personal-data-policy', noindex: true, canonical: true },
  { path: '/cookie', noindex: true, canonical: true },
  { path: '/consent', noindex: true, canonical: true },
  { path: '/no-such-page', noindex: true, canonical: false, title: /^Страница не найдена/ },
  {
    path: paths.course(MISSING_COURSE_ID),
    noindex: true,
    canonical: false,
    title: /^Курс не найден/,
  },
]

const single = {
  description: 'meta[name="description"]',
  robots: 'meta[name="robots"]',
  keywords: 'meta[name="keywords"]',
  ogTitle: 'meta[property="og:title"]',
  ogDescription: 'meta[property="og:description"]',
  dcTitle: 'meta[name="DC.title"]',
  dcDescription: 'meta[name="DC.description"]',
}

async function expectHeadTags(page: Page, route: RouteCase) {
  const head = page.locator('head')
  await expect(head.locator('title')).toHaveCount(1)
  const title = await page.title()
  expect(title).not.toBe('')
  if (typeof route.title === 'string') expect(title).toBe(route.title)
  else if (route.title) expect(title).toMatch(route.title)

  const values: Record<string, string | null> = {}
  for (const [key, selector] of Object.entries(single)) {
    await expect(head.locator(selector), `${route.path}: one ${key}`).toHaveCount(1)
    values[key] = await head.locator(selector).getAttribute('content')
  }
  expect(values.robots).toBe(route.noindex ? 'noindex, nofollow' : 'index, follow')
  expect(values.description?.length).toBeGreaterThan(20)
  if (route.description) expect(values.description).toBe(route.description)
  expect(values.keywords).toContain('программирование для детей')
  expect(values.ogTitle).toBe(title)
  expect(values.dcTitle).toBe(title)
  expect(values.ogDescription).toBe(values.description)
  expect(values.dcDescription).toBe(values.description)

  const canonical = head.locator('link[rel="canonical"]')
  if (route.canonical) {
    await expect(canonical).toHaveCount(1)
    await expect(canonical).toHaveAttribute('href', `${SITE_URL}${route.path}`)
  } else {
    await expect(canonical).toHaveCount(0)
  }
}

test.describe('head tags in the prerendered HTML', () => {
  test.use({ javaScriptEnabled: false })

  for (const route of routes) {
    test(`${route.path}`, async ({ page }) => {
      await page.goto(route.path)
      await expectHeadTags(page, route)
    })
  }

  test('a course title is the course name with the site suffix', async ({ page }) => {
    await page.goto(paths.course(someCourse().id))
    const heading = await page.getByRole('heading', { level: 1 }).textContent()
    await expect(page).toHaveTitle(`${heading} — ${school.titleSuffix}`)
  })
})
