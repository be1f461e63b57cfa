import { PAGE_TEXT_LIMITS as L, WEEKDAY_NAMES, WEEKDAYS } from '@it-lab/shared/content'
import { HOME_TEXTS } from '#app/content/home-texts.ts'
import { EDITOR_GIT, type EditorBackend } from './editor-backend.ts'
import { openEntry, PHONE_SCREEN, readContent, save } from './editor-page.ts'
import { expect, test } from './editor-test.ts'

// The page texts and the opening hours in the owner's editor (docs/decisions/0071-page-texts.md):
// she changes them in «Тексты страниц» and «Контакты и реквизиты», each save a commit of the
// file; a text longer than its limit, or with a word too long for a phone, is refused at its
// field before anything is saved.

test.describe.configure({ mode: 'serial', timeout: 120_000 })
test.use({ ...PHONE_SCREEN, actionTimeout: 15_000 })

const home = (editor: EditorBackend) => readContent(editor, 'pages/home.json') as typeof HOME_TEXTS

test('the owner changes the home page heading and a page title: each saved to its file by the editor', async ({
  page,
  editor,
}) => {
  await openEntry(page, editor, 'pages/home.json')
  // The first screen's «Заголовок», not a section's.
  const heading = page
    .getByRole('group', { name: 'Первый экран' })
    .getByLabel('Заголовок', { exact: true })
  await expect(heading).toHaveValue(HOME_TEXTS.hero.heading)
  await heading.fill('Научим ребёнка программировать — в Астрахани и онлайн')
  const before = editor.git('rev-parse', 'HEAD')
  await save(page)
  await expect.poll(() => editor.git('rev-parse', 'HEAD')).not.toBe(before)
  expect(home(editor).hero.heading).toBe('Научим ребёнка программировать — в Астрахани и онлайн')
  expect(editor.git('log', '-1', '--format=%ae')).toBe(EDITOR_GIT.email)
  expect(editor.git('log', '-1', '--format=%s')).toBe('Правка: тексты главной страницы')
  expect(editor.git('show', '--name-only', '--format=', 'HEAD')).toBe('content/pages/home.json')
  // The rest of the file is as it was.
  expect(home(editor).hero.tags).toEqual(HOME_TEXTS.hero.tags)
  expect(home(editor).quiz).toEqual(HOME_TEXTS.quiz)

  await openEntry(page, editor, 'pages/search.json')
  const title = page.getByRole('group', { name: 'Все курсы' }).getByLabel('Заголовок в поиске')
  await expect(title).toHaveValue('Курсы программирования для детей — IT Lab, Астрахань')
  await title.fill('Все курсы для детей 5–17 лет — IT Lab, Астрахань')
  await save(page)
  await expect
    .poll(() => (readContent(editor, 'pages/search.json').courses as { title: string }).title)
    .toBe('Все курсы для детей 5–17 лет — IT Lab, Астрахань')
})

test('a heading longer than its limit, or with a word too long for a phone, is refused at its field before saving', async ({
  page,
  editor,
}) => {
  const head = editor.git('rev-parse', 'HEAD')
  await openEntry(page, editor, 'pages/home.json')
  const heading = page
    .getByRole('group', { name: 'Первый экран' })
    .getByLabel('Заголовок', { exact: true })
  await expect(heading).toHaveValue(home(editor).hero.heading)
  const cases: [typed: string, rule: string][] = [
    ['Научим '.repeat(14).trim(), `Не длиннее ${L.heroHeading} знаков`],
    [
      'Научим ребёнка железнодорожникового дела',
      `Слово длиннее ${L.wordMax} букв не поместится на экране телефона: разбейте его или сократите`,
    ],
  ]
  for (const [typed, rule] of cases) {
    await heading.fill(typed)
    await expect(heading).toHaveAccessibleDescription(new RegExp(rule))
    await page.getByRole('button', { name: 'Сохранить', exact: true }).tap()
    await expect(page.getByRole('alert')).toContainText('Не сохранено: 1 поле нужно исправить')
    await expect(heading).toBeFocused()
    expect(editor.git('rev-parse', 'HEAD')).toBe(head)
  }
})

test('the owner adds opening hours: days as Russian chips, times as 10:00', async ({
  page,
  editor,
}) => {
  await openEntry(page, editor, 'school.json')
  await page.getByRole('button', { name: 'Добавить период' }).tap()
  const hours = page.getByRole('group', { name: /^Часы работы/ })
  await expect(hours.getByRole('group').first()).toBeVisible()
  const days = hours.getByRole('group', { name: 'Дни', exact: true })
  for (const day of WEEKDAYS.slice(0, 5)) {
    await days.getByText(WEEKDAY_NAMES[day], { exact: true }).tap()
  }
  await expect(days.getByRole('checkbox', { checked: true })).toHaveCount(5)
  await hours.getByLabel('С', { exact: true }).fill('10:00')
  await hours.getByLabel('До', { exact: true }).fill('20:00')
  // A screen reader hears Russian: no name of a control is a field's key or an English word.
  const names = await page
    .locator('[aria-label]')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label')))
  expect(names.filter((name) => /[A-Za-z]{3}/.test(name ?? ''))).toEqual([])
  const before = editor.git('rev-parse', 'HEAD')
  await save(page)
  await expect.poll(() => editor.git('rev-parse', 'HEAD')).not.toBe(before)
  expect(readContent(editor, 'school.json').openingHours).toEqual([
    {
      days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      opens: '10:00',
      closes: '20:00',
    },
  ])
})
