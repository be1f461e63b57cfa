// The context a lead carries to the real lead service (docs/behaviour.md, "Lead context"): the
// course page it was sent from, and the quiz's suggestion in this visit.
import type { Page } from '@playwright/test'
import { LEAD_API_URL } from './e2e-env.ts'
import { expect, finishQuiz, openQuiz, test, WEBSITE_COURSE_ANSWERS } from './fixtures'
import { storedLeads, uniqueName } from './leads-db'

const SEND_URL = `${LEAD_API_URL}/send**`
const START = new Date('2026-03-02T10:00:00+04:00')
const THANKS = 'Спасибо! Мы свяжемся с вами в ближайшее время.'

/** Fills the form and sends it; resolves with the request's query once `thanks` shows. */
async function sendLead(
  page: Page,
  form: ReturnType<Page['getByRole']>,
  name: string,
  thanks = page.getByRole('dialog', { name: THANKS }),
) {
  await form.getByLabel('Имя').fill(name)
  await form.getByLabel('Телефон').pressSequentially('9123456789')
  const request = page.waitForRequest(SEND_URL)
  await form.getByRole('button', { name: /Оставить заявку|Записаться/ }).click()
  const query = new URL((await request).url()).searchParams
  await expect(thanks).toBeVisible()
  return query
}

test('a lead sent from /course/4 carries course 4 and its page', async ({ page }) => {
  await page.goto('/course/4')
  await page.getByRole('button', { name: 'Понятно' }).click()
  const form = page.getByRole('form', { name: 'Заявка на обучение' })
  await form.scrollIntoViewIfNeeded()
  const name = uniqueName('Курс')

  const query = await sendLead(page, form, name)
  expect(query.get('course')).toBe('4')
  expect(query.get('page')).toBe('/course/4')
  expect(query.get('quiz')).toBeNull()
  expect(storedLeads(name)).toEqual([
    expect.objectContaining({ form: 'feedback', course: 4, quiz: null, page: '/course/4' }),
  ])
})

test('the trial popup on /course/4 carries course 4 too', async ({ page }) => {
  await page.clock.install({ time: START })
  await page.goto('/course/4')
  await page.getByRole('button', { name: 'Понятно' }).click()
  await page.clock.runFor(40_000)
  const popup = page.getByRole('dialog')
  await expect(popup).toBeVisible()
  const name = uniqueName('Окно')

  await sendLead(page, popup, name, popup.getByRole('heading', { name: THANKS }))
  expect(storedLeads(name)).toEqual([
    expect.objectContaining({
      form: 'trial_lesson_popup',
      course: 4,
      quiz: null,
      page: '/course/4',
    }),
  ])
})

test('a lead sent after the quiz carries its suggestion', async ({ page }) => {
  const quiz = await openQuiz(page, START)
  await finishQuiz(page, quiz, WEBSITE_COURSE_ANSWERS)
  await expect(quiz.getByRole('heading', { name: /Создание сайтов: HTML и CSS/ })).toBeVisible()
  await quiz.getByRole('link', { name: 'Оставить заявку' }).click()
  const form = page.getByRole('form', { name: 'Заявка на обучение' })
  await expect(form).toBeInViewport()
  const name = uniqueName('Тест')

  const query = await sendLead(page, form, name)
  expect(query.get('quiz')).toBe('7')
  expect(storedLeads(name)).toEqual([expect.objectContaining({ course: null, quiz: 7, page: '/' })])
})
