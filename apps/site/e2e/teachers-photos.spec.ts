import type { APIRequestContext, Page } from '@playwright/test'
import { paths } from '#app/config/paths.ts'
import { school } from '#app/config/school.ts'
import { courses, findCourse } from '#app/content/courses.ts'
import { schoolPhotos } from '#app/content/school-photos.ts'
import { courseTeachers, teachers } from '#app/content/teachers.ts'
import { expect, test, waitForHydration } from './fixtures'

// The teachers and the school's photos as a parent sees them
// (docs/decisions/0074-teachers-and-school-photos.md): on the home page, on the pages of the
// courses they teach, with JavaScript and without. A build whose folders are empty shows no
// section at all: course-visibility.spec.ts, whose build of the owner's content has them emptied.

const [teacher] = teachers
const taught = teacher?.courseIds.map((id) => findCourse(id)).find(Boolean)
const untaught = courses.find((course) => courseTeachers(course.id).length === 0)
if (!teacher || !taught || !untaught || schoolPhotos.length === 0) {
  throw new Error('the content needs a teacher of a shown course, a course nobody teaches, photos')
}

async function jsonLd(request: APIRequestContext, pagePath: string) {
  const html = await (await request.get(pagePath)).text()
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  )
}

async function expectTeachersOnHome(page: Page) {
  const section = page.getByRole('region', { name: 'Преподаватели' })
  for (const { name, text, courseIds } of teachers) {
    const card = section.getByRole('article').filter({
      has: page.getByRole('heading', { level: 3, name: new RegExp(`^${name}`) }),
    })
    await expect(card.getByRole('img', { name })).toBeVisible()
    await expect(card.getByText(text)).toBeVisible()
    for (const id of courseIds) {
      await expect(card.getByRole('link', { name: findCourse(id)?.title })).toHaveAttribute(
        'href',
        paths.course(id),
      )
    }
  }
}

async function expectGallery(page: Page) {
  const gallery = page.getByRole('region', { name: 'Как проходят занятия' })
  for (const { alt, caption } of schoolPhotos) {
    const img = gallery.getByRole('img', { name: alt })
    await expect(img).toHaveAttribute('loading', 'lazy')
    // Its box is laid out at 4:3 before the photo arrives: nothing moves when it does.
    await img.scrollIntoViewIfNeeded()
    const box = await img.boundingBox()
    expect(Math.abs((box?.width ?? 0) / (box?.height ?? 1) - 4 / 3)).toBeLessThan(0.01)
    await expect
      .poll(() => img.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0)
    if (caption) await expect(gallery.getByText(caption)).toBeVisible()
  }
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled })

    test('the home page shows the teachers and the photos of lessons, after the learning path', async ({
      page,
    }) => {
      await page.goto(paths.home)
      if (javaScriptEnabled) await waitForHydration(page)
      const headings = await page.getByRole('heading', { level: 2 }).allTextContents()
      const at = (text: string) => headings.findIndex((heading) => heading.includes(text))
      expect(at('Преподаватели')).toBeGreaterThan(0)
      expect(at('Как проходят занятия')).toBe(at('Преподаватели') + 1)
      await expectTeachersOnHome(page)
      await expectGallery(page)
      // A shipped sample says so.
      await expect(
        page.getByRole('region', { name: 'Преподаватели' }).getByText('Образец').first(),
      ).toBeVisible()
    })

    test("a course's page shows who teaches it; a course nobody is named for shows no such section", async ({
      page,
    }) => {
      await page.goto(paths.course(taught.id))
      const section = page.getByRole('region', { name: 'Кто ведёт курс' })
      for (const { name } of courseTeachers(taught.id)) {
        await expect(
          section.getByRole('heading', { level: 3, name: new RegExp(`^${name}`) }),
        ).toBeVisible()
        await expect(section.getByRole('img', { name })).toBeVisible()
      }
      // Its own course is not linked again from its own page.
      await expect(section.getByRole('link', { name: taught.title })).toHaveCount(0)
      await page.goto(paths.course(untaught.id))
      await expect(page.getByRole('heading', { level: 1, name: untaught.title })).toBeVisible()
      await expect(page.getByRole('heading', { level: 2, name: 'Кто ведёт курс' })).toHaveCount(0)
    })
  })
}

test('a teacher is a schema.org Person working for the school, on the home page and on their courses', async ({
  request,
}) => {
  const expected = {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: teacher.name,
    jobTitle: 'Преподаватель',
    image: expect.stringMatching(/^https:\/\/it-lab\.test\/assets\/.+\.webp$/),
    worksFor: expect.objectContaining({ '@type': 'EducationalOrganization', name: school.name }),
    knowsAbout: expect.arrayContaining([taught.title]),
  }
  for (const pagePath of [paths.home, paths.course(taught.id)]) {
    const people = (await jsonLd(request, pagePath)).filter((block) => block['@type'] === 'Person')
    expect(people, pagePath).toContainEqual(expect.objectContaining(expected))
    const image = people.find((person) => person.name === teacher.name)?.image as string
    const served = await request.get(new URL(image).pathname)
    expect(served.status()).toBe(200)
    expect(served.headers()['content-type']).toBe('image/webp')
  }
  const none = (await jsonLd(request, paths.course(untaught.id))).filter(
    (block) => block['@type'] === 'Person',
  )
  expect(none).toEqual([])
})
