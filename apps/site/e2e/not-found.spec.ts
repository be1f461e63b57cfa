import { paths } from '#app/config/paths.ts'
import { courses } from '#app/content/courses.ts'
import { expect, MISSING_COURSE_ID, someCourse, test } from './fixtures'

const { id } = someCourse()

test.describe('unknown path', () => {
  for (const path of ['/no-such-page', '/courses/extra', `${paths.course(id)}/extra`]) {
    test(`${path} answers 404 with the not-found page`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await expect(
        page.getByRole('heading', { level: 1, name: 'Страница не найдена' }),
      ).toBeVisible()
      await expect(page.getByText('404', { exact: true })).toBeVisible()
      await expect(
        page.getByText('Возможно, вы перешли по неверной ссылке или страница была удалена.'),
      ).toBeVisible()
      await expect(page.getByRole('img', { name: /робот/ })).toBeVisible()
      await page.getByRole('link', { name: 'Вернуться на главную' }).click()
      await expect(page).toHaveURL('/')
    })
  }
})

test.describe('unknown course id', () => {
  for (const path of [
    paths.course(MISSING_COURSE_ID),
    '/course/abc',
    '/course/0',
    paths.course(`${id}.0`),
  ]) {
    test(`${path} answers 404 with 'Курс не найден'`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1, name: 'Курс не найден' })).toBeVisible()
      await expect(
        page.getByText('Извините, запрашиваемый курс не существует или был удалён.'),
      ).toBeVisible()
      await page.getByRole('link', { name: 'Вернуться к списку курсов' }).click()
      await expect(page).toHaveURL('/courses')
      await expect(page.getByRole('heading', { level: 1, name: 'Наши курсы' })).toBeVisible()
    })
  }
})

test('known routes answer 200', async ({ request }) => {
  const known = [
    '/',
    '/courses',
    '/privacy-policy',
    '/personal-data-policy',
    '/cookie',
    '/consent',
    // Every course of the data: a course added to the catalogue is checked too.
    ...courses.map((course) => paths.course(course.id)),
  ]
  for (const path of known) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(200)
    expect(response.headers()['content-type']).toContain('text/html')
  }
})
