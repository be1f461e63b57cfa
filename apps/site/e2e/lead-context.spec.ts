// The context a lead carries to the real lead service (docs/behaviour.md, "Lead context"): the
// course page it was sent from, and the quiz's suggestion in this visit.
import type { Page } from '@playwright/test'
import { paths } from '#app/config/paths.ts'
import { scoreQuiz } from '#app/features/quiz/score-quiz.ts'
import { TRIAL_POPUP_DELAY_MS } from '#app/features/trial-popup/dismissal.ts'
import { LEAD_API_URL } from './e2e-env.ts'
import { expect, finishQuiz, openQuiz, SAMPLE_QUIZ_ANSWERS, someCourse, test } from './fixtures'
import { storedLeads, uniqueName } from './leads-db'
import { thanksText } from '#app/content/trial-details.ts'

const SEND_URL = `${LEAD_API_URL}/send**`
const START = new Date('2026-03-02T10:00:00+04:00')
const THANKS = thanksText()
const course = someCourse()
const coursePath = paths.course(course.id)

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

test('a lead sent from a course page carries the course and its page', async ({
  page,
  leadForm,
}) => {
  await page.goto(coursePath)
  await page.getByRole('button', { name: 'Понятно' }).click()
  const form = await leadForm()
  const name = uniqueName('Курс')

  const query = await sendLead(page, form, name)
  expect(query.get('course')).toBe(String(course.id))
  expect(query.get('page')).toBe(coursePath)
  expect(query.get('quiz')).toBeNull()
  expect(storedLeads(name)).toEqual([
    expect.objectContaining({ form: 'feedback', course: course.id, quiz: null, page: coursePath }),
  ])
})

test('the trial popup on a course page carries the course too', async ({ page }) => {
  await page.clock.install({ time: START })
  await page.goto(coursePath)
  await page.getByRole('button', { name: 'Понятно' }).click()
  await page.clock.runFor(TRIAL_POPUP_DELAY_MS)
  const popup = page.getByRole('dialog')
  await expect(popup).toBeVisible()
  const name = uniqueName('Окно')

  await sendLead(page, popup, name, popup.getByRole('heading', { name: THANKS }))
  expect(storedLeads(name)).toEqual([
    expect.objectContaining({
      form: 'trial_lesson_popup',
      course: course.id,
      quiz: null,
      page: coursePath,
    }),
  ])
})

test('a lead sent after the quiz carries its suggestion', async ({ page, leadForm }) => {
  const quiz = await openQuiz(page, START)
  await finishQuiz(page, quiz, SAMPLE_QUIZ_ANSWERS)
  const suggested = scoreQuiz(SAMPLE_QUIZ_ANSWERS)
  await expect(quiz.getByRole('heading', { name: suggested.title })).toBeVisible()
  await quiz.getByRole('link', { name: 'Оставить заявку' }).click()
  // The link took the parent to the form.
  await expect(page.getByRole('form', { name: 'Заявка на обучение' })).toBeInViewport()
  const form = await leadForm()
  const name = uniqueName('Тест')

  const query = await sendLead(page, form, name)
  expect(query.get('quiz')).toBe(String(suggested.courseId))
  expect(storedLeads(name)).toEqual([
    expect.objectContaining({ course: null, quiz: suggested.courseId, page: '/' }),
  ])
})
