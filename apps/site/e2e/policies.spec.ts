import { school } from '#app/config/school.ts'
import { formatRuDate } from '#app/content/policies/policy-context.ts'
import { TRIAL_POPUP_DELAY_MS } from '#app/features/trial-popup/dismissal.ts'
import { expect, finishQuiz, openQuiz, SAMPLE_QUIZ_ANSWERS, test } from './fixtures'
import { documentScrollWidth, elementsOutsideViewport } from './page-layout'

const SITE_URL = 'https://it-lab.test'

const POLICIES = [
  { path: '/privacy-policy', title: 'Политика конфиденциальности' },
  { path: '/personal-data-policy', title: 'Политика в отношении обработки персональных данных' },
  { path: '/cookie', title: 'Политика использования файлов cookie' },
  { path: '/consent', title: 'Согласие на обработку персональных данных' },
]

for (const policy of POLICIES) {
  test(`${policy.path} renders the full legal text with navigable headings`, async ({ page }) => {
    await page.goto(policy.path)
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1 })).toHaveCount(1)
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(policy.title)
    await expect(main).toContainText(`г. ${school.city}`)
    await expect(main).toContainText(`Редакция от ${formatRuDate(school.policiesEffectiveDate)}`)

    const text = (await main.textContent()) ?? ''
    expect(text, 'every placeholder is filled in').not.toContain('{{')
    expect(text).toContain(SITE_URL)

    // A table of contents whose links lead to the h2 sections.
    const toc = main.getByRole('navigation', { name: 'Содержание' })
    const links = toc.getByRole('link')
    const sections = main.locator('section')
    const count = await sections.count()
    expect(count).toBeGreaterThan(3)
    await expect(links).toHaveCount(count)
    const last = links.last()
    const target = ((await last.getAttribute('href')) ?? '').slice(1)
    await last.click()
    await expect(
      page.locator(`[id="${target}"]`).getByRole('heading', { level: 2 }),
    ).toBeInViewport()
  })
}

test('the personal data policy is numbered 1 to 6 and states its periods', async ({ page }) => {
  await page.goto('/personal-data-policy')
  const headings = await page.getByRole('main').locator('section > h2').allTextContents()
  expect(headings.map((heading) => heading.split('.')[0])).toEqual(['1', '2', '3', '4', '5', '6'])
  const text = (await page.getByRole('main').textContent()) ?? ''
  for (const period of [
    '24 часов',
    '72 часов',
    '3 рабочих дней',
    '7 рабочих дней',
    '10 рабочих дней',
    '30 дней',
    '3 лет',
  ]) {
    expect(text.replace(/\s+/g, ' '), period).toContain(period)
  }
})

test('the cookie policy says that «Понятно» is consent', async ({ page }) => {
  await page.goto('/cookie')
  await expect(page.getByRole('main')).toContainText('Нажимая кнопку «Понятно»')
})

test('the consent names the operator, what is sent where, the term and the withdrawal', async ({
  page,
}) => {
  await page.goto('/consent')
  const main = page.getByRole('main')
  await expect(main).toContainText(school.legalLine.split(',')[0] ?? '')
  await expect(main).toContainText(`ИНН ${school.owner.inn}`)
  for (const heading of [
    '1. Оператор',
    '2. Цели обработки',
    '3. Перечень персональных данных',
    '5. Кому передаются данные и где они находятся',
    '6. Срок действия и отзыв согласия',
  ]) {
    await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible()
  }
  // The e2e build: full Telegram notification, 180 days, Metrika on, Sentry on a server abroad
  // (each combination of these settings: policy-settings.spec.ts).
  await expect(main).toContainText('сообщение о каждой заявке: имя, номер телефона')
  await expect(main).toContainText('трансграничную передачу')
  await expect(main).toContainText('через 180 дней после получения')
  await expect(main).toContainText('Яндекс Метрика')
  await expect(main).toContainText('Sentry (сервер sentry.it-lab.test, Германия)')
  await expect(main).not.toContainText('реклам')
  await expect(main.getByText(/^Версия согласия: \d{4}-\d{2}-\d{2}\.[0-9a-f]{8}$/)).toBeVisible()
})

test('every key the site keeps in the browser during a visit is named in the cookie policy', async ({
  page,
}) => {
  // A visit that leaves every mark: 'Понятно', a finished quiz, the trial popup closed.
  const quiz = await openQuiz(page, new Date('2026-03-02T10:00:00+04:00'))
  await finishQuiz(page, quiz, SAMPLE_QUIZ_ANSWERS)
  await expect(quiz.getByRole('button', { name: 'Пройти тест заново' })).toBeVisible()
  await page.clock.runFor(TRIAL_POPUP_DELAY_MS)
  // Time flows again: React commits the lazily loaded popup on a timer of its own.
  await page.clock.resume()
  await page.getByRole('dialog').getByRole('button', { name: 'Закрыть' }).click()

  const kept = await page.evaluate(() => ({
    storage: [...Object.keys(localStorage), ...Object.keys(sessionStorage)],
    cookies: document.cookie,
  }))
  expect(kept.storage).toEqual(
    expect.arrayContaining(['cookieAccepted', 'trial_popup_dismissed_at', 'quiz_suggested_course']),
  )
  expect(kept.cookies, 'the site itself sets no cookie').toBe('')

  await page.goto('/cookie')
  const main = page.getByRole('main')
  await expect(main).toContainText('Сам Сайт файлов cookie не устанавливает.')
  for (const key of kept.storage) await expect(main).toContainText(`«${key}»`)
})

test.describe('narrow phone', () => {
  test.use({ viewport: { width: 320, height: 640 } })

  test('no policy page scrolls sideways at 320 px', async ({ page }) => {
    for (const policy of POLICIES) {
      await page.goto(policy.path)
      expect(await documentScrollWidth(page), policy.path).toBeLessThanOrEqual(320)
      expect(await elementsOutsideViewport(page), policy.path).toEqual([])
    }
  })
})
