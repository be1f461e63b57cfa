import { paths } from '#app/config/paths.ts'
import { courses } from '#app/content/courses.ts'
import { GROUPS, groupTimeText } from '#app/content/groups.ts'
import { NO_SEATS, seatsText } from '#app/content/seats-text.ts'
import { expect, test } from './fixtures'
import { LEAD_API_URL, SITE_PORT } from './e2e-env'
import type { Page, Route } from '@playwright/test'

// The groups' live seats (docs/decisions/0103-a-trial-she-holds.md): the page paints the number it
// was built with, and keeps it without JavaScript; after the first paint the lead service's count
// replaces it. The test holds the service's answer, then gives one of its own: what the service
// counts is its unit tests' (apps/lead-bot/src/trials/seats.test.ts).

const group = GROUPS.find(({ seats }) => seats > 0)
if (!group) throw new Error('the samples have a group with free places')
const courseTitle = courses.find(({ id }) => id === group.course)?.title ?? ''

/** Answers the page's GET /seats with `free` for the group, once `release` is called. */
async function holdSeats(page: Page, free: number) {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  const asked: string[] = []
  await page.route(`${LEAD_API_URL}/seats`, async (route: Route) => {
    asked.push(route.request().method())
    await released
    await route.fulfill({
      json: { groups: { [group?.id ?? '']: { free } } },
      headers: { 'access-control-allow-origin': `http://127.0.0.1:${SITE_PORT}` },
    })
  })
  return { release, asked }
}

test('a course page paints the built number, then the live count once the groups are near', async ({
  page,
}) => {
  const seats = await holdSeats(page, 0)
  await page.goto(paths.course(group.course))
  const card = page
    .getByRole('region', { name: 'Расписание групп' })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name: groupTimeText(group) }) })
  await expect(card.getByText(seatsText(group.seats))).toBeAttached()
  await card.scrollIntoViewIfNeeded()
  await expect.poll(() => seats.asked).toEqual(['GET'])
  await expect(card.getByText(seatsText(group.seats))).toBeVisible()
  seats.release()
  await expect(card.getByText(NO_SEATS)).toBeVisible()
  await expect(card.getByText(seatsText(group.seats))).toHaveCount(0)
})

test('the timetable shows the live count of each of the group’s days', async ({ page }) => {
  const seats = await holdSeats(page, group.seats + 1)
  await page.goto(paths.schedule)
  const cards = page
    .getByRole('article')
    .filter({ hasText: `${group.start}–${group.end}` })
    .filter({ hasText: courseTitle })
  await expect(cards.first().getByText(seatsText(group.seats))).toBeVisible()
  seats.release()
  for (const card of await cards.all()) {
    await card.scrollIntoViewIfNeeded()
    await expect(card.getByText(seatsText(group.seats + 1))).toBeVisible()
  }
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('a course page keeps the number it was built with, and asks the service nothing', async ({
    page,
  }) => {
    const seats = await holdSeats(page, 0)
    seats.release()
    await page.goto(paths.course(group.course))
    const section = page.getByRole('region', { name: 'Расписание групп' })
    await section.scrollIntoViewIfNeeded()
    await expect(section.getByText(seatsText(group.seats)).first()).toBeVisible()
    expect(seats.asked).toEqual([])
  })
})
