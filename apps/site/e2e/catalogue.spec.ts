import { courses } from '#app/content/courses.ts'
import { expect, test } from './fixtures'
import { documentScrollWidth, elementsOutsideViewport } from './page-layout'

// Every course of the data, in its order.
const COURSE_TITLES = courses.map((course) => course.title)

test('the catalogue shows the banner, a card per course and the contact block', async ({
  page,
}) => {
  await page.goto('/courses')
  await expect(page).toHaveTitle('Курсы программирования для детей — IT Lab, Астрахань')
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  await expect(page.getByRole('heading', { level: 1, name: 'Наши курсы' })).toBeVisible()
  await expect(page.getByText(/новые технологии.*карьере в IT/)).toBeVisible()

  const grid = page.getByRole('region', { name: 'Список курсов' })
  await expect(grid.getByRole('heading', { level: 2 })).toHaveText(COURSE_TITLES)
  for (const { id, title } of courses) {
    await expect(grid.getByRole('link', { name: title })).toHaveAttribute('href', `/course/${id}`)
  }
  await expect(grid.getByText('от 900 ₽ за занятие')).toHaveCount(courses.length)

  // The contact block comes after the grid.
  const contact = page.locator('#contact')
  await expect(contact).toHaveCount(1)
  const gridBox = await grid.boundingBox()
  const contactBox = await contact.boundingBox()
  expect(gridBox).not.toBeNull()
  expect(contactBox?.y).toBeGreaterThan((gridBox?.y ?? 0) + (gridBox?.height ?? 0) - 1)

  await grid.getByRole('link', { name: 'Scratch Junior' }).click()
  await expect(page).toHaveURL('/course/5')
  await expect(page.getByRole('heading', { level: 1, name: 'Scratch Junior' })).toBeVisible()
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
      await page.goto('/courses')
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
