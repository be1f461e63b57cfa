// What parents check (docs/decisions/0088-what-parents-check.md): the child's age a trial form
// asks reaches the school's chat with JavaScript and without it, the quiz's promo code goes with a
// lead sent after the quiz, a group's card says its size and a teacher's card the years and the
// education. The group and the teacher are the repository's samples, read from the data.
import type { Page } from '@playwright/test'
import { paths } from '#app/config/paths.ts'
import { GROUPS } from '#app/content/groups.ts'
import { teachers } from '#app/content/teachers.ts'
import { QUIZ_PROMO } from '#app/content/quiz-promo.ts'
import { thanksText } from '#app/content/trial-details.ts'
import { TRIAL_POPUP_DELAY_MS } from '#app/features/trial-popup/dismissal.ts'
import { expect, finishQuiz, openQuiz, SAMPLE_QUIZ_ANSWERS, someCourse, test } from './fixtures'
import { storedLeads, uniqueName } from './leads-db'
import { chatMessages } from './telegram'

/** The shipped sample code (content/promises.json). */
const QUIZ_PROMO_CODE = QUIZ_PROMO?.code ?? 'no promo code shipped'

const THANKS = thanksText()

/** The chat's message for the lead sent under `name`, once the fake Telegram has it. */
async function messageFor(name: string): Promise<string> {
  let found = ''
  await expect
    .poll(async () => (found = (await chatMessages()).find((text) => text.includes(name)) ?? ''))
    .not.toBe('')
  return found
}

async function fillAndSend(form: ReturnType<Page['getByRole']>, name: string) {
  await form.getByLabel('Имя').fill(name)
  await form.getByLabel('Телефон').fill('9123456789')
  await form.getByRole('button', { name: /Оставить заявку|Записаться/ }).click()
}

test('the trial popup asks the child’s age; the chat says it under the phone', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-03-02T10:00:00+04:00') })
  await page.goto(paths.home)
  await page.getByRole('button', { name: 'Понятно' }).click()
  await page.clock.runFor(TRIAL_POPUP_DELAY_MS + 100)
  // The popup opens from its hydrated island: it is ready once shown.
  const popup = page.getByRole('dialog', { name: 'Бесплатный пробный урок' })
  const age = popup.getByLabel('Возраст ребёнка (необязательно)')
  await expect(age).toHaveValue('')
  await age.selectOption({ label: '9 лет' })
  const name = uniqueName('Возраст')
  await fillAndSend(popup, name)
  // The dialog is named by its thank-you heading now.
  await expect(page.getByRole('dialog', { name: THANKS })).toBeVisible()
  expect(storedLeads(name)).toMatchObject([{ form: 'trial_lesson_popup', child_age: 9 }])
  expect(await messageFor(name)).toContain(
    'Телефон:</b> +7 (912) 345-67-89\n<b>Возраст ребёнка:</b> 9 лет\n',
  )
})

test('the home page’s contact form asks no age', async ({ page }) => {
  await page.goto(paths.home)
  await expect(
    page.getByRole('form', { name: 'Заявка на обучение' }).getByLabel(/Возраст ребёнка/),
  ).toHaveCount(0)
})

test('a lead sent after the quiz carries its promo code and the day it was given', async ({
  page,
  leadForm,
}) => {
  const quiz = await openQuiz(page, new Date('2026-03-02T10:00:00+04:00'))
  await finishQuiz(page, quiz, SAMPLE_QUIZ_ANSWERS)
  await expect(quiz.getByText(QUIZ_PROMO_CODE, { exact: true })).toBeVisible()
  await quiz.getByRole('link', { name: 'Оставить заявку' }).click()
  const form = await leadForm()
  const name = uniqueName('Промокод')
  await fillAndSend(form, name)
  await expect(page.getByRole('dialog', { name: THANKS })).toBeVisible()
  expect(storedLeads(name)).toMatchObject([
    { promo_code: QUIZ_PROMO_CODE, promo_given_on: '2026-03-02', child_age: null },
  ])
  expect(await messageFor(name)).toContain(
    `<b>Промокод из теста:</b> ${QUIZ_PROMO_CODE}, выдан 02.03.2026\n`,
  )
})

// A sample group names no teacher: deleting the sample teachers must not be refused for it. The
// card's teacher line is the unit tests' (course-groups-section.test.tsx).
test('a group’s card says its size; a teacher’s card, the years and the education', async ({
  page,
}) => {
  const group = GROUPS.find(({ size }) => size !== undefined)
  const teacher = teachers.find(({ experience, education }) => experience && education)
  if (!group?.size || !teacher?.experience) {
    throw new Error('the samples have a group with its size and a teacher with years and education')
  }
  await page.goto(paths.course(group.course))
  const groups = page.getByRole('region', { name: 'Расписание групп' })
  await expect(groups.getByText(`В группе до ${group.size} детей`)).toBeVisible()
  await page.goto(paths.home)
  const card = page.getByRole('article').filter({ hasText: teacher.text })
  await expect(card.getByText(`${teacher.experience} лет`)).toBeVisible()
  await expect(card.getByText(teacher.education)).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the course page’s form sends the child’s age: stored, in the chat, in no URL', async ({
    page,
    leadForm,
  }) => {
    const urls: string[] = []
    page.on('request', (request) => urls.push(request.url()))
    const course = someCourse()
    await page.goto(paths.course(course.id))
    const form = await leadForm()
    await form.getByLabel('Возраст ребёнка (необязательно)').selectOption({ label: '12 лет' })
    const name = uniqueName('Без скриптов')
    await fillAndSend(form, name)
    await expect(page).toHaveURL(paths.leadSent)
    expect(storedLeads(name)).toMatchObject([
      { form: 'feedback', course: course.id, child_age: 12 },
    ])
    expect(await messageFor(name)).toContain('<b>Возраст ребёнка:</b> 12 лет\n')
    for (const url of urls) expect(url).not.toMatch(/childAge|9123456789/)
  })
})
