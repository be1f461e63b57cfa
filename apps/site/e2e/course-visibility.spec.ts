import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { paths } from '#app/config/paths.ts'
import { courses, findCourse, mainPageCourses } from '#app/content/courses.ts'
import { teachers } from '#app/content/teachers.ts'
import { largePhotoJpeg } from '../harness/large-photo.ts'
import { buildContent, type ContentBuild } from './content-build.ts'
import { expect, finishQuiz, test } from './fixtures'

// The owner's courses as the site shows them (docs/decisions/0069-hidden-courses-quiz-data.md,
// 0070-responsive-photos-at-build.md): a build of a copy of the content in which she hid a course
// from the home page, deleted another, and added one with her own 5 MB photo, its number leaving a
// gap, and deleted every teacher and school photo (docs/decisions/0074); served as `npm start`
// serves the site. One build for all of it: each build here costs the run about 45 s.

const SITE_DIR = path.join(import.meta.dirname, '..')
const REPO = path.join(SITE_DIR, '..', '..')

const [, hiddenCourse] = mainPageCourses
const deletedCourse = courses.find((course) => !course.onMainPage)
if (!hiddenCourse || !deletedCourse)
  throw new Error('the catalogue needs two home-page courses and one other')
/** A shown course a teacher leads, whose page loses its «Кто ведёт курс» with the teachers. */
const taught = teachers
  .flatMap(({ courseIds }) => courseIds)
  .map((id) => findCourse(id))
  .find((course) => course && course.id !== hiddenCourse.id && course.id !== deletedCourse.id)
if (!taught) throw new Error('the content needs a teacher of a course neither hidden nor deleted')
/** The owner's new course: the number after the next free one, so one number stays unused. */
const NEW_ID = Math.max(...courses.map(({ id }) => id)) + 2
const NEW_TITLE = 'Новый курс владелицы'
/** Answers only the new course ticks, in the age group its ages start in. */
const NEW_COURSE_ANSWERS = {
  age: '14-17',
  interest: 'gadgets',
  experience: 'none',
  goal: 'ai',
  learning: 'short',
}

let scratch = ''
let site: ContentBuild | undefined
let origin = ''
const url = (pathname: string) => `${origin}${pathname}`

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(300_000)
  scratch = mkdtempSync(path.join(tmpdir(), 'it-lab-courses-'))
  const content = path.join(scratch, 'content')
  cpSync(path.join(REPO, 'content'), content, { recursive: true })
  const courseFile = (id: number) => path.join(content, 'courses', `${id}.json`)
  const read = (id: number) => JSON.parse(readFileSync(courseFile(id), 'utf8')) as object

  writeFileSync(
    courseFile(hiddenCourse.id),
    JSON.stringify({ ...read(hiddenCourse.id), hidden: true }),
  )
  unlinkSync(courseFile(deletedCourse.id))
  rmSync(path.join(content, 'teachers'), { recursive: true })
  rmSync(path.join(content, 'photos'), { recursive: true })
  writeFileSync(path.join(content, 'uploads', 'owner-photo.jpg'), await largePhotoJpeg())
  writeFileSync(
    courseFile(NEW_ID),
    JSON.stringify({
      ...read(hiddenCourse.id),
      hidden: false,
      id: NEW_ID,
      title: NEW_TITLE,
      ageMin: 14,
      ageMax: 17,
      onMainPage: true,
      image: '/uploads/owner-photo.jpg',
      quiz: { interest: ['gadgets'], experience: ['none'], goal: ['ai'], learning: ['short'] },
    }),
  )

  site = await buildContent(content, 'courses')
  origin = site.origin
})

test.afterAll(async () => {
  await site?.close()
  rmSync(scratch, { recursive: true, force: true })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the catalogue and the home page show the new course, not the hidden or the deleted one', async ({
    page,
  }) => {
    for (const pathname of [paths.courses, paths.home]) {
      await page.goto(url(pathname))
      const main = page.getByRole('main')
      await expect(main.getByRole('link', { name: NEW_TITLE, exact: true }).first()).toBeVisible()
      await expect(main.getByRole('link', { name: hiddenCourse.title, exact: true })).toHaveCount(0)
      await expect(main.getByRole('link', { name: deletedCourse.title, exact: true })).toHaveCount(
        0,
      )
    }
  })

  test("a hidden course's old link says it is not running now, leads to the catalogue, and is not indexed", async ({
    page,
  }) => {
    const response = await page.goto(url(paths.course(hiddenCourse.id)))
    expect(response?.status()).toBe(200)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Курс сейчас не проводится' }),
    ).toBeVisible()
    await expect(
      page.getByText(
        `Курс «${hiddenCourse.title}» сейчас не проводится. Посмотрите другие курсы школы.`,
      ),
    ).toBeVisible()
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    )
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0)
    await page.getByRole('link', { name: 'Посмотреть все курсы' }).click()
    await expect(page).toHaveURL(url(paths.courses))
  })

  test('shows no teachers, no photos and no empty heading, on the home page or a course page', async ({
    page,
  }) => {
    await page.goto(url(paths.home))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    for (const heading of ['Преподаватели', 'Как проходят занятия']) {
      await expect(page.getByRole('heading', { name: heading })).toHaveCount(0)
    }
    await page.goto(url(paths.course(taught.id)))
    await expect(page.getByRole('heading', { level: 1, name: taught.title })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Кто ведёт курс' })).toHaveCount(0)
    const html = await (await page.request.get(url(paths.home))).text()
    expect(html).not.toContain('"@type":"Person"')
  })

  test("a deleted course's link answers 404 «Курс не найден»", async ({ page }) => {
    const response = await page.goto(url(paths.course(deletedCourse.id)))
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Курс не найден' })).toBeVisible()
  })

  test('the sitemap lists the new course only', async ({ request }) => {
    const sitemap = await (await request.get(url('/sitemap.xml'))).text()
    expect(sitemap).toContain(`https://it-lab.test${paths.course(NEW_ID)}</loc>`)
    for (const gone of [hiddenCourse.id, deletedCourse.id, NEW_ID - 1]) {
      expect(sitemap).not.toContain(`https://it-lab.test${paths.course(gone)}</loc>`)
    }
  })

  test("the new course's page, also at its number with a leading zero, shows the owner's photo as <picture>", async ({
    page,
  }) => {
    await page.goto(url(`/course/0${NEW_ID}`))
    await expect(page).toHaveURL(url(paths.course(NEW_ID)))
    await expect(page.getByRole('heading', { level: 1, name: NEW_TITLE })).toBeVisible()
    const picture = page.locator('main picture').first()
    const widths = /^\S+ 320w, \S+ 640w, \S+ 960w, \S+ 1280w$/
    await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute('srcset', widths)
    const img = picture.locator('img')
    await expect(img).toHaveAttribute('srcset', widths)
    await expect(img).toHaveAttribute('src', /\.webp$/)
    await expect(img).toHaveAttribute('width', '640')
    await expect(img).toHaveAttribute('height', '400')
    // The page's largest picture, on its first screen: not lazy, fetched first.
    await expect(img).toHaveAttribute('loading', 'eager')
    await expect(img).toHaveAttribute('fetchpriority', 'high')
  })
})

test.describe('with JavaScript', () => {
  test("the new course's photo loads as AVIF, laid out at 8:5", async ({ page }) => {
    await page.goto(url(paths.course(NEW_ID)))
    const img = page.locator('main picture img').first()
    await expect
      .poll(() =>
        img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
      )
      .toBeGreaterThan(0)
    expect(await img.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(/\.avif$/)
    const box = await img.boundingBox()
    expect(Math.abs((box?.width ?? 0) / (box?.height ?? 1) - 1.6)).toBeLessThan(0.01)
  })

  test('a hidden course says it is not running and a deleted one is not found', async ({
    page,
  }) => {
    await page.goto(url(paths.course(hiddenCourse.id)))
    await expect(
      page.getByRole('heading', { level: 1, name: 'Курс сейчас не проводится' }),
    ).toBeVisible()
    await page.goto(url(paths.course(deletedCourse.id)))
    await expect(page.getByRole('heading', { level: 1, name: 'Курс не найден' })).toBeVisible()
  })

  test('the quiz suggests the new course for the answers its file ticks', async ({ page }) => {
    const start = new Date('2026-03-02T10:00:00+04:00')
    await page.clock.install({ time: start })
    await page.goto(url(paths.home))
    // Paused before the trial popup is due, as the quiz's own spec does (fixtures.ts openQuiz).
    await page.clock.pauseAt(new Date(start.getTime() + 5_000))
    await page.getByRole('button', { name: 'Понятно' }).click()
    const quiz = page.locator('#quiz')
    await quiz.scrollIntoViewIfNeeded()
    await finishQuiz(page, quiz, NEW_COURSE_ANSWERS)
    await expect(
      quiz.getByRole('heading', { level: 3, name: `Рекомендуем курс ${NEW_TITLE}` }),
    ).toBeVisible()
  })
})
