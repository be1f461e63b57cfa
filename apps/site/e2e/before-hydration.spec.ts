import type { BrowserContext, Page } from '@playwright/test'
import { paths } from '#app/config/paths.ts'
import { school } from '#app/config/school.ts'
import { quizQuestions } from '#app/content/quiz-questions.ts'
import { expect, someCourse, test } from './fixtures'
import { storedLeads, uniqueName } from './leads-db'
import { thanksText } from '#app/content/trial-details.ts'

// A phone paints the page 1–3 s before React has hydrated it. Here the scripts are held back
// until the test lets them go, so every action below happens on the painted, not yet hydrated page
// (docs/decisions/0039-actions-before-hydration.md).

type HeldPage = { page: Page; errors: string[]; release: () => void }

/** A page of `context` (not the fixture's page, whose goto waits for hydration) whose scripts wait. */
async function openHeld(context: BrowserContext, path: string): Promise<HeldPage> {
  let release = () => {}
  const gate = new Promise<void>((resolve) => (release = resolve))
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.route(/\.js$/, async (route) => {
    await gate
    await route.continue()
  })
  await page.goto(path, { waitUntil: 'commit' })
  return { page, errors, release }
}

function hydrated(page: Page) {
  return expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
}

test('a tap on the quiz before the page is ready is held, shown as busy, then takes effect', async ({
  context,
}) => {
  const { page, errors, release } = await openHeld(context, paths.home)
  const quiz = page.locator('#quiz')
  const start = quiz.getByRole('button', { name: 'Начать тест' })
  await start.click()
  await expect(start).toHaveAttribute('aria-busy', 'true')
  await expect(quiz.getByRole('heading', { name: quizQuestions[0]?.question })).toBeHidden()

  release()
  await hydrated(page)
  await expect(quiz.getByRole('heading', { name: quizQuestions[0]?.question })).toBeVisible()
  expect(errors).toEqual([])
})

test('the menu opens before the page is ready', async ({ context }) => {
  const { page, errors, release } = await openHeld(context, paths.home)
  await page.setViewportSize({ width: 375, height: 812 })
  await page.getByRole('button', { name: 'Открыть меню' }).click()
  await expect(page.getByRole('navigation', { name: 'Мобильное меню' })).toBeVisible()
  release()
  await hydrated(page)
  // Hydration leaves the open menu as it is.
  await expect(page.getByRole('navigation', { name: 'Мобильное меню' })).toBeVisible()
  expect(errors).toEqual([])
})

test('a form filled before the page is ready and sent after sends what was typed', async ({
  context,
}) => {
  const course = someCourse()
  const { page, errors, release } = await openHeld(context, paths.course(course.id))
  const name = uniqueName('Рано')
  const form = page.getByRole('form', { name: 'Заявка на обучение' })
  await form.getByLabel('Имя').fill(name)
  await form.getByLabel('Телефон').fill('8 912 345-67-89')
  release()
  await hydrated(page)
  await expect(form.getByLabel('Телефон')).toHaveValue('+7 (912) 345-67-89')
  await form.getByRole('button', { name: 'Оставить заявку' }).click()
  await expect(page.getByText(thanksText())).toBeVisible()
  expect(storedLeads(name)).toMatchObject([
    { phone: '+7 (912) 345-67-89', course: course.id, page: paths.course(course.id) },
  ])
  expect(errors).toEqual([])
})

test('a form sent before the page is ready is posted, never sent as a URL', async ({ context }) => {
  const { page, release } = await openHeld(context, paths.home)
  const urls: string[] = []
  page.on('request', (request) => urls.push(request.url()))
  const name = uniqueName('До скриптов')
  const form = page.getByRole('form', { name: 'Заявка на обучение' })
  await form.getByLabel('Имя').fill(name)
  await form.getByLabel('Телефон').fill('9123456789')
  await form.getByRole('button', { name: 'Оставить заявку' }).click()
  await expect(page).toHaveURL(paths.leadSent)
  release()
  expect(storedLeads(name)).toMatchObject([{ phone: '+7 (912) 345-67-89', page: paths.home }])
  expect(urls.filter((url) => url.includes('9123456789') || url.includes('name='))).toEqual([])
})

test('a desktop tap on the number before the page is ready copies it once the page is', async ({
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const { page, errors, release } = await openHeld(context, paths.home)
  const hero = page.locator('#hero')
  await hero.getByRole('link', { name: new RegExp(school.phone.short) }).click()
  await expect(page).toHaveURL(paths.home)
  release()
  await hydrated(page)
  await expect(hero.getByRole('button', { name: 'Скопировано!' })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(school.phone.short)
  expect(errors).toEqual([])
})
