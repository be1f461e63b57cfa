import { paths } from '#app/config/paths.ts'
import { GROUPS, groupChoiceDetails, groupTimeText } from '#app/content/groups.ts'
import { thanksText } from '#app/content/trial-details.ts'
import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures'
import { uniqueName } from './leads-db'
import { chatMessages } from './telegram'

// Her trial's page (docs/decisions/0103-a-trial-she-holds.md): a trial booked on a course page
// lands there without JavaScript and is moved and cancelled there, each after a confirmation; with
// JavaScript the thank-you dialog links it. The group is the repository's sample, read from the data.

const group = GROUPS.find(({ seats }) => seats > 0)
if (!group) throw new Error('the samples have a group with seats')
const HER_PAGE = /\/trial\/[A-Za-z0-9_-]{22}(\?sent)?$/

/** The group's first lesson in the form's choice (its box is named by days, time, ages, seats). */
const lessonOf = (form: Locator) =>
  form
    .getByRole('group', { name: `${groupTimeText(group)} ${groupChoiceDetails(group)}` })
    .getByRole('radio')
    .first()

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('she books on a course page, lands on her page, moves her trial, then cancels it', async ({
    page,
    leadForm,
  }) => {
    const name = uniqueName('Пробное без скриптов')
    await page.goto(paths.course(group.course))
    const form = await leadForm()
    await lessonOf(form).check()
    await form.getByLabel('Имя').fill(name)
    await form.getByLabel('Телефон').fill('8 (912) 345-67-89')
    await form.getByRole('button', { name: 'Оставить заявку' }).click()

    await expect(page).toHaveURL(HER_PAGE)
    await expect(page.getByRole('status')).toHaveText(thanksText())
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Моя запись на пробный урок')
    await expect(page.getByText(name)).toHaveCount(0)

    // The first choice the page offers: one of the group's next lessons, or «другое время».
    const choice = page.getByRole('group', { name: 'Перенести на' }).getByRole('radio').first()
    const lesson = ((await choice.locator('xpath=..').textContent()) ?? '').trim()
    await choice.check()
    await page.getByRole('button', { name: 'Перенести' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Подтвердите перенос')
    await page.getByRole('button', { name: 'Да, перенести' }).click()
    await expect(page.getByRole('status')).toHaveText(
      lesson.startsWith('Другое время')
        ? 'Пробное перенесено: мы позвоним, чтобы договориться о времени.'
        : `Пробное перенесено на ${lesson}.`,
    )

    await page.getByRole('button', { name: 'Отменить запись' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Подтвердите отмену')
    await page.getByRole('button', { name: 'Да, отменить запись' }).click()
    await expect(page.getByRole('status')).toHaveText('Запись отменена.')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Запись на пробный урок отменена',
    )
    await expect(page.getByRole('button', { name: 'Перенести' })).toHaveCount(0)

    // The chat's message of her lead is edited: she cancelled.
    await expect
      .poll(async () => (await chatMessages()).find((text) => text.includes(name)) ?? '')
      .toContain('Отменено родителем')
  })
})

test('the thank-you dialog links her trial’s page', async ({ page, leadForm }) => {
  await page.goto(paths.course(group.course))
  const form = await leadForm()
  await lessonOf(form).check()
  await form.getByLabel('Имя').fill(uniqueName('Пробное со скриптами'))
  await form.getByLabel('Телефон').fill('9123456789')
  await form.getByRole('button', { name: 'Оставить заявку' }).click()
  const thanks = page.getByRole('dialog')
  await expect(thanks).toContainText(thanksText())
  await thanks.getByRole('link', { name: 'Моя запись на пробное' }).click()
  await expect(page).toHaveURL(HER_PAGE)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Моя запись на пробный урок')
  // The dialog thanked her already: the page does not again.
  await expect(page.getByRole('status')).toHaveCount(0)
})
