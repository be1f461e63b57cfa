import type { Page } from '@playwright/test'
import { expect, openQuiz, reachedGoals, test } from './fixtures'

const START = new Date('2026-03-02T10:00:00+04:00')

function counter(page: Page, n: number) {
  return page.locator('#quiz').getByText(`${n} / 5`, { exact: true })
}

test('the whole quiz with the mouse: questions, computing, result, goal and restart', async ({
  page,
}) => {
  const quiz = await openQuiz(page, START)
  const button = (name: string | RegExp) => quiz.getByRole('button', { name, exact: true })
  const heading = (name: string | RegExp) => quiz.getByRole('heading', { level: 3, name })

  await expect(heading('Какой курс подойдёт вашему ребёнку?')).toBeVisible()
  await button('Начать тест').click()

  // Question 1: counter, progress bar, disabled buttons.
  await expect(counter(page, 1)).toBeVisible()
  await expect(heading('Сколько лет ребёнку?')).toBeFocused()
  const progress = quiz.getByRole('progressbar')
  await expect(progress).toHaveAttribute('aria-valuenow', '1')
  await expect(progress).toHaveAttribute('aria-valuemax', '5')
  await expect(button('Назад')).toBeDisabled()
  await expect(button('Далее')).toBeDisabled()

  await button('11–13 лет').click()
  await expect(button('11–13 лет')).toHaveAttribute('aria-pressed', 'true')
  await expect(button('Далее')).toBeEnabled()
  await page.clock.runFor(299)
  await expect(counter(page, 1)).toBeVisible()
  await page.clock.runFor(1)

  // Question 2, then back to 1: the age answer is kept.
  await expect(counter(page, 2)).toBeVisible()
  await expect(progress).toHaveAttribute('aria-valuenow', '2')
  await expect(heading('Чем ребёнок любит заниматься больше всего?')).toBeFocused()
  await expect(button('Назад')).toBeEnabled()
  await expect(button('Далее')).toBeDisabled()
  await button('Назад').click()
  await expect(counter(page, 1)).toBeVisible()
  await expect(button('11–13 лет')).toHaveAttribute('aria-pressed', 'true')
  await button('Далее').click()
  await expect(counter(page, 2)).toBeVisible()

  await button('Играть в компьютерные игры').click()
  await page.clock.runFor(300)
  await expect(counter(page, 3)).toBeVisible()
  await button('Да, уже пишет код на языке программирования').click()
  await page.clock.runFor(300)
  await expect(counter(page, 4)).toBeVisible()
  await button('Свою 3D-игру или целый мир').click()
  await page.clock.runFor(300)

  // The last question says 'Узнать результат'.
  await expect(counter(page, 5)).toBeVisible()
  await expect(progress).toHaveAttribute('aria-valuenow', '5')
  await expect(button('Узнать результат')).toBeDisabled()
  await expect(button('Далее')).toHaveCount(0)
  await button('Когда результат сразу виден на экране или в телефоне').click()
  await page.clock.runFor(300)

  await expect(heading('Подбираем курс')).toBeFocused()
  await page.clock.runFor(1_499)
  await expect(heading('Подбираем курс')).toBeVisible()
  expect(await reachedGoals(page)).not.toContain('testIsPassed')
  await page.clock.runFor(1)

  // Result: Roblox for an 11–13-year-old gamer who already writes code.
  await expect(heading(/Roblox: создание 3D-игр/)).toBeFocused()
  await expect(quiz.getByText('ТЕСТ-10', { exact: true })).toBeVisible()
  await expect(quiz.getByText('Ваш промокод на скидку 10 %')).toBeVisible()
  await expect(quiz.getByText('Действует 30 дней.')).toBeVisible()
  await expect(quiz.getByText(/носит рекомендательный характер/)).toBeVisible()
  await expect(quiz.getByRole('link', { name: 'Подробнее о курсе' })).toHaveAttribute(
    'href',
    '/course/1',
  )
  expect(await reachedGoals(page)).toEqual(['testIsPassed'])

  await button('Пройти тест заново').click()
  await expect(heading('Какой курс подойдёт вашему ребёнку?')).toBeFocused()
  await button('Начать тест').click()
  await expect(button('11–13 лет')).toHaveAttribute('aria-pressed', 'false')
  await expect(button('Далее')).toBeDisabled()
})

test('a keyboard choice stays in place until «Далее»; focus then moves to the next question', async ({
  page,
}) => {
  const quiz = await openQuiz(page, START)
  const button = (name: string | RegExp) => quiz.getByRole('button', { name, exact: true })

  await button('Начать тест').focus()
  await page.keyboard.press('Enter')
  await expect(quiz.getByRole('heading', { name: 'Сколько лет ребёнку?' })).toBeFocused()

  await page.keyboard.press('Tab')
  await expect(button('Меньше 7 лет')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(button('7–10 лет')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(button('7–10 лет')).toHaveAttribute('aria-pressed', 'true')
  await expect(quiz.getByRole('status')).toHaveText(
    'Выбран ответ «7–10 лет». Чтобы продолжить, нажмите «Далее».',
  )
  await page.clock.runFor(2_000)
  await expect(counter(page, 1)).toBeVisible()
  await expect(button('7–10 лет')).toBeFocused()

  await button('Далее').focus()
  await page.keyboard.press('Enter')
  await expect(counter(page, 2)).toBeVisible()
  await expect(
    quiz.getByRole('heading', { name: 'Чем ребёнок любит заниматься больше всего?' }),
  ).toBeFocused()
})

test('the result leads to the contact block and to the course page', async ({ page }) => {
  const quiz = await openQuiz(page, START)
  const button = (name: string | RegExp) => quiz.getByRole('button', { name, exact: true })

  await button('Начать тест').click()
  for (const answer of [
    '14–17 лет',
    'Рисовать, сочинять истории и мультики',
    'Нет, это будет первое знакомство',
    'Сайт с красивым дизайном',
  ]) {
    await button(answer).click()
    await page.clock.runFor(300)
  }
  await button('Когда результат сразу виден на экране или в телефоне').click()
  await page.clock.runFor(300)
  await expect(quiz.getByRole('heading', { name: 'Подбираем курс' })).toBeVisible()
  await page.clock.runFor(1_500)

  await expect(quiz.getByRole('heading', { name: /Создание сайтов: HTML и CSS/ })).toBeVisible()
  await quiz.getByRole('link', { name: 'Оставить заявку' }).click()
  await expect(page.locator('#contact')).toBeInViewport()

  await quiz.getByRole('link', { name: 'Подробнее о курсе' }).click()
  await expect(page).toHaveURL('/course/7')
  await expect(
    page.getByRole('heading', { level: 1, name: /Создание сайтов: HTML и CSS/ }),
  ).toBeVisible()
})

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } })

  test('fits the screen on every step', async ({ page }) => {
    const quiz = await openQuiz(page, START)
    const button = (name: string | RegExp) => quiz.getByRole('button', { name, exact: true })
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= 320)

    expect(await fits()).toBe(true)
    await button('Начать тест').click()
    for (const answer of [
      'Меньше 7 лет',
      'Решать головоломки и узнавать, как всё устроено',
      'Нет, это будет первое знакомство',
      'Мультфильм или историю со своими героями',
    ]) {
      await button(answer).click()
      expect(await fits()).toBe(true)
      await page.clock.runFor(300)
    }
    await button('В игре, с яркими картинками').click()
    await page.clock.runFor(300)
    await expect(quiz.getByRole('heading', { name: 'Подбираем курс' })).toBeVisible()
    await page.clock.runFor(1_500)
    await expect(quiz.getByRole('heading', { name: /Компьютерная грамотность/ })).toBeVisible()
    expect(await fits()).toBe(true)
  })
})
