import { isConsentVersion } from '@it-lab/shared'
import type { Page } from '@playwright/test'
import { LEAD_API_URL } from './e2e-env.ts'
import { expect, reachedGoals, test, type LeadForm } from './fixtures'
import { storedLeads, uniqueName } from './leads-db'
import { thanksText, TRIAL_DETAILS, trialDetailLines } from '#app/content/trial-details.ts'

const SEND_URL = `${LEAD_API_URL}/send**`
const SUBMIT_ERROR = 'Произошла ошибка при отправке. Пожалуйста, попробуйте позже.'

async function openContactForm(page: Page, leadForm: LeadForm) {
  await page.goto('/')
  await page.getByRole('button', { name: 'Понятно' }).click()
  return leadForm()
}

/** The version the consent page shows under its text. */
async function shownConsentVersion(page: Page): Promise<string> {
  await page.goto('/consent')
  const line = await page.getByText(/^Версия согласия:/).textContent()
  return (line ?? '').replace('Версия согласия:', '').trim()
}

test('a lead typed on the site reaches the real service and its database', async ({
  page,
  leadForm,
}) => {
  const consentVersion = await shownConsentVersion(page)
  expect(isConsentVersion(consentVersion)).toBe(true)
  const form = await openContactForm(page, leadForm)
  const name = uniqueName('Мария')
  await form.getByLabel('Имя').fill(name)
  await form.getByLabel('Телефон').pressSequentially('9123456789')
  await expect(form.getByLabel('Телефон')).toHaveValue('+7 (912) 345-67-89')

  const request = page.waitForRequest(SEND_URL)
  await form.getByRole('button', { name: 'Оставить заявку' }).click()
  const sent = await request
  expect(sent.method()).toBe('POST')
  // Beside the name and phone, only where the visit began (docs/decisions/0078): typed in here.
  expect(sent.postDataJSON()).toEqual({
    name,
    phone: '+7 (912) 345-67-89',
    source: { visit: { landing: '/consent' } },
  })
  const query = new URL(sent.url()).searchParams
  expect(query.get('form')).toBe('feedback')
  expect(query.get('consent')).toBe(consentVersion)

  const thanks = page.getByRole('dialog', { name: thanksText() })
  await expect(thanks).toBeVisible()
  // When the school calls back is the heading; the trial's other details follow (docs/decisions/0089).
  await expect(thanks.getByRole('listitem')).toHaveText(
    trialDetailLines(TRIAL_DETAILS, { callBack: false }).map(({ text }) => text),
  )
  await expect(form.getByLabel('Имя')).toHaveValue('')
  await expect(form.getByLabel('Телефон')).toHaveValue('')
  expect(await reachedGoals(page)).toContain('sendForm')

  const rows = storedLeads(name)
  expect(rows).toHaveLength(1)
  expect(rows[0]).toMatchObject({
    phone: '+7 (912) 345-67-89',
    form: 'feedback',
    consent_version: consentVersion,
  })
  // Neither the IP address nor the User-Agent is stored.
  expect(Object.keys(rows[0] ?? {})).not.toContain('client_ip')
  expect(Object.keys(rows[0] ?? {})).not.toContain('user_agent')

  await thanks.getByRole('button', { name: 'Закрыть' }).click()
  await expect(thanks).toBeHidden()
})

test("while sending: 'Отправка...' with the button and inputs disabled", async ({
  page,
  leadForm,
}) => {
  const form = await openContactForm(page, leadForm)
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(SEND_URL, async (route) => {
    await held
    await route.continue()
  })
  await form.getByLabel('Имя').fill(uniqueName('Пётр'))
  await form.getByLabel('Телефон').fill('+7 (900) 111-22-33')
  await form.getByRole('button', { name: 'Оставить заявку' }).click()

  const button = form.getByRole('button', { name: 'Отправка...' })
  await expect(button).toBeDisabled()
  await expect(form.getByLabel('Имя')).toBeDisabled()
  await expect(form.getByLabel('Телефон')).toBeDisabled()
  release()
  await expect(page.getByRole('dialog', { name: /Спасибо!/ })).toBeVisible()
})

test('required fields, the phone rule, and typing clears the name error', async ({
  page,
  leadForm,
}) => {
  const form = await openContactForm(page, leadForm)
  let requests = 0
  page.on('request', (request) => {
    if (request.url().startsWith(LEAD_API_URL)) requests += 1
  })
  await form.getByRole('button', { name: 'Оставить заявку' }).click()
  await expect(form.getByText('Введите имя')).toBeVisible()
  await expect(form.getByText('Введите номер телефона')).toBeVisible()
  await expect(form.getByLabel('Имя')).toHaveAttribute('aria-invalid', 'true')

  await form.getByLabel('Имя').pressSequentially('А')
  await expect(form.getByText('Введите имя')).toBeHidden()

  await form.getByLabel('Телефон').pressSequentially('91234')
  await expect(form.getByLabel('Телефон')).toHaveValue('+7 (912) 34')
  await form.getByRole('button', { name: 'Оставить заявку' }).click()
  await expect(form.getByText('Введите корректный номер телефона')).toBeVisible()
  expect(requests).toBe(0)
})

test('the name is limited to 32 characters and the phone input ignores letters', async ({
  page,
  leadForm,
}) => {
  const form = await openContactForm(page, leadForm)
  await form.getByLabel('Имя').fill('Я'.repeat(40))
  await expect(form.getByLabel('Имя')).toHaveValue('Я'.repeat(32))
  await form.getByLabel('Телефон').pressSequentially('9a1б2')
  await expect(form.getByLabel('Телефон')).toHaveValue('+7 (912')
  await expect(form.getByLabel('Телефон')).toHaveAttribute('type', 'tel')
  await expect(form.getByLabel('Телефон')).toHaveAttribute('inputmode', 'tel')
})

test('a non-ok answer shows the error under the phone field and keeps the values', async ({
  page,
  leadForm,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 500/)
  const form = await openContactForm(page, leadForm)
  await page.route(SEND_URL, (route) => route.fulfill({ status: 500, body: 'boom' }))
  const name = uniqueName('Ольга')
  await form.getByLabel('Имя').fill(name)
  await form.getByLabel('Телефон').fill('+7 (900) 222-33-44')
  await form.getByRole('button', { name: 'Оставить заявку' }).click()

  await expect(form.getByText(SUBMIT_ERROR)).toBeVisible()
  await expect(form.getByLabel('Телефон')).toHaveAccessibleDescription(SUBMIT_ERROR)
  await expect(form.getByLabel('Имя')).toHaveValue(name)
  await expect(form.getByLabel('Телефон')).toHaveValue('+7 (900) 222-33-44')
  await expect(form.getByRole('button', { name: 'Оставить заявку' })).toBeEnabled()
  await expect(page.getByRole('dialog')).toBeHidden()
  expect(await reachedGoals(page)).not.toContain('sendForm')
})

test('a network failure shows the same error and keeps the values', async ({
  page,
  leadForm,
  allowConsoleError,
}) => {
  allowConsoleError(/net::ERR_FAILED/)
  const form = await openContactForm(page, leadForm)
  await page.route(SEND_URL, (route) => route.abort('failed'))
  const name = uniqueName('Игорь')
  await form.getByLabel('Имя').fill(name)
  await form.getByLabel('Телефон').fill('+7 (900) 333-44-55')
  await form.getByRole('button', { name: 'Оставить заявку' }).click()
  await expect(form.getByText(SUBMIT_ERROR)).toBeVisible()
  await expect(form.getByLabel('Имя')).toHaveValue(name)
  await expect(form.getByLabel('Телефон')).toHaveValue('+7 (900) 333-44-55')
})

test('the honeypot is hidden from people, and a bot filling it is dropped', async ({
  page,
  leadForm,
}) => {
  const form = await openContactForm(page, leadForm)
  await expect(form.getByRole('textbox')).toHaveCount(2)
  const honeypot = form.locator('input[name="website"]')
  await expect(honeypot).not.toBeInViewport()
  await expect(honeypot).toHaveAttribute('tabindex', '-1')

  const name = uniqueName('Бот')
  await form.getByLabel('Имя').fill(name)
  await form.getByLabel('Телефон').fill('+7 (900) 444-55-66')
  await honeypot.fill('http://spam.example', { force: true })
  const request = page.waitForRequest(SEND_URL)
  await form.getByRole('button', { name: 'Оставить заявку' }).click()
  const sent = await request
  expect(sent.postDataJSON()).toEqual({
    name,
    phone: '+7 (900) 444-55-66',
    source: { visit: { landing: '/' } },
  })
  expect(new URL(sent.url()).searchParams.get('website')).toBe('http://spam.example')
  await expect(page.getByRole('dialog', { name: /Спасибо!/ })).toBeVisible()
  expect(storedLeads(name)).toHaveLength(0)
})

test('the note under the form links to the consent and the policy, each in a new tab', async ({
  page,
  leadForm,
}) => {
  const form = await openContactForm(page, leadForm)
  const consent = form.getByRole('link', { name: 'согласие на обработку персональных данных' })
  await expect(consent).toHaveAttribute('href', '/consent')
  await expect(consent).toHaveAttribute('target', '_blank')
  const policy = form.getByRole('link', { name: 'Политикой обработки персональных данных' })
  await expect(policy).toHaveAttribute('href', '/personal-data-policy')
  const opened = page.waitForEvent('popup')
  await consent.click()
  const tab = await opened
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText(
    'Согласие на обработку персональных данных',
  )
})
