import { test as base, expect, type Locator, type Page } from '@playwright/test'
import { LEAD_ERROR_REASONS, paths, policyPaths } from '#app/config/paths.ts'
import { courses, type Course } from '#app/content/courses.ts'
import { courseGroups } from '#app/content/groups.ts'
import { PRICE_FORMAT, PRICE_LOCALE } from '#app/content/price-plans.ts'
import { QUIZ_AUTO_ADVANCE_MS, QUIZ_RESULT_DELAY_MS } from '#app/features/quiz/quiz-machine.ts'
import { answerTexts, type QuizAnswerIds } from '../test/quiz-answers.ts'

export { expect }

/** The counter id the e2e build is made with (see package.json `build:e2e`). */
export const METRIKA_ID = '99999999'
/** Where the e2e build's Sentry DSN points (see package.json `build:e2e`); no such server exists. */
export const SENTRY_ORIGIN = 'https://sentry.it-lab.test'

// Stands in for Yandex's tag.js (no network here): records every ym() call, including
// the ones queued before it loaded, the way the real tag consumes the queue.
const FAKE_METRIKA_TAG = `(function () {
  var queued = (window.ym && window.ym.a) || [];
  window.__ymCalls = [];
  window.ym = function () { window.__ymCalls.push(Array.prototype.slice.call(arguments)); };
  queued.forEach(function (args) { window.ym.apply(null, args); });
})();`

/**
 * The catalogue's course at `index`, for a test that needs a course page but not a particular one:
 * it reads the course from the data, so the test outlives any one course.
 */
export function someCourse(index = 0): Course {
  const course = courses[index]
  if (!course) throw new Error(`the catalogue has fewer than ${index + 1} courses`)
  return course
}

/**
 * The pages of `routes` a check at a second width needs, one of each kind: of the course pages one
 * with groups and one without, as they differ in what they show; of the policies and of the form's
 * error pages, the first. Every page is checked at the phone's width, where text wraps most; at a
 * desktop's the others repeat the same template with other words
 * (docs/decisions/0104-ci-in-twelve-minutes.md).
 */
export function onePerKind(routes: readonly string[]): string[] {
  const coursePages = courses.map((course) => paths.course(course.id))
  const errorPages = LEAD_ERROR_REASONS.map(paths.leadError)
  const withGroups = courses.find((course) => courseGroups(course.id).length > 0)
  const withoutGroups = courses.find((course) => courseGroups(course.id).length === 0)
  const kept = new Set([
    ...[withGroups, withoutGroups].flatMap((course) => (course ? [paths.course(course.id)] : [])),
    policyPaths[0],
    errorPages[0],
  ])
  const ofAKind = new Set([...coursePages, ...policyPaths, ...errorPages])
  return routes.filter((route) => !ofAKind.has(route) || kept.has(route))
}

/** An id no course of the catalogue has. */
export const MISSING_COURSE_ID = Math.max(...courses.map((course) => course.id)) + 1

const rubleFormat = new Intl.NumberFormat(PRICE_LOCALE, PRICE_FORMAT)

/** An amount as the site writes it, '4\u00a0500\u00a0₽': Russian digit groups, the sign kept on the line. */
export function rubles(amount: number): string {
  return `${rubleFormat.format(amount)}\u00a0₽`
}

/**
 * Waits until the page's script has run (islands/page-behaviours.ts): the cookie banner, the
 * header and the timers work. The parts that need React are islands, each hydrated on its own
 * (waitForIsland; a spec takes the lead form from the leadForm fixture, hydrated).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.hydrated ?? ''), {
      timeout: 15_000,
    })
    .toBe('true')
}

/**
 * Scrolls `part` into view, which makes its island due, and waits until the island has hydrated
 * (docs/decisions/0079-light-pages.md): before that a form posts natively.
 */
export async function waitForIsland(part: Locator): Promise<void> {
  await part.scrollIntoViewIfNeeded()
  await expect(part.locator('xpath=ancestor-or-self::*[@data-island][1]')).toHaveAttribute(
    'data-hydrated',
    'true',
    { timeout: 15_000 },
  )
}

/** Resolves with the open page's lead form once it can be typed into (the leadForm fixture). */
export type LeadForm = () => Promise<Locator>

/** The accessible name of the site's lead form, on the home page and on every course page. */
const LEAD_FORM_NAME = 'Заявка на обучение'

type Fixtures = {
  /**
   * The open page's lead form, handed over only once its island has hydrated: typed into before
   * that, it loses what React did not see or posts natively (docs/decisions/0079-light-pages.md).
   * Without JavaScript, the plain form at once. The plain-HTML specs look at the form themselves.
   */
  leadForm: LeadForm
  /** Console errors, page errors and React hydration warnings seen during the test; must stay empty. */
  consoleErrors: string[]
  /** Lets a test expect a console error it provokes (a failed request it answers with 500, say). */
  allowConsoleError: (pattern: RegExp) => void
}

// Patterns the running test expects; one test runs at a time in a worker.
const allowed: RegExp[] = []

export const test = base.extend<Fixtures>({
  // Every goto and reload waits for hydration (unless the test runs without JavaScript).
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page)
    const reload = page.reload.bind(page)
    page.goto = async (url, options) => {
      const response = await goto(url, options)
      if (javaScriptEnabled) await waitForHydration(page)
      return response
    }
    page.reload = async (options) => {
      const response = await reload(options)
      if (javaScriptEnabled) await waitForHydration(page)
      return response
    }
    await use(page)
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      allowed.length = 0
      page.on('console', (message) => {
        const text = message.text()
        const isHydrationWarning = message.type() === 'warning' && /hydrat/i.test(text)
        // Chromium logs the main document's own 404 status; that status is what we want.
        const isDocument404 = /status of 404/.test(text) && message.location().url === page.url()
        if ((message.type() === 'error' && !isDocument404) || isHydrationWarning) errors.push(text)
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await page.route('https://mc.yandex.ru/**', (route) =>
        route.fulfill({ contentType: 'text/javascript', body: FAKE_METRIKA_TAG }),
      )
      // Stands in for the Sentry server: takes every envelope, as the real one would.
      await page.route(`${SENTRY_ORIGIN}/**`, (route) =>
        route.fulfill({
          contentType: 'application/json',
          headers: { 'Access-Control-Allow-Origin': '*' },
          body: '{}',
        }),
      )
      await use(errors)
      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)))
      expect(unexpected, 'no console errors').toEqual([])
    },
    { auto: true },
  ],
  leadForm: async ({ page, javaScriptEnabled }, use) => {
    await use(async () => {
      const form = page.getByRole('form', { name: LEAD_FORM_NAME })
      if (javaScriptEnabled) await waitForIsland(form)
      return form
    })
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their first argument
  allowConsoleError: async ({}, use) => {
    await use((pattern) => allowed.push(pattern))
  },
})

/** Every ym() call so far: those recorded by the tag and those still waiting in the queue. */
export async function metrikaCalls(page: Page): Promise<unknown[][]> {
  return page.evaluate(() => {
    const w = window as unknown as { __ymCalls?: unknown[][]; ym?: { a?: unknown[][] } }
    return [...(w.__ymCalls ?? []), ...(w.ym?.a ?? [])]
  })
}

export async function reachedGoals(page: Page): Promise<unknown[]> {
  const calls = await metrikaCalls(page)
  return calls.filter((call) => call[1] === 'reachGoal').map((call) => call[2])
}

/** Makes localStorage throw on every read and write, as blocked storage does. */
export async function blockStorage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const fail = () => {
      throw new DOMException('blocked', 'SecurityError')
    }
    Storage.prototype.getItem = fail
    Storage.prototype.setItem = fail
  })
}

/**
 * Opens the home page on a fake clock paused 5 s after `start` (before the trial popup is due),
 * accepts cookies and scrolls to the quiz; resolves with the quiz section.
 */
export async function openQuiz(page: Page, start: Date): Promise<Locator> {
  await page.clock.install({ time: start })
  await page.goto('/')
  await page.clock.pauseAt(new Date(start.getTime() + 5_000))
  // The cookie banner appears once the page is hydrated; it would cover the quiz's buttons.
  await page.getByRole('button', { name: 'Понятно' }).click()
  const quiz = page.locator('#quiz')
  await quiz.scrollIntoViewIfNeeded()
  await expect(quiz.getByRole('heading', { name: 'Не знаете, какой курс выбрать?' })).toBeVisible()
  return quiz
}

/** A parent's answers that run the whole quiz; the course they lead to is scoreQuiz's to say. */
export const SAMPLE_QUIZ_ANSWERS: QuizAnswerIds = {
  age: '14-17',
  interest: 'drawing',
  experience: 'none',
  goal: 'website',
  learning: 'result',
}

/** Starts the quiz, picks each answer in turn and waits out the computing screen. */
export async function finishQuiz(page: Page, quiz: Locator, answers: QuizAnswerIds): Promise<void> {
  const button = (name: string) => quiz.getByRole('button', { name, exact: true })
  await button('Начать тест').click()
  for (const answer of answerTexts(answers)) {
    await button(answer).click()
    await page.clock.runFor(QUIZ_AUTO_ADVANCE_MS)
  }
  await page.clock.runFor(QUIZ_RESULT_DELAY_MS)
}
