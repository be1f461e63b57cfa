import { readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { dateYearWindow } from '@it-lab/shared/content'
import { courses } from '#app/content/courses.ts'
import { pluralRu } from '#app/content/plural.ts'
import { startEditorBackend, type EditorBackend } from './editor-backend.ts'
import { openEntry, publishNow, watchConsole, readContent } from './editor-page.ts'

// The owner types values as people write them (docs/decisions/0067-exact-values-in-the-editor.md):
// each is read exactly or refused at its field before anything is saved, in plain Russian.

let editor: EditorBackend
let consoleErrors: () => string[]

test.describe.configure({ mode: 'serial', timeout: 120_000 })
test.use({ actionTimeout: 15_000 })

test.beforeAll(async () => {
  editor = await startEditorBackend()
})

test.afterAll(async () => {
  await editor.stop()
})

test.beforeEach(({ page }) => {
  consoleErrors = watchConsole(page)
})

test.afterEach(() => {
  expect(consoleErrors(), 'no console errors').toEqual([])
})

const course4 = () => readContent(editor, 'courses/4.json')
const SHIPPED = courses.find((course) => course.id === 4)
if (!SHIPPED) throw new Error('the shipped content has no course 4')
const NEXT_ID = Math.max(...courses.map(({ id }) => id)) + 1

test('a price typed with a point, a comma or an exponent is refused at the field; «1 600 ₽» is 1600', async ({
  page,
}) => {
  await openEntry(page, editor, 'courses/entries/4')
  const price = page.getByLabel('Разовое посещение')
  const cases: [typed: string, refusal: string][] = [
    ['1600.50', 'Только целые рубли, без копеек и без точки или запятой: например, 1600.'],
    ['1600,50', 'Только целые рубли, без копеек и без точки или запятой: например, 1600.'],
    [
      '12e3',
      'Только цифры (можно с пробелами между тысячами и знаком ₽): например, 1600 или 1 600 ₽.',
    ],
    ['-5', 'Без минуса. Число от 1 до 100\u00a0000.'],
  ]
  for (const [typed, refusal] of cases) {
    await price.fill('')
    await price.pressSequentially(typed)
    await publishNow(page)
    await expect(page.getByText(refusal)).toBeVisible()
    await expect(price).toHaveValue(typed)
    // Nothing was saved: the file still has the shipped price.
    expect(course4()).toMatchObject({ prices: { basic: SHIPPED.prices.basic } })
  }
  await price.fill('')
  await price.pressSequentially('1 600 ₽')
  await publishNow(page)
  await expect(page.getByText('Изменения сохранены')).toBeVisible()
  await expect.poll(course4).toMatchObject({ prices: { basic: 1600 } })
})

test('a date is typed digit by digit as ДД.ММ.ГГГГ; a year outside the window is refused, never 1907', async ({
  page,
}) => {
  const { min, max } = dateYearWindow()
  await openEntry(page, editor, 'courses/entries/4')
  const start = page.getByLabel('Старт')
  await start.pressSequentially('12011907')
  await expect(start).toHaveValue('12.01.1907')
  await publishNow(page)
  await expect(page.getByText(`Год — от ${min} до ${max}.`)).toBeVisible()
  expect(course4()).toMatchObject({ start: '' })

  await start.fill('')
  await start.pressSequentially('3102' + String(min + 1))
  await publishNow(page)
  await expect(page.getByText(`Такой даты нет в календаре: 31.02.${min + 1}.`)).toBeVisible()

  const year = new Date().getFullYear() + 1
  await start.fill('')
  await start.pressSequentially(`0109${year}`)
  await expect(start).toHaveValue(`01.09.${year}`)
  await publishNow(page)
  await expect(page.getByText('Изменения сохранены')).toBeVisible()
  await expect.poll(course4).toMatchObject({ start: `${year}-09-01` })
})

test('rules between fields are refused at the field before saving', async ({ page }) => {
  await openEntry(page, editor, 'courses/entries/4')
  const before = course4()
  const basic = (before.prices as { basic: number }).basic
  await page.getByLabel('Абонемент на 1 месяц').fill(String(basic + 100))
  await page.getByLabel('Возраст от').fill('15')
  await page.getByLabel('Возраст до').fill('14')
  await publishNow(page)
  await expect(
    page.getByText(
      `Абонемент не может стоить дороже разового посещения (сейчас ${basic.toLocaleString('ru-RU')}).`,
    ),
  ).toBeVisible()
  await expect(
    page.getByText('Возраст «до» не может быть меньше возраста «от» (сейчас 15).'),
  ).toBeVisible()
  expect(course4()).toEqual(before)
})

test('a new course gets the next free number; a number another course has is refused', async ({
  page,
}) => {
  await openEntry(page, editor, 'courses/new')
  const id = page.getByLabel('Номер курса')
  await expect(id).toHaveValue(String(NEXT_ID))
  await id.fill('4')
  await page.getByLabel('Название').fill('Робототехника')
  await publishNow(page)
  await expect(
    page.getByText(`Номер 4 уже у курса «${SHIPPED.title}». Свободный номер — ${NEXT_ID}.`),
  ).toBeVisible()
  expect(readdirSync(path.dirname(editor.content('courses/4.json'))).sort()).toEqual(
    courses.map(({ id: number }) => `${number}.json`).sort(),
  )
})

test('the next number is never put into the field the owner is already in', async ({ page }) => {
  // The editor lists the courses to suggest the next number; on a slow link it comes late.
  let release = () => {}
  const listed = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/admin/api/v1', async (route) => {
    const body = route.request().postDataJSON() as { action?: string } | null
    if (body?.action === 'entriesByFolder') await listed
    await route.continue()
  })
  await openEntry(page, editor, 'courses/new')
  const id = page.getByLabel('Номер курса')
  await id.click()
  const answered = page.waitForResponse(
    (response) =>
      response.url().endsWith('/admin/api/v1') &&
      (response.request().postDataJSON() as { action?: string } | null)?.action ===
        'entriesByFolder',
  )
  release()
  await answered
  await id.pressSequentially('25')
  await expect(id).toHaveValue('25')
})

test('the lists speak grammatical Russian and the courses are listed by number', async ({
  page,
}) => {
  await openEntry(page, editor, 'courses/entries/4')
  const { skills, plan } = course4() as { skills: string[]; plan: string[] }
  const points = (count: number) => `${count} ${pluralRu(count, ['пункт', 'пункта', 'пунктов'])}`
  await expect(page.getByText(points(skills.length), { exact: true })).toBeVisible()
  await expect(page.getByText(points(plan.length), { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Добавить пункт' })).toHaveCount(2)
  await expect(page.getByText('Старт (необязательно)')).toBeVisible()
  await expect(page.getByText(/необязательный|добавить программа/i)).toHaveCount(0)

  await openEntry(page, editor, 'school/entries/prizes')
  const prizes = readContent(editor, 'prizes.json').items as unknown[]
  await expect(
    page.getByText(`${prizes.length} ${pluralRu(prizes.length, ['приз', 'приза', 'призов'])}`, {
      exact: true,
    }),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Добавить приз' })).toBeVisible()

  await openEntry(page, editor, 'school/entries/facts')
  const demo = page.locator('[class*="multiValue"], [class*="MultiValue"]')
  await expect(demo.getByText('Телефон', { exact: true })).toBeVisible()
  await expect(demo.getByText('Дата вступления политик в силу', { exact: true })).toBeVisible()
  await expect(demo.getByText(/^(phone|address|policiesEffectiveDate)$/)).toHaveCount(0)
  await expect(page.getByText(/образец из репозитория|\bkB\b|\bKB\b/)).toHaveCount(0)

  await page.goto(`${editor.url}/admin/#/collections/courses`)
  const titles = courses.map(({ id, title }) => `${id}. ${title}`)
  await expect(page.getByText(/^\d+\. /)).toHaveText(
    [...titles].sort((a, b) => parseInt(a) - parseInt(b)),
  )
})

test('a document chosen as a picture is refused with a message and never sent', async ({
  page,
}) => {
  const pdf = path.join(editor.repo, '..', 'договор.pdf')
  writeFileSync(pdf, '%PDF-1.7\n%âãÏÓ\n')
  await openEntry(page, editor, 'courses/entries/4')
  await page.getByRole('button', { name: 'Выберите другое изображение' }).click()
  const input = page.locator('input[type="file"]')
  await expect(input).toHaveAttribute('accept', /image\/png/)
  await input.setInputFiles(pdf)
  await expect(page.getByRole('alert')).toContainText(
    'Файл «договор.pdf» — не картинка. Загрузите фотографию или рисунок в формате JPG, PNG, WebP или AVIF.',
  )
  expect(editor.git('status', '--porcelain')).toBe('')
})

test('the preview shows the course and the announcement with the site’s own components', async ({
  page,
}) => {
  await openEntry(page, editor, 'courses/entries/4')
  await page.getByLabel('Название').fill('Python для старшеклассников')
  await page.getByLabel('Полный курс').fill('777')
  const preview = page.frameLocator('iframe')
  await expect(
    preview.getByRole('heading', { level: 1, name: 'Python для старшеклассников' }),
  ).toBeVisible()
  await expect(preview.getByRole('link', { name: 'Python для старшеклассников' })).toBeVisible()
  // The card names the lowest price, as the catalogue does.
  await expect(preview.getByText('777\u00a0₽').first()).toBeVisible()
  // A hidden course says so above its preview.
  await expect(preview.getByRole('status')).toHaveCount(0)
  await page.getByRole('switch', { name: 'Скрыть с сайта' }).click()
  await expect(preview.getByRole('status')).toContainText('Курс скрыт с сайта')

  await openEntry(page, editor, 'announcements/new')
  await page.getByLabel('Заголовок').fill('День открытых дверей')
  await page.getByLabel('Дата события').pressSequentially(`0112${new Date().getFullYear() + 1}`)
  await expect(preview.getByRole('heading', { name: 'День открытых дверей' })).toBeVisible()
  await expect(preview.getByText(`1 декабря ${new Date().getFullYear() + 1}`)).toBeVisible()
})
