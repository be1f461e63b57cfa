import { readdirSync, readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { courseEntry } from '@it-lab/shared/catalogue'
import { GROUPS } from '#app/content/groups.ts'
import { startEditorBackend, type EditorBackend } from './editor-backend.ts'
import { openEntry } from './editor-page.ts'

// The owner keeps the timetable in the editor (docs/decisions/0075-groups-and-trials.md): a new
// group through «Группы», written as the schema reads it and committed in her words, and the seats
// of a sample group brought down to 0.

let editor: EditorBackend

test.describe.configure({ mode: 'serial' })
test.use({ actionTimeout: 15_000 })

test.beforeAll(async () => {
  editor = await startEditorBackend()
})

test.afterAll(async () => {
  await editor.stop()
})

const groupFiles = () => readdirSync(editor.content('groups')).filter((f) => f.endsWith('.json'))

async function publishSaved(page: Page): Promise<void> {
  await expect(page.getByText('Несохранённые изменения')).toBeVisible()
  await page.getByRole('button', { name: 'Опубликовать', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Опубликовать сейчас' }).click()
  await expect(page.getByText('Изменения сохранены')).toBeVisible()
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label).fill(option)
  await page.keyboard.press('Enter')
}

test('a new group: the course from the list, days, times, ages, format, place and seats', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const course = courseEntry(1)
  if (!course) throw new Error('course 1 is shipped')
  const before = groupFiles()
  await openEntry(page, editor, 'groups/new')
  await choose(page, 'Курс', course.title)
  await choose(page, 'Дни занятий', 'Вторник')
  await choose(page, 'Дни занятий', 'Пятница')
  await page.getByLabel('Начало занятия').fill('15:00')
  await page.getByLabel('Конец занятия').fill('16:30')
  await page.getByLabel('Возраст от').fill('11')
  await page.getByLabel('Возраст до').fill('13')
  await choose(page, 'Формат', 'Оффлайн')
  await page.getByLabel('Где занимаются').fill('кабинет 3')
  await page.getByLabel('Свободных мест').fill('6')
  await publishSaved(page)

  await expect.poll(() => groupFiles().length).toBe(before.length + 1)
  const [added] = groupFiles().filter((file) => !before.includes(file))
  expect(added).toMatch(/^kurs-1-[\d-]+\.json$/)
  expect(JSON.parse(readFileSync(editor.content(`groups/${added}`), 'utf8'))).toMatchObject({
    course: '1',
    days: ['Tuesday', 'Friday'],
    start: '15:00',
    end: '16:30',
    ageMin: 11,
    ageMax: 13,
    format: 'Оффлайн',
    place: 'кабинет 3',
    seats: 6,
  })
  expect(editor.git('log', '-1', '--format=%s')).toBe('Новое: группа курса 1, 15:00–16:30')
})

test('the seats of a group brought to 0: the waiting list', async ({ page }) => {
  test.setTimeout(120_000)
  const group = GROUPS.find(({ seats }) => seats > 0)
  if (!group) throw new Error('a sample group has seats')
  await openEntry(page, editor, `groups/entries/${group.id}`)
  await expect(page.getByLabel('Свободных мест')).toHaveValue(String(group.seats))
  await page.getByLabel('Свободных мест').fill('0')
  await publishSaved(page)
  await expect
    .poll(
      () =>
        (
          JSON.parse(readFileSync(editor.content(`groups/${group.id}.json`), 'utf8')) as {
            seats: number
          }
        ).seats,
    )
    .toBe(0)
  expect(editor.git('log', '-1', '--format=%s')).toBe(
    `Правка: группа курса ${group.course}, ${group.start}–${group.end}`,
  )
})
