import type { Locator } from '@playwright/test'
import { paths } from '#app/config/paths.ts'
import { TRIAL_PROMO_POINTS } from '#app/content/course-extras.ts'
import { completionBenefits } from '#app/content/promises.ts'
import { findCourseProgramme } from '#app/content/course-programmes.ts'
import { courses } from '#app/content/courses.ts'
import { monthLessonsLead } from '#app/content/price-plans.ts'
import { prizes } from '#app/content/prizes.ts'
import { buildPricePlans, type MonthFigures } from '#app/features/course/price-plans.ts'
import { SCROLL_TO_TOP_THRESHOLD } from '#app/features/course/scroll-to-top-button.tsx'
import { expect, reachedGoals, rubles, someCourse, test } from './fixtures'
import { documentScrollWidth, elementsOutsideViewport } from './page-layout'

const SECTION_HEADINGS = [
  'Чему научится ваш ребёнок',
  'Программа курса',
  'По завершении курса вы получите:',
  'Стоимость обучения',
  'Не уверены, подойдёт ли обучение?',
  'За частое посещение — ценные призы',
]

/** A month's figure as the card writes it: '4 500 ₽', or 'от 4 500 до 9 000 ₽' where groups differ. */
function month(figures: MonthFigures, upTo: MonthFigures | undefined, key: keyof MonthFigures) {
  return upTo
    ? `от ${rubles(figures[key]).replace(/\u00a0₽$/, '')} до ${rubles(upTo[key])}`
    : rubles(figures[key])
}

/** The illustration's width and height attributes, and the size of the picture it loaded. */
function imageSizes(image: Locator) {
  return image.evaluate(async (img: HTMLImageElement) => {
    await img.decode()
    return {
      attributes: [img.getAttribute('width'), img.getAttribute('height')],
      natural: [String(img.naturalWidth), String(img.naturalHeight)],
    }
  })
}

// Every course of the data, so a course added to the catalogue is checked too.
for (const course of courses) {
  test(`/course/${course.id} shows ${course.title} with its tiles, programme and prices`, async ({
    page,
  }) => {
    await page.goto(paths.course(course.id))
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.title)
    await expect(page.getByRole('link', { name: 'Назад к курсам' })).toHaveAttribute(
      'href',
      paths.courses,
    )
    await expect(page.getByText(course.level, { exact: true })).toBeVisible()

    const tiles = page.locator('main dl').first()
    await expect(tiles.locator('dt')).toHaveText(['Длительность', 'Формат', 'Старт'])
    await expect(tiles.locator('dd')).toHaveText([course.duration, course.format, course.startDate])

    // Sized by the attributes before it loads, to the picture's own size: nothing moves.
    const { attributes, natural } = await imageSizes(page.locator('main img').first())
    expect(attributes).toEqual(natural)

    const h2 = await page.getByRole('heading', { level: 2 }).allTextContents()
    const normalised = h2.map((text) => text.replace(/\s+/g, ' '))
    expect(normalised.filter((text) => SECTION_HEADINGS.includes(text))).toEqual(SECTION_HEADINGS)
    // The contact block closes the page.
    expect(normalised.indexOf('Запишитесь на занятие')).toBeGreaterThan(
      normalised.indexOf('За частое посещение — ценные призы'),
    )

    const programme = findCourseProgramme(course.id)
    for (const [id, items] of [
      ['skills', programme?.skills ?? []],
      ['plan', programme?.plan ?? []],
    ] as const) {
      const listed = page.locator(`#${id}`).getByRole('listitem')
      await expect(listed, `#${id}`).toHaveCount(items.length)
      await expect(listed, `#${id}`).toContainText(items)
    }
    await expect(page.locator('#benefits').getByRole('heading', { level: 3 })).toHaveText(
      completionBenefits().map((benefit) => benefit.received),
    )

    const prices = page.locator('#prices')
    await expect(prices.getByRole('heading', { level: 2 })).toHaveText('Стоимость обучения')
    // A month is the course's own lessons (docs/decisions/0087): «В месяце 4 занятия.» once a week.
    await expect(prices).toContainText(monthLessonsLead(course))
    const plans = buildPricePlans(course)
    for (const plan of plans) {
      const card = prices.getByRole('article', { name: plan.label })
      await expect(card).toContainText(plan.note)
      if (plan.monthly) {
        const { upTo } = plan.monthly
        await expect(card).toContainText(`${month(plan.monthly, upTo, 'price')} в месяц`)
        await expect(card.locator('s')).toHaveText(
          `Без скидки: ${month(plan.monthly, upTo, 'basePrice')}`,
        )
        await expect(card).toContainText(`Скидка ${plan.monthly.discountPercent}\u00a0%`)
        await expect(card).toContainText(`${rubles(plan.lessonPrice)} за занятие`)
      } else {
        await expect(card).toContainText(`${rubles(plan.lessonPrice)} за занятие`)
        await expect(card.locator('s')).toHaveCount(0)
      }
      // A badge ('Выгодно') marks its own card and no other.
      if (plan.badge) {
        await expect(card).toContainText(plan.badge)
        await expect(prices.getByText(plan.badge, { exact: true })).toHaveCount(1)
      }
    }
    await expect(prices.getByRole('article')).toHaveCount(plans.length)
  })
}

test('the trial promo and the prize block', async ({ page }) => {
  await page.goto(paths.course(someCourse().id))
  const promo = page.getByRole('region', { name: 'Не уверены, подойдёт ли обучение?' })
  await expect(promo.getByText('Приходите на бесплатный пробный урок!')).toBeVisible()
  await expect(promo.getByRole('heading', { level: 3 })).toHaveText(
    TRIAL_PROMO_POINTS.map((point) => point.title),
  )
  await promo.getByRole('link', { name: 'Записаться на пробный урок' }).click()
  await expect(page.locator('#contact')).toBeInViewport()

  const prizeBlock = page.getByRole('region', { name: 'За частое посещение — ценные призы' })
  await expect(prizeBlock.getByRole('heading', { level: 3 })).toHaveText(
    prizes.map((prize) => prize.title),
  )
  await expect(prizeBlock).toContainText('розыгрыше призов')
  await expect(prizeBlock.getByText('Список призов периодически обновляется.')).toBeVisible()
})

test("'Записаться' scrolls to the contact block of the course page", async ({ page }) => {
  const { id } = someCourse()
  await page.goto(paths.course(id))
  await expect(page.locator('#contact')).not.toBeInViewport()
  await page.getByRole('link', { name: 'Записаться', exact: true }).click()
  await expect(page.locator('#contact')).toBeInViewport()
  await expect(page).toHaveURL(`${paths.course(id)}#contact`)
})

for (const javaScriptEnabled of [true, false]) {
  test.describe(`on a phone, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ viewport: { width: 375, height: 812 }, javaScriptEnabled })

    test("'Записаться' lands on the form, not short of it", async ({ page }) => {
      await page.goto(paths.course(someCourse().id))
      await page.getByRole('link', { name: 'Записаться', exact: true }).first().click()
      await expect(page.getByRole('heading', { name: 'Запишитесь на занятие' })).toBeInViewport()
      await expect(page.locator('#contact')).toBeInViewport()
    })
  })
}

test(`the scroll-to-top button appears past ${SCROLL_TO_TOP_THRESHOLD} px and takes the page back up`, async ({
  page,
}) => {
  // The cookie banner would cover the button until accepted.
  await page.addInitScript(() => localStorage.setItem('cookieAccepted', 'true'))
  await page.goto(paths.course(someCourse().id))
  const button = page.getByRole('button', { name: 'Наверх' })
  await expect(button).toBeHidden()
  await page.evaluate((y) => window.scrollTo(0, y), SCROLL_TO_TOP_THRESHOLD)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(SCROLL_TO_TOP_THRESHOLD)
  await expect(button).toBeHidden()
  await page.evaluate((y) => window.scrollTo(0, y + 1), SCROLL_TO_TOP_THRESHOLD)
  await expect(button).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, 2000))
  await button.click()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await expect(button).toBeHidden()
  await expect(page.locator('#main')).toBeFocused()
})

test('opening a course reports openCourseDetails once', async ({ page }) => {
  const [first, second] = [someCourse(0), someCourse(1)]
  await page.goto(paths.courses)
  await expect(page.getByRole('heading', { level: 1, name: 'Наши курсы' })).toBeVisible()
  expect(await reachedGoals(page)).toEqual([])

  await page.getByRole('link', { name: first.title, exact: true }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: first.title, exact: true }),
  ).toBeVisible()
  await expect.poll(() => reachedGoals(page)).toEqual(['openCourseDetails'])

  // Scrolling and re-rendering do not report it again.
  await page.evaluate(() => window.scrollTo(0, 1000))
  await expect(page.getByRole('button', { name: 'Наверх' })).toBeVisible()
  expect(await reachedGoals(page)).toEqual(['openCourseDetails'])

  // Each course is a page of its own, which reports it again.
  await page.goto(paths.course(second.id))
  await expect.poll(() => reachedGoals(page)).toEqual(['openCourseDetails'])
})

test('a course opened directly reports the goal once', async ({ page }) => {
  await page.goto(paths.course(someCourse().id))
  await expect.poll(() => reachedGoals(page)).toEqual(['openCourseDetails'])
})

test.describe('narrow phone', () => {
  test.use({ viewport: { width: 320, height: 640 } })

  test('no course page scrolls sideways at 320 px', async ({ page }) => {
    for (const course of courses) {
      const path = paths.course(course.id)
      await page.goto(path)
      expect(await documentScrollWidth(page), path).toBeLessThanOrEqual(320)
      expect(await elementsOutsideViewport(page), path).toEqual([])
    }
  })
})
