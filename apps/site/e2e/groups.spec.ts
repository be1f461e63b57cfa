import { courseEntry } from '@it-lab/shared/catalogue'
import { paths } from '#app/config/paths.ts'
import { courses } from '#app/content/courses.ts'
import { isTrialAt, schoolDay, trialAtText } from '@it-lab/shared/trial-dates'
import {
  GROUPS,
  courseGroups,
  groupChoiceDetails,
  groupTimeText,
  type GroupEntry,
} from '#app/content/groups.ts'
import { groupTrialDates } from '#app/content/trial-dates.ts'
import { TRIAL_POPUP_DELAY_MS } from '#app/features/trial-popup/dismissal.ts'
import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures'
import { storedLeads, uniqueName } from './leads-db'
import { chatMessages } from './telegram'
import { thanksText } from '#app/content/trial-details.ts'

// Groups on the course page, the school's timetable, and a trial booked into a group on one of
// its dates, with JavaScript and without (docs/decisions/0075-groups-and-trials.md,
// docs/decisions/0103-a-trial-she-holds.md). The groups are the repository's samples, read from
// the data; their dates are counted here as the form counts them, the build's clock being real.

/** Today in school time, as the form's island counts from it. */
const today = schoolDay(new Date())
const withSeats = GROUPS.find(
  (group) => group.seats > 0 && groupTrialDates(group, today).length > 0,
)
const full = GROUPS.find((group) => group.seats === 0 && groupTrialDates(group, today).length > 0)
const withoutGroups = courses.find(({ id }) => courseGroups(id).length === 0)
if (!withSeats || !full || !withoutGroups) {
  throw new Error('the samples have a group with seats, a full one, and a course without groups')
}
const courseTitleOf = (id: number) => courseEntry(id)?.title ?? ''

/** A group's part of the form's choice: named by its days and time, its ages and seats. */
const groupChoice = (form: Locator, group: GroupEntry) =>
  form.getByRole('group', { name: `${groupTimeText(group)} ${groupChoiceDetails(group)}` })

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

test('a parent picks a group’s date and sends: the chat names its course, days and time, and the date', async ({
  page,
  leadForm,
}) => {
  const name = uniqueName('Группа')
  await page.goto(paths.course(withSeats.course))
  const form = await leadForm()
  const choice = form.getByRole('group', { name: 'Удобная группа и день' })
  await expect(
    choice.getByRole('radio', { name: 'Другое время — подберём при звонке' }),
  ).toBeChecked()
  // The island counts from today, whatever day the page was built.
  const dates = groupTrialDates(withSeats, today)
  const lessons = groupChoice(form, withSeats).getByRole('radio')
  await expect(lessons).toHaveCount(dates.length)
  const at = dates.at(-1)
  if (at === undefined) throw new Error('the group has dates (withSeats)')
  await groupChoice(form, withSeats)
    .getByRole('radio', { name: trialAtText(at) })
    .check()
  await form.getByLabel('Имя').fill(name)
  await form.getByLabel('Телефон').fill('9123456789')
  await form.getByRole('button', { name: 'Оставить заявку' }).click()
  await expect(page.getByText(thanksText())).toBeVisible()
  expect(storedLeads(name)).toMatchObject([{ chosen_group: withSeats.id, trial_at: at }])
  const message = await messageFor(name)
  expect(message).toContain(
    `Группа:</b> ${courseTitleOf(withSeats.course)}, ${groupTimeText(withSeats)}`,
  )
  expect(message).toContain(`Пробное:</b> ${trialAtText(at)}`)
})

test('the trial popup on a course page offers the same groups', async ({ page }) => {
  await page.clock.install({ time: new Date('2026-03-02T10:00:00+04:00') })
  await page.goto(paths.course(withSeats.course))
  await page.clock.runFor(TRIAL_POPUP_DELAY_MS + 100)
  const popup = page.getByRole('dialog', { name: 'Бесплатный пробный урок' })
  const choice = popup.getByRole('group', { name: 'Удобная группа и день' })
  // Counted from the browser's day (the clock's), not the build's.
  for (const group of courseGroups(withSeats.course)) {
    const [first] = groupTrialDates(group, '2026-03-02')
    await expect(
      groupChoice(choice, group).getByRole('radio', {
        name: first === undefined ? 'День подберём при звонке' : trialAtText(first),
      }),
    ).toBeVisible()
  }
  await expect(choice.getByRole('group', { name: /лист ожидания$/ }).first()).toBeVisible()
})

test('a course without groups has no group section and no choice in its form', async ({
  page,
  leadForm,
}) => {
  await page.goto(paths.course(withoutGroups.id))
  const form = await leadForm()
  await expect(form.getByLabel('Имя')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Расписание групп' })).toHaveCount(0)
  await expect(page.getByRole('group', { name: 'Удобная группа и день' })).toHaveCount(0)
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

  test('the plain form post carries the chosen group and date to the chat, a full group’s too', async ({
    page,
    leadForm,
  }) => {
    const name = uniqueName('Без скриптов')
    await page.goto(paths.course(full.course))
    const form = await leadForm()
    // The page's own dates, counted on the build's day: the first lesson offered.
    const lesson = groupChoice(form, full).getByRole('radio').first()
    const [, at] = ((await lesson.getAttribute('value')) ?? '').split(' ')
    if (!isTrialAt(at)) throw new Error(`a lesson's radio names its date: ${at}`)
    await expect(lesson).toHaveAccessibleName(trialAtText(at))
    await lesson.check()
    await form.getByLabel('Имя').fill(name)
    await form.getByLabel('Телефон').fill('8 (912) 345-67-89')
    await form.getByRole('button', { name: 'Оставить заявку' }).click()
    // A booked trial: the service sends her to her own page (docs/decisions/0103).
    await expect(page).toHaveURL(/\/trial\/[A-Za-z0-9_-]{22}\?sent$/)
    expect(storedLeads(name)).toMatchObject([
      { chosen_group: full.id, course: full.course, trial_at: at },
    ])
    const message = await messageFor(name)
    expect(message).toContain(`Группа:</b> ${courseTitleOf(full.course)}, ${groupTimeText(full)}`)
    expect(message).toContain(`Пробное:</b> ${trialAtText(at)}`)
  })

  test('a refused post keeps the chosen group when the parent goes back', async ({
    page,
    leadForm,
  }) => {
    const name = uniqueName('Назад')
    await page.goto(paths.course(withSeats.course))
    const form = await leadForm()
    const lesson = groupChoice(form, withSeats).getByRole('radio').last()
    await lesson.check()
    await form.getByLabel('Имя').fill(name)
    await form.getByLabel('Телефон').fill('12-34')
    await form.getByRole('button', { name: 'Оставить заявку' }).click()
    await expect(page).toHaveURL(paths.leadError('phone'))
    await page.goBack()
    await expect(form.getByLabel('Имя')).toHaveValue(name)
    await expect(lesson).toBeChecked()
    expect(storedLeads(name)).toEqual([])
  })
})
