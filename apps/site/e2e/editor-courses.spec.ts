import { existsSync } from 'node:fs'
import { traitQuestion } from '#app/content/quiz-texts.ts'
import type { EditorBackend } from './editor-backend.ts'
import { openEntry, readContent, save } from './editor-page.ts'
import { expect, test } from './editor-test.ts'

// The owner's courses in her editor (docs/decisions/0069-hidden-courses-quiz-data.md, 0086): she
// hides one and shows it again, reorders and edits the items of a list, ticks the quiz's answers
// for one by their Russian texts, gives one a new number (never one another course has), and
// deletes one, whose picture goes with it and comes back with it.

// Minutes on a busy machine (a content check runs on every save); seconds on a quiet one.
test.describe.configure({ mode: 'serial', timeout: 90_000 })
test.use({ actionTimeout: 15_000 })

const course = (editor: EditorBackend, id: number) => readContent(editor, `courses/${id}.json`)
const titleOf = (editor: EditorBackend, id: number) => String(course(editor, id).title)

/** The answers course `id` ticks for a quiz question, as its file says now. */
function ticked(editor: EditorBackend, id: number, question: string): string[] {
  const quiz = course(editor, id).quiz as Record<string, string[] | null> | undefined
  return quiz?.[question] ?? []
}

test('«Скрыть с сайта» hides a course, marked «скрыт» in the list; unticked, it is shown again', async ({
  page,
  editor,
}) => {
  await openEntry(page, editor, 'courses/1.json')
  const hide = page.getByRole('checkbox', { name: 'Скрыть с сайта' })
  await expect(hide).not.toBeChecked()
  await hide.check()
  await expect(page.getByText('Скрыт: на сайте его нет')).toBeVisible()
  await save(page)
  await expect.poll(() => course(editor, 1).hidden).toBe(true)
  await page.getByRole('link', { name: '← Курсы' }).click()
  await expect(page.getByRole('link', { name: /^1\. / })).toContainText('скрыт')

  await openEntry(page, editor, 'courses/1.json')
  await expect(hide).toBeChecked()
  await expect(page.getByText('Скрыт: на сайте его нет')).toBeVisible()
  await hide.uncheck()
  await expect(page.getByText('Скрыт: на сайте его нет')).toBeHidden()
  await save(page)
  await expect.poll(() => course(editor, 1).hidden).toBe(false)
  await page.getByRole('link', { name: '← Курсы' }).click()
  await expect(page.getByRole('link', { name: /^1\. / })).not.toContainText('скрыт')
})

test('a list’s items show their own text; «Ниже», «Удалить» and «Добавить пункт» change the saved list', async ({
  page,
  editor,
}) => {
  const skills = course(editor, 2).skills as string[]
  const [first = '', second = '', third = ''] = skills
  await openEntry(page, editor, 'courses/2.json')
  const list = page.getByRole('group', { name: /^Чему научится ребёнок: / })
  await expect(list).toHaveAccessibleName(
    new RegExp(`^Чему научится ребёнок: ${skills.length} пункт`),
  )
  for (const [index, skill] of skills.entries()) {
    await expect(list.getByRole('textbox', { name: `Пункт ${index + 1}` })).toHaveValue(skill)
  }

  await list.getByRole('button', { name: 'Ниже' }).first().click()
  await expect(list.getByRole('textbox', { name: 'Пункт 1' })).toHaveValue(second)
  await expect(list.getByRole('textbox', { name: 'Пункт 2' })).toHaveValue(first)
  await list.getByRole('button', { name: 'Удалить пункт 3' }).click()
  await expect(list.getByRole('textbox', { name: 'Пункт 3' })).not.toHaveValue(third)
  await list.getByRole('button', { name: 'Добавить пункт' }).click()
  await list
    .getByRole('textbox', { name: `Пункт ${skills.length}` })
    .fill('Рассказывать о своём проекте другим')
  await save(page)
  await expect
    .poll(() => course(editor, 2).skills)
    .toEqual([second, first, ...skills.slice(3), 'Рассказывать о своём проекте другим'])
})

test("the quiz's answers for a course are ticked by their Russian texts, and cleared", async ({
  page,
  editor,
}) => {
  const interest = traitQuestion('interest')
  const [answer] = interest.options.filter(
    (option) => !ticked(editor, 2, 'interest').includes(option.id),
  )
  if (!answer) throw new Error('course 2 already ticks every interest')
  await openEntry(page, editor, 'courses/2.json')
  const interests = page.getByRole('group', { name: new RegExp(`^${interest.question}`) })
  await interests.getByText(answer.text, { exact: true }).click()
  await expect(interests.getByRole('checkbox', { name: answer.text })).toBeChecked()
  await save(page)
  await expect.poll(() => ticked(editor, 2, 'interest')).toContain(answer.id)

  // Every answer of a question taken off: the file says none, which the site reads as none.
  const learning = traitQuestion('learning')
  const answers = learning.options.filter((option) =>
    ticked(editor, 2, 'learning').includes(option.id),
  )
  expect(answers.length).toBeGreaterThan(0)
  await openEntry(page, editor, 'courses/2.json')
  const ways = page.getByRole('group', { name: new RegExp(`^${learning.question}`) })
  for (const option of answers) await ways.getByText(option.text, { exact: true }).click()
  await expect(ways.getByRole('checkbox', { checked: true })).toHaveCount(0)
  await save(page)
  await expect.poll(() => ticked(editor, 2, 'learning')).toEqual([])
  expect(ticked(editor, 2, 'interest')).toContain(answer.id)
})

test('a number another course has is refused at its field and nothing is written; a free one renames the course', async ({
  page,
  editor,
}) => {
  const head = editor.git('rev-parse', 'HEAD')
  const python = course(editor, 4)
  await openEntry(page, editor, 'courses/9.json')
  const number = page.getByRole('textbox', { name: 'Номер курса (в адресе страницы)' })
  await number.fill('4')
  await expect(number).toHaveAccessibleDescription(
    new RegExp(`Номер 4 уже у курса «${titleOf(editor, 4)}»\\. Свободный номер — 11\\.`),
  )
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click()
  await expect(page.getByRole('alert')).toContainText('Не сохранено: 1 поле нужно исправить')
  expect(editor.git('rev-parse', 'HEAD')).toBe(head)
  expect(course(editor, 4)).toEqual(python)

  // A new course's number, taken, is refused the same way: it would replace course 4's file.
  await page.goto(`${editor.url}/admin/#/new/courses`)
  const newNumber = page.getByRole('textbox', { name: 'Номер курса (в адресе страницы)' })
  await expect(newNumber).toHaveValue('11')
  await newNumber.fill('4')
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click()
  await expect(newNumber).toHaveAccessibleDescription(/Номер 4 уже у курса/)
  expect(editor.git('rev-parse', 'HEAD')).toBe(head)

  const title = titleOf(editor, 9)
  await openEntry(page, editor, 'courses/9.json')
  await number.fill('12')
  await save(page)
  await expect(page).toHaveURL(/#\/e\/content\/courses\/12\.json$/)
  await expect.poll(() => existsSync(editor.content('courses/9.json'))).toBe(false)
  expect(course(editor, 12)).toMatchObject({ id: 12, title })
  expect(
    editor.git('show', '--no-renames', '--name-only', '--format=', 'HEAD').split('\n').sort(),
  ).toEqual(['content/courses/12.json', 'content/courses/9.json'].sort())
})

test('«Удалить запись» deletes a course and its picture in one commit; «Вернуть» brings both back', async ({
  page,
  editor,
}) => {
  const title = titleOf(editor, 3)
  const picture = `uploads/${String(course(editor, 3).image).replace('/uploads/', '')}`
  expect(existsSync(editor.content(picture))).toBe(true)
  const commits = Number(editor.git('rev-list', '--count', 'HEAD'))
  await openEntry(page, editor, 'courses/3.json')
  await page.getByRole('button', { name: 'Удалить запись' }).click()
  await page
    .getByRole('dialog', { name: `Удалить «${title}»?` })
    .getByRole('button', { name: 'Да, удалить' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Курсы' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'удалена' })).toContainText(
    `Запись «${title}» удалена.`,
  )
  await expect(page.getByRole('link', { name: new RegExp(`^3\\. `) })).toHaveCount(0)
  await expect.poll(() => existsSync(editor.content('courses/3.json'))).toBe(false)
  expect(existsSync(editor.content(picture))).toBe(false)
  expect(Number(editor.git('rev-list', '--count', 'HEAD'))).toBe(commits + 1)
  expect(
    editor.git('show', '--no-renames', '--name-only', '--format=', 'HEAD').split('\n').sort(),
  ).toEqual(['content/courses/3.json', `content/${picture}`].sort())

  await page.goto(`${editor.url}/admin/#/deleted`)
  await page.getByRole('button', { name: `Вернуть: курс «${title}»` }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await expect.poll(() => existsSync(editor.content('courses/3.json'))).toBe(true)
  expect(existsSync(editor.content(picture))).toBe(true)
  await expect(page.getByRole('img', { name: 'Картинка: выбранное фото' })).toBeVisible()
})
