import { readdirSync } from 'node:fs'
import { courseEntry } from '@it-lab/shared/catalogue'
import { WEEKDAY_NAMES, WEEKDAY_SHORT, WEEKDAYS } from '@it-lab/shared/content'
import { GROUPS } from '#app/content/groups.ts'
import type { EditorBackend } from './editor-backend.ts'
import {
  expectNoSidewaysScroll,
  openEntry,
  openSection,
  PHONE_SCREEN,
  readContent,
  save,
} from './editor-page.ts'
import { expect, test } from './editor-test.ts'

// The owner keeps the timetable in the editor on her phone (docs/decisions/0075-groups-and-trials.md,
// 0086): a new group through «Группы» with its days as chips, written as the schema reads it and
// committed in her words; an impossible date refused at its field; the list telling the groups
// apart by course, days, time and seats; a sample group's seats brought down to 0.

test.describe.configure({ mode: 'serial', timeout: 120_000 })
test.use({ ...PHONE_SCREEN, actionTimeout: 15_000 })

const groupFiles = (editor: EditorBackend) =>
  readdirSync(editor.content('groups')).filter((f) => f.endsWith('.json'))
const WORKDAYS = WEEKDAYS.slice(0, 5)

test('a new group: the course from the list, days as chips, times, ages, format, place and seats', async ({
  page,
  editor,
}) => {
  const course = courseEntry(4)
  if (!course) throw new Error('course 4 is shipped')
  const before = groupFiles(editor)
  const head = editor.git('rev-parse', 'HEAD')
  await openSection(page, editor, 'Группы')
  await page.getByRole('link', { name: 'Добавить: группа' }).tap()
  await expect(page.getByRole('heading', { level: 1, name: 'Новая запись: группа' })).toBeVisible()
  await page.getByLabel('Курс', { exact: true }).selectOption({ label: `4. ${course.title}` })

  // Each day is a chip of its own: five taps for Monday to Friday, and a tap never takes
  // another day off; a tap on a ticked day takes that day alone off.
  const days = page.getByRole('group', { name: 'Дни занятий' })
  await expect(days.getByRole('checkbox')).toHaveCount(7)
  const expectTicked = async (ticked: readonly string[]) => {
    for (const day of WEEKDAYS) {
      const chip = days.getByRole('checkbox', { name: WEEKDAY_NAMES[day], exact: true })
      if (ticked.includes(day)) await expect(chip).toBeChecked()
      else await expect(chip).not.toBeChecked()
    }
  }
  for (const [index, day] of WORKDAYS.entries()) {
    await days.getByText(WEEKDAY_NAMES[day], { exact: true }).tap()
    await expectTicked(WORKDAYS.slice(0, index + 1))
  }
  // The course meets twice a week: Tuesday and Thursday stay.
  for (const day of ['Monday', 'Wednesday', 'Friday'] as const) {
    await days.getByText(WEEKDAY_NAMES[day], { exact: true }).tap()
  }
  await expectTicked(['Tuesday', 'Thursday'])
  await page.getByLabel('Начало занятия').fill('15:00')
  await page.getByLabel('Конец занятия').fill('16:30')
  await page.getByLabel('Возраст от').fill('14')
  await page.getByLabel('Возраст до').fill('16')
  await page.getByLabel('Формат').selectOption({ label: 'Оффлайн' })
  await page.getByLabel('Где занимаются (необязательно)').fill('кабинет 3')
  await page.getByLabel('Свободных мест').fill('0')

  // 31 February is refused at its field as it is typed, and «Сохранить» saves nothing.
  const start = page.getByLabel('Старт группы (необязательно)')
  await start.pressSequentially('31022027')
  await expect(start).toHaveValue('31.02.2027')
  await expect(start).toHaveAccessibleDescription(/Такой даты нет в календаре: 31\.02\.2027\./)
  await expect(start).toHaveAttribute('aria-invalid', 'true')
  await page.getByRole('button', { name: 'Сохранить', exact: true }).tap()
  await expect(page.getByRole('alert')).toContainText('Не сохранено: 1 поле нужно исправить')
  await expect(start).toBeFocused()
  expect(editor.git('rev-parse', 'HEAD')).toBe(head)
  expect(groupFiles(editor)).toEqual(before)

  await start.fill('')
  await start.pressSequentially('01092027')
  await expect(start).not.toHaveAttribute('aria-invalid')
  await expectNoSidewaysScroll(page)
  await save(page)

  await expect.poll(() => groupFiles(editor).length).toBe(before.length + 1)
  const [added = ''] = groupFiles(editor).filter((file) => !before.includes(file))
  expect(added).toMatch(/^kurs-4-\d{8}-\d{6}\.json$/)
  expect(readContent(editor, `groups/${added}`)).toMatchObject({
    course: 4,
    days: ['Tuesday', 'Thursday'],
    start: '15:00',
    end: '16:30',
    ageMin: 14,
    ageMax: 16,
    format: 'Оффлайн',
    place: 'кабинет 3',
    startDate: '2027-09-01',
    seats: 0,
    order: 0,
    sample: false,
  })
  expect(editor.git('log', '-1', '--format=%s')).toBe('Новое: группа курса 4, 15:00–16:30')

  // The list tells it from the others: its course, days, time and «мест нет».
  await page.getByRole('link', { name: '← Группы' }).tap()
  await expect(
    page.getByRole('link', { name: `${course.title} Вт, Чт 15:00–16:30, мест нет` }),
  ).toBeVisible()
  await expectNoSidewaysScroll(page)
})

test('the seats of a group brought to 0: the waiting list, and the list says «мест нет»', async ({
  page,
  editor,
}) => {
  const group = GROUPS.find(({ seats }) => seats > 0)
  if (!group) throw new Error('a sample group has seats')
  const title = courseEntry(group.course)?.title ?? ''
  const line = (seats: string) =>
    `${title} ${group.days.map((day) => WEEKDAY_SHORT[day]).join(', ')} ${group.start}–${group.end}, ${seats}`
  await openSection(page, editor, 'Группы')
  await expect(page.getByRole('link', { name: line(`мест: ${group.seats}`) })).toBeVisible()

  await openEntry(page, editor, `groups/${group.id}.json`)
  const seats = page.getByLabel('Свободных мест')
  await expect(seats).toHaveValue(String(group.seats))
  await seats.fill('0')
  await save(page)
  await expect.poll(() => readContent(editor, `groups/${group.id}.json`).seats).toBe(0)
  expect(editor.git('log', '-1', '--format=%s')).toBe(
    `Правка: группа курса ${group.course}, ${group.start}–${group.end}`,
  )
  await page.getByRole('link', { name: '← Группы' }).tap()
  await expect(page.getByRole('link', { name: line('мест нет') })).toBeVisible()
})
