import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { courses } from '#app/content/courses.ts'
import { teachers } from '#app/content/teachers.ts'
import { logIn, startEditorBackend, type EditorBackend } from './editor-backend.ts'

// The owner's teachers in the real editor (docs/decisions/0074-teachers-and-school-photos.md):
// the courses are picked by title, and the file keeps their numbers.

let editor: EditorBackend

test.describe.configure({ mode: 'serial' })
test.use({ actionTimeout: 15_000 })

test.beforeAll(async () => {
  editor = await startEditorBackend()
})

test.afterAll(async () => {
  await editor.stop()
})

const [teacher] = teachers
const added = courses.find((course) => !teacher?.courseIds.includes(course.id))
if (!teacher || !added)
  throw new Error('the content needs a sample teacher and a course they do not teach')

/** The teacher's file in the editor's repository as it is now; nothing while it is not written. */
function teacherFile(): Record<string, unknown> {
  try {
    return JSON.parse(
      readFileSync(editor.content(`teachers/${teacher?.id}.json`), 'utf8'),
    ) as Record<string, unknown>
  } catch {
    return {}
  }
}

test('«Ведёт курсы» lists the courses by title; the chosen one is saved as its number', async ({
  page,
}) => {
  await logIn(page, editor)
  await page.goto(`${editor.url}/admin/#/collections/teachers/entries/${teacher.id}`)
  await expect(page.getByLabel('Имя и фамилия')).toHaveValue(teacher.name)
  for (const id of teacher.courseIds) {
    const title = courses.find((course) => course.id === id)?.title ?? ''
    await expect(page.getByText(title, { exact: true }).first()).toBeVisible()
  }
  await page.getByLabel('Ведёт курсы').fill(added.title.slice(0, 8))
  await page.getByRole('option', { name: added.title }).click()
  await page.getByRole('button', { name: 'Опубликовать', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Опубликовать сейчас' }).click()
  await expect(page.getByText('Изменения сохранены')).toBeVisible()
  await expect
    .poll(() => teacherFile().courses)
    .toEqual([...teacher.courseIds.map(String), String(added.id)])
  expect(editor.git('log', '-1', '--format=%s')).toBe(`Правка: преподаватель ${teacher.name}`)
})
