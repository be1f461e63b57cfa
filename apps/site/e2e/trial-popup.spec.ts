import type { Page } from '@playwright/test'
import {
  TRIAL_POPUP_DELAY_MS,
  TRIAL_POPUP_SUCCESS_CLOSE_MS,
  TRIAL_POPUP_SUPPRESS_MS,
} from '#app/features/trial-popup/dismissal.ts'
import { anchors, paths } from '#app/config/paths.ts'
import { LEAD_API_URL } from './e2e-env.ts'
import { blockStorage, expect, test } from './fixtures'
import { storedLeads, uniqueName } from './leads-db'
import { thanksText, TRIAL_DETAILS, trialDetailLines } from '#app/content/trial-details.ts'

const DAY = 24 * 60 * 60 * 1000
/** Just past the moment the popup is due. */
const PAST_DELAY = TRIAL_POPUP_DELAY_MS + 100
const START = new Date('2026-03-02T10:00:00+04:00')

function popup(page: Page) {
  return page.getByRole('dialog', { name: 'Бесплатный пробный урок' })
}

async function loadWithClock(page: Page, path = '/') {
  await page.clock.install({ time: START })
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
}

test(`opens ${TRIAL_POPUP_DELAY_MS / 1000} s after load and locks page scrolling`, async ({
  page,
}) => {
  await loadWithClock(page)
  await page.clock.runFor(TRIAL_POPUP_DELAY_MS - 1_000)
  await expect(popup(page)).toBeHidden()
  await page.clock.runFor(1_100)
  await expect(popup(page)).toBeVisible()
  await expect(page.locator('html')).toHaveCSS('overflow', 'hidden')
  await expect(popup(page).getByLabel('Имя')).toHaveValue('')
})

test(`closing stores the time; it stays away for ${TRIAL_POPUP_SUPPRESS_MS / DAY} days, then comes back`, async ({
  page,
}) => {
  await loadWithClock(page)
  await page.clock.runFor(PAST_DELAY)
  await popup(page).getByRole('button', { name: 'Закрыть' }).click()
  await expect(popup(page)).toBeHidden()
  await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden')
  const stored = Number(await page.evaluate(() => localStorage.getItem('trial_popup_dismissed_at')))
  expect(stored).toBeGreaterThanOrEqual(START.getTime() + TRIAL_POPUP_DELAY_MS)

  await page.reload()
  await page.clock.runFor(2 * TRIAL_POPUP_DELAY_MS)
  await expect(popup(page)).toBeHidden()

  await page.clock.fastForward(TRIAL_POPUP_SUPPRESS_MS)
  await page.reload()
  await page.clock.runFor(PAST_DELAY)
  await expect(popup(page)).toBeVisible()
})

test('a backdrop click and Escape close it too', async ({ page }) => {
  await loadWithClock(page)
  await page.clock.runFor(PAST_DELAY)
  await expect(popup(page)).toBeVisible()
  await page.mouse.click(5, 5)
  await expect(popup(page)).toBeHidden()

  await page.evaluate(() => localStorage.removeItem('trial_popup_dismissed_at'))
  await page.reload()
  await page.clock.runFor(PAST_DELAY)
  await expect(popup(page)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(popup(page)).toBeHidden()
  expect(await page.evaluate(() => localStorage.getItem('trial_popup_dismissed_at'))).not.toBeNull()
})

test('focus moves into the popup and returns on close', async ({ page }) => {
  await loadWithClock(page)
  await page.getByRole('link', { name: 'На главную' }).focus()
  await page.clock.runFor(PAST_DELAY)
  await expect(popup(page)).toBeVisible()
  await expect(popup(page).locator(':focus')).toHaveCount(1)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('link', { name: 'На главную' })).toBeFocused()
})

test('the trial told concretely: its length, who stays, what to bring, when we call back', async ({
  page,
}) => {
  // The owner's details (content/trial-offer.json; the repository's are samples she confirms).
  const lines = trialDetailLines(TRIAL_DETAILS).map(({ text }) => text)
  expect(lines).toHaveLength(4)
  await loadWithClock(page)
  await page.clock.runFor(PAST_DELAY)
  await expect(popup(page).getByText('Как пройдёт пробный урок')).toBeVisible()
  await expect(popup(page).getByRole('listitem')).toHaveText(lines.slice(0, 3))
  await expect(popup(page)).toContainText(`мы перезвоним ${TRIAL_DETAILS.callBack}.`)

  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
  await popup(page).getByLabel('Имя').fill(uniqueName('Ольга'))
  await popup(page).getByLabel('Телефон').fill('+7 (900) 555-66-78')
  await popup(page).getByRole('button', { name: 'Записаться на пробный урок' }).click()
  const thanks = page.getByRole('dialog', { name: thanksText() })
  await expect(thanks).toBeVisible()
  expect(thanksText()).toBe(`Спасибо! Мы перезвоним ${TRIAL_DETAILS.callBack}.`)
  await expect(thanks.getByRole('listitem')).toHaveText(lines.slice(0, 3))
})

test("the course page's form tells the trial the same way", async ({ page }) => {
  const lines = trialDetailLines(TRIAL_DETAILS).map(({ text }) => text)
  await page.goto(paths.course(4))
  const contact = page.locator(`#${anchors.contact}`)
  // Above the form; its thank-you dialog, closed, holds them too.
  await expect(contact.getByText('Как пройдёт пробный урок').first()).toBeVisible()
  for (const line of lines) await expect(contact.getByText(line).first()).toBeVisible()
})

test(`a lead sent from the popup: thank-you view that closes itself after ${TRIAL_POPUP_SUCCESS_CLOSE_MS / 1000} s`, async ({
  page,
}) => {
  await loadWithClock(page)
  await page.clock.runFor(PAST_DELAY)
  // Stop the clock's natural flow: the wait counts from the answer, however slow the machine is.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
  const name = uniqueName('Светлана')
  await popup(page).getByLabel('Имя').fill(name)
  await popup(page).getByLabel('Телефон').fill('+7 (900) 555-66-77')
  await popup(page).getByRole('button', { name: 'Записаться на пробный урок' }).click()

  const thanks = page.getByRole('dialog', { name: thanksText() })
  await expect(thanks).toBeVisible()
  expect(storedLeads(name)).toMatchObject([{ form: 'trial_lesson_popup' }])
  await page.clock.runFor(TRIAL_POPUP_SUCCESS_CLOSE_MS - 100)
  await expect(thanks).toBeVisible()
  await page.clock.runFor(200)
  await expect(thanks).toBeHidden()
})

test("'Отправка...' while sending, and a failure returns the form with the error", async ({
  page,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 503/)
  await loadWithClock(page)
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(`${LEAD_API_URL}/send**`, async (route) => {
    await held
    await route.fulfill({ status: 503, body: 'unavailable' })
  })
  await page.clock.runFor(PAST_DELAY)
  const name = uniqueName('Денис')
  await popup(page).getByLabel('Имя').fill(name)
  await popup(page).getByLabel('Телефон').fill('+7 (900) 666-77-88')
  await popup(page).getByRole('button', { name: 'Записаться на пробный урок' }).click()
  await expect(popup(page).getByRole('button', { name: 'Отправка...' })).toBeDisabled()
  await expect(popup(page).getByLabel('Имя')).toBeDisabled()
  await expect(popup(page).getByLabel('Телефон')).toBeDisabled()
  release()
  await expect(
    popup(page).getByText('Произошла ошибка при отправке. Пожалуйста, попробуйте позже.'),
  ).toBeVisible()
  await expect(popup(page).getByLabel('Имя')).toHaveValue(name)
  await expect(popup(page).getByLabel('Телефон')).toHaveValue('+7 (900) 666-77-88')
})

test('storage that throws is ignored: the popup opens and closes', async ({ page }) => {
  await blockStorage(page)
  await loadWithClock(page)
  await page.clock.runFor(PAST_DELAY)
  await expect(popup(page)).toBeVisible()
  await popup(page).getByRole('button', { name: 'Закрыть' }).click()
  await expect(popup(page)).toBeHidden()
})

test.describe('the picture', () => {
  test('shows on wide screens', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await loadWithClock(page)
    await page.clock.runFor(PAST_DELAY)
    await expect(popup(page).locator('img')).toBeVisible()
  })

  test('is left out on phones', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await loadWithClock(page)
    await page.clock.runFor(PAST_DELAY)
    await expect(popup(page)).toBeVisible()
    await expect(popup(page).locator('img')).toBeHidden()
  })
})
