// A site deployed with an 11th course before the service is: the running service has never heard
// of that course or its page, and must still take the lead, store it and deliver it to the chat
// with a warning (docs/behaviour.md, "Lead context"). The real service, a real SQLite file and
// the fake Telegram.
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { COURSE_CATALOGUE, leadQueryString } from '@it-lab/shared'
import { openLeadStore } from '../src/store/lead-store.ts'
import { startFakeTelegram } from '../harness/fake-telegram.ts'
import { eventually, tempDir } from './helpers.ts'
import { TEST_CONSENT } from '../harness/sample-leads.ts'
import { startService } from '../harness/service.ts'

const temp = tempDir()
afterAll(() => temp.remove())

const SITE = 'http://127.0.0.1:3000'
const NEW_COURSE = Math.max(...COURSE_CATALOGUE.map(({ id }) => id)) + 1
const NEW_PAGE = `/course/${NEW_COURSE}`

it("stores and delivers leads from a newer site's course page, posted as a form and as JSON", async () => {
  const fake = await startFakeTelegram()
  const dbPath = path.join(temp.dir, 'leads.sqlite')
  const service = await startService({
    LEADS_DB: dbPath,
    SITE_ORIGIN: SITE,
    TELEGRAM_BOT_TOKEN: fake.token,
    TELEGRAM_CHAT_ID: '1001',
    TELEGRAM_API_URL: fake.url,
    TELEGRAM_SEND_INTERVAL_MS: '0',
  })
  try {
    // What the newer site's page sends: its form's fields, then its script's JSON.
    const form = await fetch(`${service.url}/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE },
      body: new URLSearchParams({
        name: 'Форма',
        phone: '8 912 345-67-89',
        website: '',
        form: 'feedback',
        consent: TEST_CONSENT,
        course: String(NEW_COURSE),
        page: NEW_PAGE,
        quiz: '',
      }),
      redirect: 'manual',
    })
    expect(form.status).toBe(303)
    expect(form.headers.get('location')).toBe(`${SITE}/thanks`)
    const query = leadQueryString('feedback', '', TEST_CONSENT, {
      course: NEW_COURSE,
      quiz: NEW_COURSE,
      page: NEW_PAGE,
    })
    const json = await fetch(`${service.url}/send?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE },
      body: JSON.stringify({ name: 'Скрипт', phone: '+7 (912) 345-67-80' }),
    })
    expect(json.status).toBe(200)

    await eventually(() => expect(fake.messages).toHaveLength(2))
    for (const [message, name] of fake.messages.map(
      (m, i) => [m, ['Форма', 'Скрипт'][i]] as const,
    )) {
      expect(message.text).toContain(`<b>Имя:</b> ${name}`)
      expect(message.text).toContain(`<b>Курс:</b> курс №${NEW_COURSE}`)
      expect(message.text).toContain(
        `⚠️ Курса №${NEW_COURSE} нет в каталоге сервиса — обновите сервис`,
      )
      expect(message.text).toContain(`⚠️ Страница «${NEW_PAGE}» неизвестна сервису`)
    }
    expect(
      service.logs.filter((line) => line.msg === 'lead metadata unknown to this service'),
    ).toHaveLength(2)
  } finally {
    await service.stop()
    await fake.close()
  }
  const reader = openLeadStore(dbPath, { readOnly: true })
  expect(reader.list({ limit: 5 })).toMatchObject([
    { name: 'Скрипт', course: NEW_COURSE, quiz: NEW_COURSE, page: NEW_PAGE, status: 'sent' },
    {
      name: 'Форма',
      phone: '+7 (912) 345-67-89',
      course: NEW_COURSE,
      page: NEW_PAGE,
      status: 'sent',
    },
  ])
  reader.close()
})
