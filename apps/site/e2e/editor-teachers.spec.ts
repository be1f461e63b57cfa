import { courses } from '#app/content/courses.ts'
import { teachers } from '#app/content/teachers.ts'
import { openEntry, PHONE_SCREEN, readContent, save } from './editor-page.ts'
import { expect, test } from './editor-test.ts'

// The owner's teachers in her editor (docs/decisions/0074-teachers-and-school-photos.md): the
// courses a teacher leads are chips named by the courses' titles, and the file keeps their numbers.

test.describe.configure({ mode: 'serial', timeout: 120_000 })
test.use({ ...PHONE_SCREEN, actionTimeout: 15_000 })

const [teacher] = teachers
const added = courses.find((course) => !teacher?.courseIds.includes(course.id))
if (!teacher || !added)
  throw new Error('the content needs a sample teacher and a course they do not teach')

const chipName = (id: number) => `${id}. ${courses.find((course) => course.id === id)?.title}`

test('«Ведёт курсы» lists the courses by title; the chosen one is saved as its number', async ({
  page,
  editor,
}) => {
  await openEntry(page, editor, `teachers/${teacher.id}.json`)
  await expect(page.getByLabel('Имя и фамилия')).toHaveValue(teacher.name)
  const chips = page.getByRole('group', { name: 'Ведёт курсы (необязательно)' })
  // Every course is offered by its title, those the teacher leads ticked.
  await expect(chips.getByRole('checkbox')).toHaveCount(courses.length)
  for (const course of courses) {
    const chip = chips.getByRole('checkbox', { name: chipName(course.id), exact: true })
    if (teacher.courseIds.includes(course.id)) await expect(chip).toBeChecked()
    else await expect(chip).not.toBeChecked()
  }
  await chips.getByText(chipName(added.id), { exact: true }).tap()
  await expect(chips.getByRole('checkbox', { name: chipName(added.id) })).toBeChecked()
  await save(page)
  // Numbers, in the order the chips list the courses: by number.
  const expected = courses
    .map(({ id }) => id)
    .filter((id) => id === added.id || teacher.courseIds.includes(id))
    .toSorted((a, b) => a - b)
  await expect
    .poll(() => readContent(editor, `teachers/${teacher.id}.json`).courses)
    .toEqual(expected)
  expect(editor.git('log', '-1', '--format=%s')).toBe(`Правка: преподаватель ${teacher.name}`)
})
