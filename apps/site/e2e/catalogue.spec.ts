import { paths } from '#app/config/paths.ts'
import { school } from '#app/config/school.ts'
import { courses } from '#app/content/courses.ts'
import { expect, rubles, someCourse, test } from './fixtures'
import { documentScrollWidth, elementsOutsideViewport } from './page-layout'

test('the catalogue shows the banner, a card per course and the contact block', async ({
  page,
}) => {
  await page.goto(paths.courses)
  await expect(page).toHaveTitle(`Курсы программирования для детей — ${school.titleSuffix}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  await expect(page.getByRole('heading', { level: 1, name: 'Наши курсы' })).toBeVisible()
  await expect(page.getByText(/новые технологии.*карьере в IT/)).toBeVisible()

  const grid = page.getByRole('region', { name: 'Список курсов' })
  // Every course of the data, in its order, each card with its own facts.
  await expect(grid.getByRole('heading', { level: 2 })).toHaveText(
    courses.map((course) => course.title),
  )
  for (const course of courses) {
    const card = grid.getByRole('article').filter({
      has: page.getByRole('heading', { level: 2, name: course.title, exact: true }),
    })
    await expect(card.getByRole('link', { name: course.title, exact: true })).toHaveAttribute(
      'href',
      paths.course(course.id),
    )
    await expect(card.getByText(course.level, { exact: true })).toBeVisible()
    await expect(card).toContainText(course.duration)
    await expect(card).toContainText(course.format)
    const lowest = Math.min(...Object.values(course.prices))
    await expect(card).toContainText(`от ${rubles(lowest)} за занятие`)
  }

  // The contact block comes after the grid.
  const contact = page.locator('#contact')
  await expect(contact).toHaveCount(1)
  const gridBox = await grid.boundingBox()
  const contactBox = await contact.boundingBox()
  expect(gridBox).not.toBeNull()
  expect(contactBox?.y).toBeGreaterThan((gridBox?.y ?? 0) + (gridBox?.height ?? 0) - 1)

  const course = someCourse()
  await grid.getByRole('link', { name: course.title, exact: true }).click()
  await expect(page).toHaveURL(paths.course(course.id))
  await expect(
    page.getByRole('heading', { level: 1, name: course.title, exact: true }),
  ).toBeVisible()
})

for (const [width, columns] of [
  [320, 1],
  [375, 1],
  [800, 2],
  [1280, 3],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test(`the grid has ${columns} column(s) and no horizontal scroll`, async ({ page }) => {
      await page.goto(paths.courses)
      const cards = page.getByRole('region', { name: 'Список курсов' }).getByRole('article')
      await expect(cards).toHaveCount(courses.length)
      const lefts = new Set<number>()
      for (const box of await Promise.all((await cards.all()).map((card) => card.boundingBox()))) {
        lefts.add(Math.round(box?.x ?? -1))
      }
      expect(lefts.size).toBe(columns)
      expect(await documentScrollWidth(page)).toBeLessThanOrEqual(width)
      expect(await elementsOutsideViewport(page)).toEqual([])
    })
  })
}
