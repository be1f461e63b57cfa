import { readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { type Page } from '@playwright/test'
import { dateYearWindow, FACT_NAMES } from '@it-lab/shared/content'
import { FACT_NAME_LABELS } from '@it-lab/shared/school-facts-schema'
import { courses } from '#app/content/courses.ts'
import { pluralRu } from '#app/content/plural.ts'
import { logIn, type EditorBackend } from './editor-backend.ts'
import { openEntry, openSection, PHONE_SCREEN, readContent, save } from './editor-page.ts'
import { expect, test } from './editor-test.ts'

// The owner types values as people write them (docs/decisions/0067-exact-values-in-the-editor.md):
// each is read exactly or refused at its field before anything is saved, in plain Russian, on her
// phone.

test.describe.configure({ mode: 'serial', timeout: 120_000 })
test.use({ ...PHONE_SCREEN, actionTimeout: 15_000 })

const course4 = (editor: EditorBackend) => readContent(editor, 'courses/4.json')
const SHIPPED = courses.find((course) => course.id === 4)
if (!SHIPPED) throw new Error('the shipped content has no course 4')
const NEXT_ID = Math.max(...courses.map(({ id }) => id)) + 1
/** A field's refusal, tied to it: what a screen reader says after its name. */
const refusal = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
const saveButton = (page: Page) => page.getByRole('button', { name: 'Сохранить', exact: true })

test('a price typed with a point, a comma or an exponent is refused at the field; «1 600 ₽» is 1600', async ({
  page,
  editor,
}) => {
  await openEntry(page, editor, 'courses/4.json')
  const price = page.getByLabel('Разовое посещение')
  const cases: [typed: string, refused: string][] = [
    ['1600.50', 'Только целые рубли, без копеек и без точки или запятой: например, 1600.'],
    ['1600,50', 'Только целые рубли, без копеек и без точки или запятой: например, 1600.'],
    [
      '12e3',
      'Только цифры (можно с пробелами между тысячами и знаком ₽): например, 1600 или 1 600 ₽.',
    ],
    ['-5', 'Без минуса. Число от 1 до 100\u00a0000.'],
  ]
  for (const [typed, refused] of cases) {
    await price.fill('')
    await price.pressSequentially(typed)
    await expect(price).toHaveAccessibleDescription(refusal(refused))
    await saveButton(page).tap()
    await expect(page.getByRole('alert')).toContainText('Не сохранено: 1 поле нужно исправить')
    await expect(price).toBeFocused()
    // As she typed it, never rounded; nothing was saved.
    await expect(price).toHaveValue(typed)
    expect(course4(editor)).toMatchObject({ prices: { basic: SHIPPED.prices.basic } })
  }
  await price.fill('')
  await price.pressSequentially('1 600 ₽')
  await expect(price).not.toHaveAttribute('aria-invalid')
  await save(page)
  await expect.poll(() => course4(editor)).toMatchObject({ prices: { basic: 1600 } })
  // Shown again as the site writes it.
  await openEntry(page, editor, 'courses/4.json')
  await expect(page.getByLabel('Разовое посещение')).toHaveValue('1\u00a0600')
})

test('a date is typed digit by digit as ДД.ММ.ГГГГ; a year outside the window is refused, never 1907', async ({
  page,
  editor,
}) => {
  const { min, max } = dateYearWindow()
  await openEntry(page, editor, 'courses/4.json')
  const start = page.getByLabel('Старт (необязательно)')
  await start.pressSequentially('12011907')
  await expect(start).toHaveValue('12.01.1907')
  await expect(start).toHaveAccessibleDescription(new RegExp(`Год — от ${min} до ${max}\\.`))
  await saveButton(page).tap()
  await expect(page.getByRole('alert')).toContainText('Не сохранено')
  expect(course4(editor)).toMatchObject({ start: '' })

  await start.fill('')
  await start.pressSequentially(`3102${min + 1}`)
  await expect(start).toHaveAccessibleDescription(
    new RegExp(`Такой даты нет в календаре: 31\\.02\\.${min + 1}\\.`),
  )
  await saveButton(page).tap()
  await expect(start).toBeFocused()
  expect(course4(editor)).toMatchObject({ start: '' })

  const year = new Date().getFullYear() + 1
  await start.fill('')
  await start.pressSequentially(`0109${year}`)
  await expect(start).toHaveValue(`01.09.${year}`)
  await save(page)
  await expect.poll(() => course4(editor)).toMatchObject({ start: `${year}-09-01` })
})

test('rules between fields are refused at the field before saving', async ({ page, editor }) => {
  await openEntry(page, editor, 'courses/4.json')
  const before = course4(editor)
  const basic = (before.prices as { basic: number }).basic
  const month = page.getByLabel('Абонемент на 1 месяц')
  await month.fill(String(basic + 100))
  await page.getByLabel('Возраст от').fill('15')
  const ageMax = page.getByLabel('Возраст до')
  await ageMax.fill('14')
  await expect(month).toHaveAccessibleDescription(
    /Абонемент не может стоить дороже разового посещения/,
  )
  await expect(ageMax).toHaveAccessibleDescription(
    /Возраст «до» не может быть меньше возраста «от»/,
  )
  await saveButton(page).tap()
  await expect(page.getByRole('alert')).toContainText('Не сохранено: 2 поля нужно исправить')
  expect(course4(editor)).toEqual(before)
})

test('a new course gets the next free number; a number another course has is refused at its field', async ({
  page,
  editor,
}) => {
  const head = editor.git('rev-parse', 'HEAD')
  await openSection(page, editor, 'Курсы')
  await page.getByRole('link', { name: 'Добавить: курс' }).tap()
  const id = page.getByLabel('Номер курса')
  await expect(id).toHaveValue(String(NEXT_ID))
  await id.fill('4')
  await expect(id).toHaveAccessibleDescription(
    new RegExp(`Номер 4 уже у курса «${SHIPPED.title}»\\. Свободный номер — ${NEXT_ID}\\.`),
  )
  await page.getByLabel('Название').fill('Робототехника')
  await saveButton(page).tap()
  await expect(page.getByRole('alert')).toContainText('Не сохранено')
  // Course 4 is still course 4, and no file was added.
  expect(editor.git('rev-parse', 'HEAD')).toBe(head)
  expect(course4(editor)).toMatchObject({ title: SHIPPED.title })
  expect(readdirSync(path.dirname(editor.content('courses/4.json'))).sort()).toEqual(
    courses.map(({ id: number }) => `${number}.json`).sort(),
  )
})

test('the next number is in the field before she can type in it, on a slow link too', async ({
  page,
  editor,
}) => {
  await logIn(page, editor)
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
  await page.goto(`${editor.url}/admin/#/new/courses`)
  // No field to type in while the number is not known.
  await expect(page.getByRole('status')).toHaveText('Открываем…')
  await expect(page.getByLabel('Номер курса')).toHaveCount(0)
  release()
  const id = page.getByLabel('Номер курса')
  await expect(id).toHaveValue(String(NEXT_ID))
  await id.fill('')
  await id.pressSequentially('25')
  await expect(id).toHaveValue('25')
})

test('the lists speak grammatical Russian and the courses are listed by number', async ({
  page,
  editor,
}) => {
  await openEntry(page, editor, 'courses/4.json')
  const { skills, plan } = course4(editor) as { skills: string[]; plan: string[] }
  const points = (count: number) => `${count} ${pluralRu(count, ['пункт', 'пункта', 'пунктов'])}`
  for (const list of [
    `Чему научится ребёнок: ${points(skills.length)}`,
    `Программа курса: ${points(plan.length)}`,
  ]) {
    const group = page.getByRole('group', { name: list, exact: true })
    await expect(group.getByRole('button', { name: 'Добавить пункт' }).last()).toBeVisible()
  }
  await expect(page.getByText('Старт (необязательно)')).toBeVisible()
  await expect(page.getByText(/необязательный|добавить программа/i)).toHaveCount(0)

  await openEntry(page, editor, 'prizes.json')
  const prizes = readContent(editor, 'prizes.json').items as unknown[]
  await expect(
    page.getByRole('group', {
      name: `Призы: ${prizes.length} ${pluralRu(prizes.length, ['приз', 'приза', 'призов'])}`,
    }),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Добавить приз' })).toBeVisible()

  // The facts still samples are chips named in Russian, never by their keys.
  await openEntry(page, editor, 'school.json')
  const demo = page.getByRole('group', { name: /^Ещё образец/ })
  await expect(demo.getByRole('checkbox')).toHaveCount(FACT_NAMES.length)
  await expect(demo.getByRole('checkbox', { name: 'Телефон', exact: true })).toBeChecked()
  await expect(
    demo.getByRole('checkbox', { name: FACT_NAME_LABELS.policiesEffectiveDate, exact: true }),
  ).toBeChecked()
  await expect(demo.getByText(/^(phone|address|policiesEffectiveDate)$/)).toHaveCount(0)
  await expect(page.getByText(/образец из репозитория|\bkB\b|\bKB\b/)).toHaveCount(0)

  await openSection(page, editor, 'Курсы')
  const titles = courses.toSorted((a, b) => a.id - b.id).map(({ id, title }) => `${id}. ${title}`)
  await expect(page.getByRole('main').getByRole('listitem')).toHaveText(titles)
})

test('a document chosen as a picture is refused with a message and never sent', async ({
  page,
  editor,
}) => {
  const pdf = path.join(editor.repo, '..', 'договор.pdf')
  writeFileSync(pdf, '%PDF-1.7\n%âãÏÓ\n')
  let sent = false
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.postData()?.includes('persist')) sent = true
  })
  await openEntry(page, editor, 'courses/4.json')
  const input = page.getByLabel('Заменить фото')
  await expect(input).toHaveAttribute('accept', /image\/png/)
  await input.setInputFiles(pdf)
  await expect(input).toHaveAccessibleDescription(
    /Файл «договор\.pdf» — не картинка\. Загрузите фотографию или рисунок в формате JPG, PNG, WebP или AVIF\./,
  )
  await saveButton(page).tap()
  await expect(page.getByRole('alert')).toContainText('Не сохранено')
  expect(sent).toBe(false)
  expect(editor.git('status', '--porcelain')).toBe('')
})

test('a hidden course says so above its form', async ({ page, editor }) => {
  await openEntry(page, editor, 'courses/4.json')
  await expect(page.getByText('Скрыт: на сайте его нет')).toHaveCount(0)
  await page.getByRole('checkbox', { name: /^Скрыть/ }).tap()
  await expect(page.getByText('Скрыт: на сайте его нет')).toBeVisible()
})
