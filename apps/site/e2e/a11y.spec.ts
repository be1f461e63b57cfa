import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { paths } from '#app/config/paths.ts'
import { courses } from '#app/content/courses.ts'
import { quizQuestions } from '#app/content/quiz-questions.ts'
import { QUIZ_AUTO_ADVANCE_MS, QUIZ_RESULT_DELAY_MS } from '#app/features/quiz/quiz-machine.ts'
import { TRIAL_POPUP_DELAY_MS } from '#app/features/trial-popup/dismissal.ts'
import { expect, MISSING_COURSE_ID, onePerKind, test } from './fixtures'

const ROUTES = [
  '/',
  '/courses',
  // Every course of the data: a course added to the catalogue is checked too.
  ...courses.map((course) => paths.course(course.id)),
  '/privacy-policy',
  '/personal-data-policy',
  '/cookie',
  '/consent',
  '/no-such-page',
  paths.course(MISSING_COURSE_ID),
]
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

async function expectNoViolations(page: Page, include?: string) {
  // axe reads colours through the rendered layout, and blocks the browser has not rendered yet
  // (`content-visibility: auto`, below the first screen) have none: render them, as scrolling would.
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (getComputedStyle(element).contentVisibility === 'auto') {
        element.style.contentVisibility = 'visible'
      }
    }
  })
  // axe reads colours as drawn: a transition under way (a hovered button's colour, say) finishes
  // first. Endless animations (a spinner) are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  const builder = new AxeBuilder({ page }).withTags(WCAG_21_AA)
  if (include) builder.include(include)
  const { violations } = await builder.analyze()
  const summary = violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
  expect(summary).toEqual([])
}

for (const [width, routes] of [
  [375, ROUTES],
  [1280, onePerKind(ROUTES)],
] as const) {
  test.describe(`WCAG 2.1 AA at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } })

    for (const route of routes) {
      test(route, async ({ page }) => {
        await page.goto(route)
        await expectNoViolations(page)
      })
    }
  })
}

test('the open trial popup', async ({ page }) => {
  await page.clock.install()
  await page.goto('/')
  await page.clock.runFor(TRIAL_POPUP_DELAY_MS + 100)
  await expect(page.getByRole('dialog', { name: 'Бесплатный пробный урок' })).toBeVisible()
  await expectNoViolations(page, 'dialog')
})

test('the thank-you modal', async ({ page, leadForm }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Понятно' }).click()
  const form = await leadForm()
  await form.getByLabel('Имя').fill('Проверка доступности')
  await form.getByLabel('Телефон').fill('+7 (900) 000-00-01')
  await form.getByRole('button', { name: 'Оставить заявку' }).click()
  await expect(page.getByRole('dialog', { name: /Спасибо!/ })).toBeVisible()
  await expectNoViolations(page, 'dialog')
})

test('the quiz, from a question to the result', async ({ page }) => {
  await page.clock.install()
  await page.goto('/')
  await page.getByRole('button', { name: 'Понятно' }).click()
  await page.getByRole('button', { name: 'Начать тест' }).click()
  await expectNoViolations(page, '#quiz')
  for (let step = 0; step < quizQuestions.length; step += 1) {
    const options = page.locator('#quiz').getByRole('group').getByRole('button')
    await options.first().click()
    await page.clock.runFor(QUIZ_AUTO_ADVANCE_MS + 100)
  }
  await page.clock.runFor(QUIZ_RESULT_DELAY_MS + 100)
  // The result, with the shipped sample promo code and its terms.
  await expect(page.getByRole('button', { name: 'Пройти тест заново' })).toBeVisible()
  await expect(page.getByText('Ваш промокод', { exact: false })).toBeVisible()
  await expectNoViolations(page, '#quiz')
})

test.describe('keyboard only', () => {
  test('the skip link leads to the main content', async ({ page }) => {
    await page.goto('/courses')
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Перейти к содержимому' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(page.locator('main')).toBeFocused()
  })

  test('the contact form can be filled and sent without a mouse', async ({ page, leadForm }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Понятно' }).click()
    // The thanks dialog is the form island's; before it hydrates the form posts natively.
    const form = await leadForm()
    await form.getByLabel('Имя').focus()
    await page.keyboard.type('Клавиатура')
    await page.keyboard.press('Tab')
    await expect(form.getByLabel('Телефон')).toBeFocused()
    await page.keyboard.type('9001112233')
    await page.keyboard.press('Tab')
    await expect(form.getByRole('button', { name: 'Оставить заявку' })).toBeFocused()
    await page.keyboard.press('Enter')
    const thanks = page.getByRole('dialog', { name: /Спасибо!/ })
    await expect(thanks).toBeVisible()
    await expect(thanks.getByRole('button', { name: 'Закрыть' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(thanks).toBeHidden()
  })

  test('the popup traps focus and closes with Escape', async ({ page }) => {
    await page.clock.install()
    await page.goto('/')
    await page.clock.runFor(TRIAL_POPUP_DELAY_MS + 100)
    const popup = page.getByRole('dialog', { name: 'Бесплатный пробный урок' })
    await expect(popup).toBeVisible()
    // The page behind a modal dialog is inert: Tab visits only the dialog (and the browser's own UI).
    let visitedInside = 0
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab')
      const where = await page.evaluate(() => {
        const active = document.activeElement
        if (!active || active === document.body) return 'browser'
        return active.closest('dialog') ? 'dialog' : 'page'
      })
      expect(where).not.toBe('page')
      if (where === 'dialog') visitedInside += 1
    }
    expect(visitedInside).toBeGreaterThan(3)
    await page.keyboard.press('Escape')
    await expect(popup).toBeHidden()
  })
})
