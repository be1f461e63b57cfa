import { describe, expect, it } from 'vitest'
import type { LeadRow } from '../store/rows.ts'
import { courseTitle } from '../lead-words.ts'
import { alfaCrmCustomer } from './alfacrm.ts'
import { leadEmailText } from './email.ts'
import { contextLines, leadPayload } from './lead-payload.ts'
import { webhookBody } from './webhook.ts'

const row: LeadRow = {
  id: 7,
  uid: 'a3c1f0de-5b1e-4d55-9a4c-2f0e6b1d7e90',
  receivedAt: '2025-01-15T10:05:00.000Z',
  name: 'Анна',
  phone: '+7 (912) 345-67-89',
  form: 'trial_lesson_popup',
  consentVersion: '2025-09-01.0a1b2c3d',
  status: 'sent',
  attempts: 1,
  nextAttemptAt: 0,
  lastError: null,
  inFlight: false,
  mayRepeat: false,
  sentAt: null,
  telegramMessageId: null,
  course: 4,
  quiz: 4,
  page: '/course/4',
  group: null,
  childAge: 9,
  promoCode: 'ТЕСТ-10',
  promoDate: '2025-01-12',
  trialAt: null,
  metaWarning: null,
  source: {},
  desk: null,
  deskStatusId: null,
  deskShownId: null,
  remindedAt: null,
}

describe('what the other channels get of a trial lead (docs/decisions/0088)', () => {
  it('carries the child’s age and the quiz’s promo code with the day it was given', () => {
    const payload = leadPayload(row)
    expect(payload).toMatchObject({
      childAge: 9,
      promo: { code: 'ТЕСТ-10', givenOn: '2025-01-12' },
    })
    expect(contextLines(payload)).toEqual([
      'Возраст ребёнка: 9 лет',
      'Форма: Окно «Бесплатный пробный урок»',
      `Курс: ${courseTitle(4)}`,
      `Тест подсказал: ${courseTitle(4)}`,
      'Промокод из теста: ТЕСТ-10, выдан 12.01.2025',
      'Страница: /course/4',
    ])
  })

  it('says neither when the lead has neither', () => {
    const payload = leadPayload({ ...row, childAge: null, promoCode: null, promoDate: null })
    expect(payload).toMatchObject({ childAge: null, promo: null })
    expect(contextLines(payload).join('\n')).not.toMatch(/Возраст|Промокод/)
  })

  it('carries the lesson chosen for the trial, after the group', () => {
    const payload = leadPayload({ ...row, group: 'other', trialAt: '2026-12-05T10:00' })
    expect(payload.trial).toEqual({ at: '2026-12-05T10:00', text: 'сб 5 декабря, 10:00' })
    expect(contextLines(payload)).toContain('Пробное: сб 5 декабря, 10:00')
    expect(contextLines(payload).indexOf('Пробное: сб 5 декабря, 10:00')).toBe(
      contextLines(payload).indexOf('Группа: другое время') + 1,
    )
    expect(JSON.parse(webhookBody(payload, 0))).toMatchObject({
      lead: { trial_at: '2026-12-05T10:00' },
    })
    expect(leadPayload(row).trial).toBeNull()
  })

  it('reaches the e-mail, the CRM’s note and the webhook', () => {
    const payload = leadPayload(row)
    expect(leadEmailText(payload)).toContain(
      'Телефон: +7 (912) 345-67-89\nВозраст ребёнка: 9 лет\nФорма:',
    )
    const customer = alfaCrmCustomer(payload, { url: '', email: '', apiKey: '', branchId: 1 })
    expect(customer.note).toContain('Возраст ребёнка: 9 лет')
    expect(JSON.parse(webhookBody(payload, 0))).toMatchObject({
      lead: { child_age: 9, promo: { code: 'ТЕСТ-10', given_on: '2025-01-12' } },
    })
  })
})
