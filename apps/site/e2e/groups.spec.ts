import { courseEntry } from '@it-lab/shared/catalogue'
import { paths } from '#app/config/paths.ts'
import { courses } from '#app/content/courses.ts'
import { GROUPS, courseGroups, groupChoiceText, groupTimeText } from '#app/content/groups.ts'
import { TRIAL_POPUP_DELAY_MS } from '#app/features/trial-popup/dismissal.ts'
import { expect, test } from './fixtures'
import { storedLeads, uniqueName } from './leads-db'
import { chatMessages } from './telegram'
import { thanksText } from '#app/content/trial-details.ts'

// Groups on the course page, the school's timetable, and a trial booked into a group, with
// JavaScript and without (docs/decisions/0075-groups-and-trials.md). The groups are
// the repository's samples, read from the data.

const withSeats = GROUPS.find(({ seats }) => seats > 0)
const full = GROUPS.find(({ seats }) => seats === 0)
const withoutGroups = courses.find(({ id }) => courseGroups(id).length === 0)
if (!withSeats || !full || !withoutGroups) {
  throw new Error('the samples have a group with seats, a full one, and a course without groups')
}
const courseTitleOf = (id: number) => courseEntry(id)?.title ?? ''

/** The chat's message for the lead sent under `name`, once the fake Telegram has it. */
async function messageFor(name: string): Promise<string> {
  let found = ''
  await expect
    .poll(async () => (found = (await chatMessages()).find((text) => text.includes(name)) ?? ''))
    .not.toBe('')
  return found
}

test('a course page lists its groups: time, ages, place, start and seats, a full one the waiting list', async ({
  page,
}) => {
  await page.goto(paths.course(full.course))
  const section = page.getByRole('region', { name: 'Расписание групп' })
  await expect(section).toBeVisible()
  for (const group of courseGroups(full.course)) {
    await expect(
      section.getByRole('heading', { level: 3, name: groupTimeText(group) }),
    ).toBeVisible()
  }
  await expect(section.getByText('мест нет — запишем в лист ожидания')).toBeVisible()
  await expect(section.getByText('Образец').first()).toBeVisible()
})

test('a parent picks a group and sends: the chat names its course, days and time', async ({
  page,
  leadForm,
}) => {
  const name = uniqueName('Группа')
  await page.goto(paths.course(withSeats.course))
  const form = await leadForm()
  const choice = form.getByRole('group', { name: 'Удобная группа' })
  await expect(
    choice.getByRole('radio', { name: 'Другое время — подберём при звонке' }),
  ).toBeChecked()
  await choice.getByRole('radio', { name: groupChoiceText(withSeats) }).check()
  await form.getByLabel('Имя').fill(name)
  await form.getByLabel('Телефон').fill('9123456789')
  await form.getByRole('button', { name: 'Оставить заявку' }).click()
  await expect(page.getByText(thanksText())).toBeVisible()
  expect(storedLeads(name)).toMatchObject([{ chosen_group: withSeats.id }])
  expect(await messageFor(name)).toContain(
    `Группа:</b> ${courseTitleOf(withSeats.course)}, ${groupTimeText(withSeats)}`,
  )
})

test('the trial popup on a course page offers the same groups', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-03-02T10:00:00+04:00') })
  await page.goto(paths.course(withSeats.course))
  await page.clock.runFor(TRIAL_POPUP_DELAY_MS + 100)
  const popup = page.getByRole('dialog', { name: 'Бесплатный пробный урок' })
  const choice = popup.getByRole('group', { name: 'Удобная группа' })
  for (const group of courseGroups(withSeats.course)) {
    await expect(choice.getByRole('radio', { name: groupChoiceText(group) })).toBeVisible()
  }
  await expect(choice.getByRole('radio', { name: /лист ожидания/ }).first()).toBeVisible()
})

test('a course without groups has no group section and no choice in its form', async ({
  page,
  leadForm,
}) => {
  await page.goto(paths.course(withoutGroups.id))
  const form = await leadForm()
  await expect(form.getByLabel('Имя')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Расписание групп' })).toHaveCount(0)
  await expect(page.getByRole('group', { name: 'Удобная группа' })).toHaveCount(0)
  await expect(page.getByRole('radio')).toHaveCount(0)
})

test('the timetable lists every group by weekday, linked from the header and the footer', async ({
  page,
}) => {
  await page.goto(paths.home)
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: 'Расписание групп' }),
  ).toHaveAttribute('href', paths.schedule)
  await page
    .getByRole('navigation', { name: 'Основное меню' })
    .getByRole('link', { name: 'Расписание' })
    .click()
  await expect(page).toHaveURL(paths.schedule)
  await expect(page.getByRole('heading', { level: 1, name: 'Расписание' })).toBeVisible()
  const saturday = page.getByRole('region', { name: 'Суббота' })
  for (const group of GROUPS.filter(({ days }) => days.includes('Saturday'))) {
    await expect(
      saturday.getByRole('link', { name: courseTitleOf(group.course) }).first(),
    ).toHaveAttribute('href', paths.course(group.course))
    await expect(saturday.getByText(`${group.start}–${group.end}`)).toBeVisible()
  }
  await expect(page.getByRole('region', { name: 'Понедельник' })).toContainText('осталось 1 место')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the plain form post carries the chosen group to the chat', async ({ page, leadForm }) => {
    const name = uniqueName('Без скриптов')
    await page.goto(paths.course(full.course))
    const form = await leadForm()
    await form.getByRole('radio', { name: groupChoiceText(full) }).check()
    await form.getByLabel('Имя').fill(name)
    await form.getByLabel('Телефон').fill('8 (912) 345-67-89')
    await form.getByRole('button', { name: 'Оставить заявку' }).click()
    // A group of the timetable books a trial: she lands on its page (trial-page.spec.ts).
    await expect(page).toHaveURL(/\/trial\/[A-Za-z0-9_-]{22}\?sent$/)
    expect(storedLeads(name)).toMatchObject([{ chosen_group: full.id, course: full.course }])
    expect(await messageFor(name)).toContain(
      `Группа:</b> ${courseTitleOf(full.course)}, ${groupTimeText(full)}`,
    )
  })

  test('a refused post keeps the chosen group when the parent goes back', async ({
    page,
    leadForm,
  }) => {
    const name = uniqueName('Назад')
    await page.goto(paths.course(withSeats.course))
    const form = await leadForm()
    await form.getByRole('radio', { name: groupChoiceText(withSeats) }).check()
    await form.getByLabel('Имя').fill(name)
    await form.getByLabel('Телефон').fill('12-34')
    await form.getByRole('button', { name: 'Оставить заявку' }).click()
    await expect(page).toHaveURL(paths.leadError('phone'))
    await page.goBack()
    await expect(form.getByLabel('Имя')).toHaveValue(name)
    await expect(form.getByRole('radio', { name: groupChoiceText(withSeats) })).toBeChecked()
    expect(storedLeads(name)).toEqual([])
  })
})
