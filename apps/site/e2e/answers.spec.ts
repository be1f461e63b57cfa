import type { Request } from '@playwright/test'
import { hasInformationPage, paths } from '#app/config/paths.ts'
import { school } from '#app/config/school.ts'
import { courses } from '#app/content/courses.ts'
import { faq } from '#app/content/faq.ts'
import { REVIEW_LINK_LABELS, reviews } from '#app/content/reviews.ts'
import { expect, test } from './fixtures'

// What a parent weighs before trusting the school: the usual questions, the parents' reviews and
// where they were published, the way there, and the school's licence
// (docs/decisions/0076-answers-reviews-way-licence.md). Read from the shipped samples and facts.

const [firstQuestion] = faq
const [firstReview] = reviews

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('an answer opens on a tap of its question, and with the keyboard', async ({ page }) => {
    if (!firstQuestion) throw new Error('the repository ships sample questions')
    await page.goto(paths.home)
    const section = page.getByRole('region', { name: 'Частые вопросы' })
    const answer = section.getByText(firstQuestion.paragraphs[0] ?? '')
    await expect(answer).toBeHidden()
    await section.getByText(firstQuestion.question).click()
    await expect(answer).toBeVisible()
    await section.getByText(firstQuestion.question).click()
    await expect(answer).toBeHidden()
    await section.getByText(firstQuestion.question).focus()
    await page.keyboard.press('Enter')
    await expect(answer).toBeVisible()
  })
})

test('each review names who wrote it and links where it was published, in a new tab', async ({
  page,
}) => {
  if (!firstReview) throw new Error('the repository ships sample reviews')
  await page.goto(paths.home)
  const section = page.getByRole('region', { name: 'Отзывы родителей' })
  await expect(section.getByText(firstReview.author)).toBeVisible()
  for (const review of reviews) {
    if (review.source === 'written' || !review.link) {
      await expect(
        section.getByText('Родитель согласился на публикацию письменно').first(),
      ).toBeVisible()
      continue
    }
    const link = section.getByRole('link', { name: REVIEW_LINK_LABELS[review.source] })
    await expect(link).toHaveAttribute('href', review.link)
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  }
  // No stars and no score anywhere on the page.
  await expect(page.getByText(/★|☆|\d[,.]\d из 5/)).toHaveCount(0)
})

test('the map loads nothing from another origin until the parent taps it', async ({
  page,
  context,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin
  const elsewhere: string[] = []
  const record = (request: Request) => {
    if (new URL(request.url()).origin !== origin) elsewhere.push(request.url())
  }
  context.on('request', record)
  // No network here: the map service's page is answered by a stand-in.
  await context.route(/^https:\/\/(yandex\.ru|2gis\.ru)\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Карта</title>' }),
  )
  await page.goto(paths.home)
  const section = page.getByRole('region', { name: 'Как нас найти' })
  await section.scrollIntoViewIfNeeded()
  await expect(section.getByText(school.address.full)).toBeVisible()
  // Everything the page would load by now, the lower sections drawn too.
  await page.mouse.wheel(0, 20_000)
  await page.waitForLoadState('networkidle')
  expect(elsewhere, 'requests before the tap').toEqual([])
  expect(await page.locator('iframe').count()).toBe(0)

  const [map] = await Promise.all([
    context.waitForEvent('page'),
    section.getByRole('link', { name: 'Открыть на Яндекс Картах' }).click(),
  ])
  await map.waitForLoadState()
  const url = new URL(map.url())
  expect(url.origin + url.pathname).toBe('https://yandex.ru/maps/')
  if (school.geo) {
    expect(url.searchParams.get('pt')).toBe(`${school.geo.longitude},${school.geo.latitude}`)
  }
  expect(elsewhere[0]).toBe(map.url())
})

test('a course page explains how to pay and links the school’s information page', async ({
  page,
}) => {
  expect(hasInformationPage, 'the shipped facts hold a sample licence').toBe(true)
  const course = courses[0]
  if (!course) throw new Error('no course')
  await page.goto(paths.course(course.id))
  const section = page.getByRole('region', { name: 'Как оплатить обучение' })
  await expect(section.getByRole('heading', { name: 'Налоговый вычет' })).toBeVisible()
  await section.getByRole('link', { name: '«Сведения об образовательной организации»' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Сведения об образовательной организации' }),
  ).toBeVisible()
})

test('the footer and the menu open «Сведения об образовательной организации»', async ({ page }) => {
  const licence = school.licence
  if (!licence) throw new Error('the shipped facts hold a sample licence')
  await page.goto(paths.home)
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: 'Сведения об образовательной организации' })
    .click()
  await expect(page).toHaveURL(paths.information)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Сведения об образовательной организации' }),
  ).toBeVisible()
  const main = page.getByRole('main')
  for (const fact of [licence.number, licence.issuer, school.owner.name, school.owner.inn]) {
    await expect(main.getByText(fact, { exact: true })).toBeVisible()
  }
  const programmes = page.getByRole('table')
  for (const course of courses) {
    await expect(programmes.getByRole('link', { name: course.title })).toBeVisible()
  }

  await page.goto(paths.courses)
  await page
    .getByRole('navigation', { name: 'Основное меню' })
    .getByRole('link', { name: 'Сведения' })
    .click()
  await expect(page).toHaveURL(paths.information)
})
