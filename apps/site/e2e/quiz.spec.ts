import type { Page } from '@playwright/test'
import { paths } from '#app/config/paths.ts'
import { quizQuestions } from '#app/content/quiz-questions.ts'
import { QUIZ_PROMO, quizPromoValidity } from '#app/content/quiz-promo.ts'
import { QUIZ_AUTO_ADVANCE_MS, QUIZ_RESULT_DELAY_MS } from '#app/features/quiz/quiz-machine.ts'
import { scoreQuiz } from '#app/features/quiz/score-quiz.ts'
import { answerTexts, questionText } from '../test/quiz-answers.ts'
import { expect, openQuiz, reachedGoals, SAMPLE_QUIZ_ANSWERS, test } from './fixtures'

const START = new Date('2026-03-02T10:00:00+04:00')
const QUESTIONS = quizQuestions.length

function counter(page: Page, n: number) {
  return page.locator('#quiz').getByText(`${n} / ${QUESTIONS}`, { exact: true })
}

test('the whole quiz with the mouse: questions, computing, result, goal and restart', async ({
  page,
}) => {
  // An 11–13-year-old gamer who already writes code.
  const answers = {
    age: '11-13',
    interest: 'games',
    experience: 'code',
    goal: 'game',
    learning: 'result',
  }
  const [age, interest, ...rest] = answerTexts(answers)
  const last = rest.pop()
  if (age === undefined || interest === undefined || last === undefined) {
    throw new Error('the quiz has fewer than three questions')
  }
  const quiz = await openQuiz(page, START)
  const button = (name: string | RegExp) => quiz.getByRole('button', { name, exact: true })
  const heading = (name: string | RegExp) => quiz.getByRole('heading', { level: 3, name })

  await expect(heading('Какой курс подойдёт вашему ребёнку?')).toBeVisible()
  await button('Начать тест').click()

  // Question 1: counter, progress bar, disabled buttons.
  await expect(counter(page, 1)).toBeVisible()
  await expect(heading(questionText(0))).toBeFocused()
  const progress = quiz.getByRole('progressbar')
  await expect(progress).toHaveAttribute('aria-valuenow', '1')
  await expect(progress).toHaveAttribute('aria-valuemax', String(QUESTIONS))
  await expect(button('Назад')).toBeDisabled()
  await expect(button('Далее')).toBeDisabled()

  await button(age).click()
  await expect(button(age)).toHaveAttribute('aria-pressed', 'true')
  await expect(button('Далее')).toBeEnabled()
  await page.clock.runFor(QUIZ_AUTO_ADVANCE_MS - 1)
  await expect(counter(page, 1)).toBeVisible()
  await page.clock.runFor(1)

  // Question 2, then back to 1: the age answer is kept.
  await expect(counter(page, 2)).toBeVisible()
  await expect(progress).toHaveAttribute('aria-valuenow', '2')
  await expect(heading(questionText(1))).toBeFocused()
  await expect(button('Назад')).toBeEnabled()
  await expect(button('Далее')).toBeDisabled()
  await button('Назад').click()
  await expect(counter(page, 1)).toBeVisible()
  await expect(button(age)).toHaveAttribute('aria-pressed', 'true')
  await button('Далее').click()
  await expect(counter(page, 2)).toBeVisible()

  await button(interest).click()
  await page.clock.runFor(QUIZ_AUTO_ADVANCE_MS)
  for (const [index, answer] of rest.entries()) {
    await expect(counter(page, index + 3)).toBeVisible()
    await button(answer).click()
    await page.clock.runFor(QUIZ_AUTO_ADVANCE_MS)
  }

  // The last question says 'Узнать результат'.
  await expect(counter(page, QUESTIONS)).toBeVisible()
  await expect(progress).toHaveAttribute('aria-valuenow', String(QUESTIONS))
  await expect(button('Узнать результат')).toBeDisabled()
  await expect(button('Далее')).toHaveCount(0)
  await button(last).click()
  await page.clock.runFor(QUIZ_AUTO_ADVANCE_MS)

  await expect(heading('Подбираем курс')).toBeFocused()
  await page.clock.runFor(QUIZ_RESULT_DELAY_MS - 1)
  await expect(heading('Подбираем курс')).toBeVisible()
  expect(await reachedGoals(page)).not.toContain('testIsPassed')
  await page.clock.runFor(1)

  const suggested = scoreQuiz(answers)
  await expect(heading(suggested.title)).toBeFocused()
  // The shipped sample code (content/promises.json): its last day counted from the clock's day.
  const promo = QUIZ_PROMO
  if (!promo) throw new Error('the repository ships a sample promo code')
  await expect(quiz.getByText(promo.code, { exact: true })).toBeVisible()
  await expect(quiz.getByText(`Ваш промокод на скидку ${promo.percent} %`)).toBeVisible()
  await expect(quiz.getByText(quizPromoValidity(promo, '2026-03-02'))).toBeVisible()
  await expect(quiz.getByText('Действует 30 дней, до 1 апреля включительно.')).toBeVisible()
  await expect(quiz.getByText(/носит рекомендательный характер/)).toBeVisible()
  await expect(quiz.getByRole('link', { name: 'Подробнее о курсе' })).toHaveAttribute(
    'href',
    paths.course(suggested.courseId),
  )
  expect(await reachedGoals(page)).toEqual(['testIsPassed'])

  await button('Пройти тест заново').click()
  await expect(heading('Какой курс подойдёт вашему ребёнку?')).toBeFocused()
  await button('Начать тест').click()
  await expect(button(age)).toHaveAttribute('aria-pressed', 'false')
  await expect(button('Далее')).toBeDisabled()
})

test('a keyboard choice stays in place until «Далее»; focus then moves to the next question', async ({
  page,
}) => {
  const [first, second] = quizQuestions[0]?.options.map((option) => option.text) ?? []
  if (first === undefined || second === undefined)
    throw new Error('the first question has < 2 options')
  const quiz = await openQuiz(page, START)
  const button = (name: string | RegExp) => quiz.getByRole('button', { name, exact: true })

  await button('Начать тест').focus()
  await page.keyboard.press('Enter')
  await expect(quiz.getByRole('heading', { name: questionText(0) })).toBeFocused()

  await page.keyboard.press('Tab')
  await expect(button(first)).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(button(second)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(button(second)).toHaveAttribute('aria-pressed', 'true')
  await expect(quiz.getByRole('status')).toHaveText(
    `Выбран ответ «${second}». Чтобы продолжить, нажмите «Далее».`,
  )
  // Far past the wait after a pointer choice: a keyboard choice does not move on by itself.
  await page.clock.runFor(10 * QUIZ_AUTO_ADVANCE_MS)
  await expect(counter(page, 1)).toBeVisible()
  await expect(button(second)).toBeFocused()

  await button('Далее').focus()
  await page.keyboard.press('Enter')
  await expect(counter(page, 2)).toBeVisible()
  await expect(quiz.getByRole('heading', { name: questionText(1) })).toBeFocused()
})

test('the result leads to the contact block and to the course page', async ({ page }) => {
  const quiz = await openQuiz(page, START)
  const button = (name: string | RegExp) => quiz.getByRole('button', { name, exact: true })

  await button('Начать тест').click()
  for (const answer of answerTexts(SAMPLE_QUIZ_ANSWERS)) {
    await button(answer).click()
    await page.clock.runFor(QUIZ_AUTO_ADVANCE_MS)
  }
  await expect(quiz.getByRole('heading', { name: 'Подбираем курс' })).toBeVisible()
  await page.clock.runFor(QUIZ_RESULT_DELAY_MS)

  const suggested = scoreQuiz(SAMPLE_QUIZ_ANSWERS)
  await expect(quiz.getByRole('heading', { name: suggested.title })).toBeVisible()
  await quiz.getByRole('link', { name: 'Оставить заявку' }).click()
  await expect(page.locator('#contact')).toBeInViewport()

  await quiz.getByRole('link', { name: 'Подробнее о курсе' }).click()
  await expect(page).toHaveURL(paths.course(suggested.courseId))
  await expect(
    page.getByRole('heading', { level: 1, name: suggested.title, exact: true }),
  ).toBeVisible()
})

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } })

  test('fits the screen on every step', async ({ page }) => {
    // Every option of a question is on screen whichever is chosen; the answers pick the result.
    const answers = {
      age: 'under-7',
      interest: 'logic',
      experience: 'none',
      goal: 'cartoon',
      learning: 'play',
    }
    const quiz = await openQuiz(page, START)
    const button = (name: string | RegExp) => quiz.getByRole('button', { name, exact: true })
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= 320)

    expect(await fits()).toBe(true)
    await button('Начать тест').click()
    for (const answer of answerTexts(answers)) {
      expect(await fits()).toBe(true)
      await button(answer).click()
      await page.clock.runFor(QUIZ_AUTO_ADVANCE_MS)
    }
    await expect(quiz.getByRole('heading', { name: 'Подбираем курс' })).toBeVisible()
    expect(await fits()).toBe(true)
    await page.clock.runFor(QUIZ_RESULT_DELAY_MS)
    await expect(quiz.getByRole('heading', { name: scoreQuiz(answers).title })).toBeVisible()
    expect(await fits()).toBe(true)
  })
})
