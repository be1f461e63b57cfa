import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { startFakeTelegram, type FakeTelegram } from '@it-lab/lead-bot/harness/fake-telegram'
import { startService, type Service } from '@it-lab/lead-bot/harness/service'
import { FIELD_LABELS } from '@it-lab/shared/content'
import { buildSiteServer } from '../server/site-server.ts'
import { paths } from '#app/config/paths.ts'
import { courses } from '#app/content/courses.ts'
import { russianDate } from '#app/content/russian-date.ts'
import { completeSchoolFacts } from '../harness/complete-school-facts.ts'
import { prepareLaunch } from '../harness/owner-edits.ts'
import { EDITOR_GIT, type EditorBackend } from './editor-backend.ts'
import { courseTitle, openEntry, openSection, readContent, save } from './editor-page.ts'
import { expect, test } from './editor-test.ts'

// The owner's whole loop (docs/decisions/0056-publishing-from-the-editor.md): the editor at /admin,
// logged in through the editor gateway that commits into a scratch repository holding a copy of
// content/ (e2e/editor-backend.ts), then the release build of that copy,
// served as it would be published, with a lead service that reads the same copy. Then a broken
// edit: the editor refuses what it can, the release build refuses the rest, and the live build
// stays as it was.

const SITE_DIR = path.join(import.meta.dirname, '..')
/** Where the release build of the edited copy goes; build-e2e*: ignored by git and Tailwind. */
const LIVE_BUILD = 'build-e2e-editor'
const SITE_URL = 'https://itlab-school.ru'
const LEAD_API_URL = `${SITE_URL}/lead`

/** A day `days` from now, as the site stores it (YYYY-MM-DD). */
function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}
/** The same day as the owner types it in the editor: ДД.ММ.ГГГГ. */
const typed = (iso: string) => iso.split('-').reverse().join('.')
const START = dayFromNow(60)
/** The owner's new course takes the next number after the catalogue's. */
const NEW_ID = Math.max(...courses.map(({ id }) => id)) + 1
const OPEN_DAY = dayFromNow(20)

/** `npm run build:release` on the scratch copy, as the publishing hook runs it. */
function releaseBuild(editor: EditorBackend): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, ['release/build-release.ts'], {
    cwd: SITE_DIR,
    env: {
      ...process.env,
      CONTENT_DIR: path.join(editor.repo, 'content'),
      SITE_BUILD_DIR: LIVE_BUILD,
      SITE_URL,
      LEAD_API_URL,
    },
    encoding: 'utf8',
  })
  return { status: run.status, output: `${run.stdout}${run.stderr}` }
}

/** Every file of a folder with its size and time: what "unchanged" is checked against. */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .sort()
    .map((file) => {
      const stat = statSync(path.join(dir, file))
      return `${file} ${stat.size} ${stat.mtimeMs}`
    })
}

/** «Добавить: курс» in a section's list, and the new entry's empty form. */
async function addEntry(
  editor: EditorBackend,
  page: Page,
  section: string,
  name: string,
): Promise<void> {
  await openSection(page, editor, section)
  await page.getByRole('link', { name: `Добавить: ${name}` }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Новая запись: ${name}`)
}

test.describe.configure({ mode: 'serial' })
test.use({
  actionTimeout: 15_000,
  editorSetup: {
    // A school that has deleted the shipped sample entries, confirmed its own words in the single
    // files and filled in its facts, so the release check may pass.
    prepare: (repo) => {
      prepareLaunch(path.join(repo, 'content'))
      writeFileSync(
        path.join(repo, 'content', 'school.json'),
        JSON.stringify({ ...completeSchoolFacts, siteUrl: SITE_URL, demo: [] }, null, 2),
      )
    },
  },
})

test.afterAll(() => {
  rmSync(path.join(SITE_DIR, LIVE_BUILD), { recursive: true, force: true })
})

test('the owner changes a price and a start date, adds a course with a picture and an announcement; the release build publishes them', async ({
  page,
  browser,
  editor,
}) => {
  test.setTimeout(300_000)

  // 1. A price and a start date.
  await openEntry(page, editor, 'courses/4.json')
  await expect(page.getByRole('textbox', { name: 'Название' })).toHaveValue(courseTitle(4))
  await page.getByRole('textbox', { name: 'Разовое посещение' }).fill('1600')
  await page.getByRole('textbox', { name: 'Старт (необязательно)' }).fill(typed(START))
  await save(page)
  await expect
    .poll(() => readContent(editor, 'courses/4.json'))
    .toMatchObject({
      start: START,
      prices: { basic: 1600 },
    })

  // 2. A new course, with a photo, numbered after the shipped ones.
  // The owner's photo, on their own computer.
  const ownerComputer = mkdtempSync(path.join(tmpdir(), 'it-lab-owner-computer-'))
  const picture = path.join(ownerComputer, 'robotics.png')
  await sharp({ create: { width: 1280, height: 800, channels: 3, background: '#2f6fed' } })
    .png()
    .toFile(picture)
  await addEntry(editor, page, 'Курсы', 'курс')
  // The next free number is there already (the editor lists the courses first).
  await expect(page.getByRole('textbox', { name: 'Номер курса (в адресе страницы)' })).toHaveValue(
    String(NEW_ID),
  )
  await page.getByRole('textbox', { name: 'Название' }).fill('Робототехника')
  await page
    .getByRole('textbox', { name: 'Описание' })
    .fill(
      'Ребёнок собирает роботов из конструктора и программирует их: ехать по линии, объезжать препятствия и выполнять задания.',
    )
  await page.getByLabel('Выбрать фото').setInputFiles(picture)
  await expect(page.getByRole('img', { name: 'Картинка: выбранное фото' })).toBeVisible()
  await page.getByRole('combobox', { name: 'Уровень' }).selectOption({ label: 'Средний' })
  await page.getByRole('textbox', { name: 'Возраст от' }).fill('7')
  await page.getByRole('textbox', { name: 'Возраст до' }).fill('10')
  await page.getByRole('textbox', { name: 'Длительность, месяцев' }).fill('8')
  await page.getByRole('combobox', { name: 'Формат' }).selectOption({ label: 'Оффлайн' })
  for (const [label, price] of [
    ['Разовое посещение', '1400'],
    ['Абонемент на 1 месяц', '1200'],
    ['Абонемент от 4 месяцев', '1100'],
    ['Полный курс', '1000'],
  ] as const) {
    await page.getByRole('textbox', { name: label }).fill(price)
  }
  // Both lists add a «пункт»: the first is the skills, the second the plan.
  const skills = page.getByRole('group', { name: /^Чему научится ребёнок/ })
  await skills.getByRole('button', { name: 'Добавить пункт' }).click()
  await skills
    .getByRole('textbox', { name: 'Пункт 1' })
    .fill('Собирать робота по схеме и по своей идее')
  const plan = page.getByRole('group', { name: /^Программа курса/ })
  await plan.getByRole('button', { name: 'Добавить пункт' }).click()
  await plan
    .getByRole('textbox', { name: 'Пункт 1' })
    .fill('Первый робот: моторы, колёса и датчики')
  await save(page)
  // Saved, the course opens at its own address.
  await expect(page).toHaveURL(new RegExp(`#/e/content/courses/${NEW_ID}\\.json$`))
  // The folder's listing is what a failure shows.
  await expect.poll(() => readdirSync(editor.content('courses'))).toContain(`${NEW_ID}.json`)
  expect(readContent(editor, `courses/${NEW_ID}.json`)).toMatchObject({
    id: NEW_ID,
    title: 'Робототехника',
    image: expect.stringMatching(/^\/uploads\/robotics-[a-z0-9]+\.png$/),
    prices: { basic: 1400, year: 1000 },
    skills: ['Собирать робота по схеме и по своей идее'],
    plan: ['Первый робот: моторы, колёса и датчики'],
  })
  const upload = String(readContent(editor, `courses/${NEW_ID}.json`).image).replace(/^\//, '')

  // 3. An announcement with a day.
  await addEntry(editor, page, 'Объявления', 'объявление')
  await page.getByRole('textbox', { name: 'Заголовок' }).fill('День открытых дверей')
  await page
    .getByRole('textbox', { name: 'Текст' })
    .fill('Покажем классы, расскажем о курсах и поможем выбрать группу. Приходите всей семьёй.')
  await page.getByRole('textbox', { name: 'Дата события (необязательно)' }).fill(typed(OPEN_DAY))
  await save(page)
  await expect
    .poll(() => readdirSync(editor.content('announcements')).filter((f) => f.endsWith('.json')))
    .toHaveLength(1)
  // The list shows it by its title and day.
  await page.getByRole('link', { name: '← Объявления' }).click()
  await expect(page.getByRole('link', { name: /^День открытых дверей/ })).toContainText(
    typed(OPEN_DAY),
  )

  rmSync(ownerComputer, { recursive: true, force: true })

  // What the editor wrote: commits of content files only, no code, each as the editor.
  const [announcement] = readdirSync(editor.content('announcements')).filter((f) =>
    f.endsWith('.json'),
  )
  expect(editor.git('status', '--porcelain', '--untracked-files=all')).toBe('')
  const shipped = editor.git('rev-list', '--max-parents=0', 'HEAD')
  const changed = editor.git('diff', '--name-only', `${shipped}..HEAD`).split('\n').sort()
  expect(changed).toEqual(
    [
      `content/announcements/${announcement}`,
      'content/courses/4.json',
      `content/courses/${NEW_ID}.json`,
      `content/${upload}`,
    ].sort(),
  )
  expect(new Set(editor.git('log', '--format=%ae', `${shipped}..HEAD`).split('\n'))).toEqual(
    new Set([EDITOR_GIT.email]),
  )

  // 4. The release build of the edited copy: checked, then published.
  const release = releaseBuild(editor)
  expect(release.output).toContain('Release check passed')
  expect(release.status).toBe(0)
  // Built with no editor backend named (CMS_BACKEND empty): no /admin/ at all, said once.
  expect(release.output).toContain(
    'No editor backend (CMS_BACKEND is empty): this release build has no /admin/.',
  )
  expect(existsSync(path.join(SITE_DIR, LIVE_BUILD, 'client', 'admin'))).toBe(false)

  // 5. Served as published, with a lead service that reads the same content.
  const site = await buildSiteServer({ buildDir: path.join(SITE_DIR, LIVE_BUILD) })
  const origin = await site.listen({ port: 0, host: '127.0.0.1' })
  const telegram: FakeTelegram = await startFakeTelegram('editor-bot-token')
  const leadsDir = mkdtempSync(path.join(tmpdir(), 'it-lab-editor-leads-'))
  const service: Service = await startService({
    CONTENT_DIR: path.join(editor.repo, 'content'),
    LEADS_DB: path.join(leadsDir, 'leads.sqlite'),
    SITE_ORIGIN: origin,
    TELEGRAM_BOT_TOKEN: telegram.token,
    TELEGRAM_CHAT_ID: '1001',
    TELEGRAM_API_URL: telegram.url,
    TELEGRAM_SEND_INTERVAL_MS: '0',
  })
  // The pages post to the public address; here it leads to this service.
  const visitor = await browser.newContext({ baseURL: origin, javaScriptEnabled: false })
  await visitor.route(`${LEAD_API_URL}/send`, async (route) => {
    const answer = await route.fetch({ url: `${service.url}/send`, maxRedirects: 0 })
    await route.fulfill({ response: answer })
  })
  try {
    const visit = await visitor.newPage()
    await visit.goto('/course/4')
    await expect(visit.getByText('1 600 ₽', { exact: false }).first()).toBeVisible()
    await expect(
      visit.getByRole('definition').filter({ hasText: russianDate(START) }),
    ).toBeVisible()
    const courseLd = await visit.locator('script[type="application/ld+json"]').textContent()
    expect(JSON.parse(courseLd ?? '{}')).toMatchObject({
      hasCourseInstance: { startDate: START },
      offers: expect.arrayContaining([expect.objectContaining({ price: 1600 })]),
    })

    await visit.goto(paths.course(NEW_ID))
    await expect(visit.getByRole('heading', { level: 1 })).toHaveText('Робототехника')
    await expect(visit.locator('img[src*="/assets/robotics-"]').first()).toBeVisible()
    const newLd = await visit.locator('script[type="application/ld+json"]').textContent()
    expect(JSON.parse(newLd ?? '{}')).toMatchObject({ '@type': 'Course', name: 'Робототехника' })

    await visit.goto('/courses')
    await expect(visit.getByRole('link', { name: 'Робототехника' })).toHaveAttribute(
      'href',
      paths.course(NEW_ID),
    )
    await visit.goto('/')
    const news = visit.getByRole('region', { name: 'Объявления' })
    await expect(news.getByRole('heading', { name: 'День открытых дверей' })).toBeVisible()
    await visit.goto('/announcements')
    const eventLd = (await visit.locator('script[type="application/ld+json"]').allTextContents())
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((data) => data['@type'] === 'Event')
    expect(eventLd).toMatchObject({ name: 'День открытых дверей', startDate: OPEN_DAY })
    const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text()
    for (const page of [paths.course(NEW_ID), paths.announcements]) {
      expect(sitemap).toContain(`<loc>${SITE_URL}${page}</loc>`)
    }

    // The lead form on the new course's page: the lead names that course, in the chat too.
    await visit.goto(paths.course(NEW_ID))
    const form = visit.getByRole('form', { name: 'Заявка на обучение' })
    await form.getByLabel('Имя').fill('Ольга')
    await form.getByLabel('Телефон').fill('+7 (912) 345-67-89')
    await form.getByRole('button', { name: 'Оставить заявку' }).click()
    await expect(visit).toHaveURL(`${origin}/thanks`)
    await expect
      .poll(() => telegram.messages.map((message) => message.text).join('\n'))
      .toContain('Робототехника')
  } finally {
    await visitor.close()
    await service.stop()
    await telegram.close()
    await site.close()
    rmSync(leadsDir, { recursive: true, force: true })
  }
})

test('a broken edit never reaches the live site: the editor and the release build name the field', async ({
  page,
  editor,
}) => {
  test.setTimeout(120_000)
  const live = path.join(SITE_DIR, LIVE_BUILD)
  const before = snapshot(live)

  // The editor refuses a price of 0 at its field before anything is written.
  const head = editor.git('rev-parse', 'HEAD')
  await openEntry(page, editor, 'courses/4.json')
  const basic = page.getByRole('textbox', { name: 'Разовое посещение' })
  await expect(basic).toHaveValue('1\u00a0600')
  await basic.fill('0')
  await expect(basic).toHaveAccessibleDescription(/Число от 1 до 100\s000\./)
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click()
  await expect(page.getByRole('alert')).toContainText('Не сохранено: 1 поле нужно исправить')
  await expect(basic).toBeFocused()
  expect(readContent(editor, 'courses/4.json')).toMatchObject({ prices: { basic: 1600 } })
  expect(editor.git('rev-parse', 'HEAD')).toBe(head)

  // A file edited by other means: the release build refuses it, naming each field.
  const course = readContent(editor, 'courses/4.json')
  writeFileSync(
    editor.content('courses/4.json'),
    JSON.stringify({ ...course, prices: { ...(course.prices as object), basic: 0 } }),
  )
  const newCourse = readContent(editor, `courses/${NEW_ID}.json`)
  writeFileSync(
    editor.content(`courses/${NEW_ID}.json`),
    JSON.stringify({ ...newCourse, image: '' }),
  )
  const school = readContent(editor, 'school.json')
  writeFileSync(
    editor.content('school.json'),
    JSON.stringify({ ...school, phone: { number: '+7 (851) 234-56', short: '234-56' } }),
  )
  const release = releaseBuild(editor)
  expect(release.status).toBe(1)
  for (const line of [
    'content/school.json: поле «Телефон → Номер» (phone.number): должно быть 11 цифр: +7 и ещё десять',
    `content/courses/4.json: поле «${FIELD_LABELS.course['prices.basic']}» (prices.basic): цена в рублях за занятие: не меньше 1 (сейчас: 0)`,
    `content/courses/${NEW_ID}.json: поле «Картинка» (image): нужна картинка курса: загрузите её`,
  ]) {
    expect(release.output).toContain(line)
  }
  expect(snapshot(live)).toEqual(before)
})
