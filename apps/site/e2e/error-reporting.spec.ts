import type { Page, Request } from '@playwright/test'
import { LEAD_API_URL } from './e2e-env.ts'
import { expect, SENTRY_ORIGIN, test, type LeadForm } from './fixtures'
import { storedLeads, uniqueName } from './leads-db'

// Sentry starts only when a lead could not be sent and reports only that error
// (docs/decisions/0026-sentry-only-on-a-send-error.md). The e2e build has a Sentry DSN.

const SEND_URL = `${LEAD_API_URL}/send**`
const SUBMIT_ERROR = 'Произошла ошибка при отправке. Пожалуйста, попробуйте позже.'

/** Every request the page makes to the Sentry server, from now on. */
function sentryRequests(page: Page): Request[] {
  const requests: Request[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(SENTRY_ORIGIN)) requests.push(request)
  })
  return requests
}

/** What the page keeps in both storages and whether the Sentry SDK has started. */
function browserState(page: Page) {
  return page.evaluate(() => ({
    storage: [...Object.keys(localStorage), ...Object.keys(sessionStorage)],
    sentryStarted: '__SENTRY__' in window,
  }))
}

async function sendContactForm(leadForm: LeadForm, name: string, phone: string) {
  const form = await leadForm()
  await form.getByLabel('Имя').fill(name)
  await form.getByLabel('Телефон').fill(phone)
  await form.getByRole('button', { name: 'Оставить заявку' }).click()
  return form
}

test('nothing goes to Sentry before a send fails: not on load, not after «Понятно», not on a sent lead', async ({
  page,
  leadForm,
}) => {
  const requests = sentryRequests(page)
  await page.goto('/')
  // Idle tasks (analytics, fonts) have run and their requests have settled.
  await page.waitForLoadState('networkidle')
  await page.getByRole('button', { name: 'Понятно' }).click()
  await page.waitForLoadState('networkidle')

  const name = uniqueName('Вера')
  await sendContactForm(leadForm, name, '+7 (900) 555-66-77')
  await expect(page.getByRole('dialog', { name: /Спасибо!/ })).toBeVisible()
  expect(storedLeads(name)).toHaveLength(1)
  await page.waitForLoadState('networkidle')

  expect(requests.map((request) => request.url())).toEqual([])
  const state = await browserState(page)
  expect(state.sentryStarted).toBe(false)
  expect(state.storage.filter((key) => /sentry/i.test(key))).toEqual([])
})

test('a failed send reports that one error, with its form and without the name, phone or a replay', async ({
  page,
  leadForm,
  allowConsoleError,
}) => {
  allowConsoleError(/status of 500/)
  const requests = sentryRequests(page)
  await page.goto('/')
  await page.getByRole('button', { name: 'Понятно' }).click()
  await page.route(SEND_URL, (route) => route.fulfill({ status: 500, body: 'boom' }))

  const name = uniqueName('Пётр')
  const form = await sendContactForm(leadForm, name, '+7 (900) 666-77-88')
  await expect(form.getByText(SUBMIT_ERROR)).toBeVisible()
  await expect.poll(() => requests.length).toBe(1)
  await page.waitForLoadState('networkidle')
  expect(requests, 'one envelope: the error, no session or replay').toHaveLength(1)

  const envelope = requests[0]?.postData() ?? ''
  expect(envelope).toContain('Ошибка отправки: 500 boom')
  expect(envelope).toContain('"form":"feedback"')
  for (const personal of [name, '666-77-88', '9006667788']) {
    expect(envelope).not.toContain(personal)
  }
  const itemTypes = envelope.split('\n').flatMap((line) => {
    const type = (JSON.parse(line || '{}') as { type?: unknown }).type
    return typeof type === 'string' ? [type] : []
  })
  expect(itemTypes).toEqual(['event'])

  const state = await browserState(page)
  expect(state.sentryStarted).toBe(true)
  expect(state.storage.filter((key) => /sentry/i.test(key))).toEqual([])
})
