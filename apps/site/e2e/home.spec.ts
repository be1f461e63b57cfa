import { devices } from '@playwright/test'
import { paths } from '#app/config/paths.ts'
import { school } from '#app/config/school.ts'
import { courses } from '#app/content/courses.ts'
import { expect, reachedGoals, test } from './fixtures'
import { documentScrollWidth, elementsOutsideViewport } from './page-layout'

// Which courses the home page shows, straight from the data's flag (not the app's own list).
const shownCourses = courses.filter((course) => course.onMainPage)
const hiddenCourses = courses.filter((course) => !course.onMainPage)

test.describe('home page', () => {
  test('has one h1 and the sections in order, with the contact block in the closing one', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    const hero = page.locator('#hero')
    await expect(hero.getByRole('heading', { level: 1 })).toBeVisible()

    const order = await page.evaluate(() =>
      Array.from(document.querySelectorAll('main > section'), (section) => section.id || null),
    )
    // hero, courses, the learning-path section, the teachers, the school's photos, the quiz, the
    // parents' reviews, the questions, the way there, the closing section.
    expect(order).toEqual([
      'hero',
      'courses',
      null,
      null,
      null,
      'quiz',
      'reviews',
      'faq',
      'find-us',
      null,
    ])
    const sections = page.locator('main > section')
    await expect(sections.nth(2).getByRole('heading', { level: 2 })).toHaveText(
      'Путь в IT — ступень за ступенью',
    )
    await expect(sections.nth(3).getByRole('heading', { level: 2 })).toHaveText('Преподаватели')
    await expect(sections.nth(4).getByRole('heading', { level: 2 })).toHaveText(
      'Как проходят занятия',
    )
    const closing = sections.nth(9)
    await expect(closing.getByRole('heading', { level: 2 }).first()).toHaveText(
      'Первый шаг — бесплатный пробный урок',
    )
    await expect(closing.locator('#contact')).toHaveCount(1)
  })

  test('the hero states the message and the ages, and sends to the contact block', async ({
    page,
  }) => {
    await page.goto('/')
    const hero = page.locator('#hero')
    await expect(hero.getByRole('heading', { level: 1 })).toContainText('с любого возраста')
    await expect(hero).toContainText('вырасти до профессионального разработчика')
    await expect(hero.getByText('Для детей и подростков от 5 до 17 лет')).toBeVisible()
    await expect(page.locator('#contact')).not.toBeInViewport()
    await hero.getByRole('link', { name: 'Оставить заявку' }).click()
    await expect(page.locator('#contact')).toBeInViewport()
  })

  test('the courses grid holds the onMainPage courses only, each linking to its page', async ({
    page,
  }) => {
    await page.goto('/')
    const section = page.locator('#courses')
    const cards = section.getByRole('article')
    await expect(cards).toHaveCount(shownCourses.length)
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(
      shownCourses.map((course) => course.title),
    )
    for (const course of shownCourses) {
      await expect(section.getByRole('link', { name: course.title, exact: true })).toHaveAttribute(
        'href',
        paths.course(course.id),
      )
    }
    for (const hidden of hiddenCourses) {
      await expect(section.getByText(hidden.title, { exact: true })).toHaveCount(0)
    }
    // Card images are below the fold: lazy, and sized by their attributes to the picture's size.
    const image = section.locator('img').first()
    await expect(image).toHaveAttribute('loading', 'lazy')
    await image.scrollIntoViewIfNeeded()
    const sizes = await image.evaluate(async (img: HTMLImageElement) => {
      await img.decode()
      return [
        [img.getAttribute('width'), img.getAttribute('height')],
        [String(img.naturalWidth), String(img.naturalHeight)],
      ]
    })
    expect(sizes[0]).toEqual(sizes[1])

    const [course] = shownCourses
    if (!course) throw new Error('no course is on the home page')
    await section.getByRole('link', { name: course.title, exact: true }).click()
    await expect(page).toHaveURL(paths.course(course.id))
    await expect(
      page.getByRole('heading', { level: 1, name: course.title, exact: true }),
    ).toBeVisible()
  })

  test("'Ещё курсы' opens the catalogue", async ({ page }) => {
    await page.goto('/')
    const more = page.locator('#courses').getByRole('link', { name: 'Ещё курсы' })
    // Scrolled to first, as a parent's thumb would: the cards above render as they come near
    // (content-visibility) and may move the link in the frame a jump-and-click would tap in.
    await more.scrollIntoViewIfNeeded()
    await expect(more).toBeInViewport({ ratio: 1 })
    await more.click()
    await expect(page).toHaveURL('/courses')
    await expect(page.getByRole('heading', { level: 1, name: 'Наши курсы' })).toBeVisible()
  })

  test('the learning path links every course under its age range', async ({ page }) => {
    await page.goto('/')
    const stages = page.locator('main > section').nth(2).locator('ol > li')
    for (const course of courses) {
      const stage = stages.filter({
        has: page.getByText(`${course.ageMin}–${course.ageMax} лет`, { exact: true }),
      })
      await expect(
        stage.getByRole('link', { name: course.title, exact: true }),
        course.title,
      ).toHaveAttribute('href', paths.course(course.id))
    }
    await expect(stages.getByRole('link')).toHaveCount(courses.length)
  })
})

test.describe('call button on desktop', () => {
  test('copies the short number, shows «Скопировано!» for 1.5 s and reports copyNumber', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const start = new Date('2025-09-01T10:00:00+04:00')
    await page.clock.install({ time: start })
    await page.goto('/')
    const hero = page.locator('#hero')
    const button = hero.getByRole('button', { name: new RegExp(school.phone.short) })
    await expect(button).toBeVisible()
    // From here on the page's time moves only when the test moves it.
    await page.clock.pauseAt(new Date(start.getTime() + 10_000))
    await expect(hero.getByRole('link', { name: /Позвонить/ })).toHaveCount(0)

    await button.click()
    const copied = hero.getByRole('button', { name: 'Скопировано!' })
    await expect(copied).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(school.phone.short)
    await expect.poll(() => reachedGoals(page)).toEqual(['copyNumber'])

    await page.clock.runFor(1499)
    await expect(copied).toBeVisible()
    await page.clock.runFor(1)
    await expect(button).toBeVisible()
    await expect(copied).toHaveCount(0)
  })
})

test.describe('call button on a phone', () => {
  // The phone's screen, agent and touch input (its browser type stays the project's).
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices['Pixel 7']
  test.use({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch })

  test('is a tel: link that dials the school', async ({ page }) => {
    await page.goto('/')
    const link = page.locator('#hero').getByRole('link', { name: /Позвонить/ })
    await expect(link).toHaveAttribute('href', `tel:${school.phone.tel}`)
    await expect(link).toContainText(school.phone.short)
    await expect(page.locator('#hero').getByRole('button', { name: /Скопировать/ })).toHaveCount(0)
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the prerendered page already has the tel: link and every section', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('#hero').getByRole('link', { name: /Позвонить/ })).toHaveAttribute(
      'href',
      `tel:${school.phone.tel}`,
    )
    await expect(page.locator('#courses').getByRole('article')).toHaveCount(shownCourses.length)
    await expect(page.locator('#contact')).toHaveCount(1)
  })
})

test.describe('narrow phone', () => {
  test.use({ viewport: { width: 320, height: 640 } })

  test('nothing sticks out sideways at 320 px', async ({ page }) => {
    await page.goto('/')
    expect(await documentScrollWidth(page)).toBeLessThanOrEqual(320)
    expect(await elementsOutsideViewport(page)).toEqual([])
  })
})
