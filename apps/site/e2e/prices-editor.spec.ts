import type { Locator } from '@playwright/test'
import { openEntry, readContent, save } from './editor-page.ts'
import { expect, test } from './editor-test.ts'

// A course's prices in the owner's editor on her phone (docs/decisions/0087-a-month-is-its-lessons.md):
// under each price the other figure, counted from the course's own lessons a week; a month's
// price typed as a lesson's refused at its field in Russian; the month's price saved as typed.

// A content check runs on the save: minutes on a busy machine, seconds on a quiet one.
test.describe.configure({ mode: 'serial', timeout: 90_000 })
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, actionTimeout: 15_000 })

/** The figure under a price field, read as the owner reads it (no-break spaces as spaces). */
async function figureUnder(field: Locator): Promise<string | undefined> {
  const id = await field.getAttribute('id')
  const text = await field.page().locator(`#${id}-figure`).textContent()
  return text?.replace(/\s/g, ' ')
}

test('Python twice a week: she reads the month under a lesson’s price, then types the month and reads the lesson', async ({
  page,
  editor,
}) => {
  await openEntry(page, editor, 'courses/4.json')
  const month = page.getByRole('textbox', { name: 'Абонемент на 1 месяц' })
  await expect(month).toHaveValue('1\u00a0125')
  expect(await figureUnder(month)).toBe('= 9 000 ₽ в месяц при 2 занятиях в неделю')

  // A month's price typed as a lesson's: refused, and told where to say it is a month's.
  await month.fill('9 000')
  await month.blur()
  await expect(page.getByText('Абонемент не может стоить дороже разового посещения')).toContainText(
    'выберите «за месяц» в поле «Цены абонементов»',
  )

  await page.getByRole('combobox', { name: 'Цены абонементов' }).selectOption('за месяц')
  await expect
    .poll(() => figureUnder(month))
    .toBe('= 1 125 ₽ за занятие при 2 занятиях в неделю, 8 в месяц')
  // The others are months too now: 1 000 a month is 125 a lesson.
  const year = page.getByRole('textbox', { name: 'Полный курс' })
  await year.fill('7 200')
  await page.getByRole('textbox', { name: 'Абонемент от 4 месяцев' }).fill('8 000')
  await save(page)
  await expect
    .poll(() => readContent(editor, 'courses/4.json'))
    .toMatchObject({
      pricesPer: 'month',
      lessonsPerWeek: [2],
      prices: { basic: 1500, month: 9000, fourMonth: 8000, year: 7200 },
    })
})
