import { describe, expect, it } from 'vitest'
import {
  CONSENT_VERSION,
  HONEYPOT_PARAM,
  LEAD_ERRORS,
  leadQuerySchema,
  leadQueryString,
  leadSchema,
  validateLead,
} from './lead.ts'

const phone = '+7 (912) 345-67-89'

describe('leadSchema', () => {
  it.each([
    ['plain lead', { name: 'Анна', phone }, { name: 'Анна', phone }],
    ['name trimmed', { name: '  Анна  ', phone }, { name: 'Анна', phone }],
    ['name of exactly 32', { name: 'я'.repeat(32), phone }, { name: 'я'.repeat(32), phone }],
    ['32 after trimming', { name: ` ${'я'.repeat(32)} `, phone }, { name: 'я'.repeat(32), phone }],
    ['emoji with joiners kept', { name: 'Аня 👩‍💻', phone }, { name: 'Аня 👩‍💻', phone }],
    ['no space after +7', { name: 'A', phone: '+7(912) 345-67-89' }, null],
    ['no space after )', { name: 'A', phone: '+7 (912)345-67-89' }, null],
    ['no optional spaces', { name: 'A', phone: '+7(912)345-67-89' }, null],
  ])('accepts %s', (_case, input, expected) => {
    const result = leadSchema.safeParse(input)
    expect(result.success).toBe(true)
    if (expected) expect(result.data).toEqual(expected)
  })

  it.each([
    ['name missing', { phone }, { name: LEAD_ERRORS.nameRequired }],
    ['name empty', { name: '', phone }, { name: LEAD_ERRORS.nameRequired }],
    ['name only spaces', { name: '   ', phone }, { name: LEAD_ERRORS.nameRequired }],
    ['name not a string', { name: 42, phone }, { name: LEAD_ERRORS.nameRequired }],
    ['name of 33', { name: 'я'.repeat(33), phone }, { name: LEAD_ERRORS.nameTooLong }],
    ['newline inside name', { name: 'Ан\nна', phone }, { name: LEAD_ERRORS.nameInvalid }],
    ['NUL inside name', { name: 'Ан\u0000на', phone }, { name: LEAD_ERRORS.nameInvalid }],
    ['DEL inside name', { name: 'Ан\u007fна', phone }, { name: LEAD_ERRORS.nameInvalid }],
    ['bidi override in name', { name: 'Ан\u202Eна', phone }, { name: LEAD_ERRORS.nameInvalid }],
    ['phone missing', { name: 'Анна' }, { phone: LEAD_ERRORS.phoneRequired }],
    ['phone empty', { name: 'Анна', phone: '' }, { phone: LEAD_ERRORS.phoneRequired }],
    ['phone digits only', { name: 'A', phone: '89123456789' }, { phone: LEAD_ERRORS.phoneInvalid }],
    [
      'phone unfinished',
      { name: 'A', phone: '+7 (912) 345-67-8' },
      { phone: LEAD_ERRORS.phoneInvalid },
    ],
    ['phone too long', { name: 'A', phone: `${phone}0` }, { phone: LEAD_ERRORS.phoneInvalid }],
    [
      'phone with 8',
      { name: 'A', phone: '8 (912) 345-67-89' },
      { phone: LEAD_ERRORS.phoneInvalid },
    ],
    [
      'two spaces after +7',
      { name: 'A', phone: '+7  (912) 345-67-89' },
      { phone: LEAD_ERRORS.phoneInvalid },
    ],
    [
      'letters in phone',
      { name: 'A', phone: '+7 (912) 345-67-8a' },
      { phone: LEAD_ERRORS.phoneInvalid },
    ],
    [
      'newline after phone inside',
      { name: 'A', phone: `${phone}\nx` },
      { phone: LEAD_ERRORS.phoneInvalid },
    ],
    ['both missing', {}, { name: LEAD_ERRORS.nameRequired, phone: LEAD_ERRORS.phoneRequired }],
  ])('rejects %s', (_case, input, fields) => {
    expect(validateLead(input)).toEqual({ success: false, fields, unknownFields: [] })
  })

  it.each([
    ['extra field', { name: 'Анна', phone, email: 'a@b.c' }, ['email']],
    [
      'prototype key',
      JSON.parse(`{"name":"A","phone":"${phone}","__proto__":{"x":1}}`),
      ['__proto__'],
    ],
  ])('rejects %s as an unknown key', (_case, input, keys) => {
    expect(validateLead(input)).toEqual({ success: false, fields: {}, unknownFields: keys })
  })

  it.each([null, 'text', [], 1])('rejects a body that is not an object: %j', (input) => {
    expect(leadSchema.safeParse(input).success).toBe(false)
  })
})

describe('leadQuerySchema', () => {
  it.each([
    ['feedback', { form: 'feedback', consent: '2025-01' }, true],
    [
      'popup with empty honeypot',
      { form: 'trial_lesson_popup', consent: '2025-01', website: '' },
      true,
    ],
    ['filled honeypot still parses', { form: 'feedback', consent: '2025-01', website: 'x' }, true],
    ['unknown param dropped', { form: 'feedback', consent: '2025-01', utm: 'x' }, true],
    ['unknown form', { form: 'other', consent: '2025-01' }, false],
    ['form missing', { consent: '2025-01' }, false],
    ['consent missing', { form: 'feedback' }, false],
    ['consent too long', { form: 'feedback', consent: 'x'.repeat(33) }, false],
    ['consent with markup', { form: 'feedback', consent: '<b>' }, false],
    ['form given twice', { form: ['feedback', 'feedback'], consent: '2025-01' }, false],
  ])('%s → %s', (_case, input, ok) => {
    expect(leadQuerySchema.safeParse(input).success).toBe(ok)
  })

  it('leadQueryString builds what the schema accepts', () => {
    const query = leadQueryString('feedback')
    expect(query).toBe(`form=feedback&consent=${CONSENT_VERSION}&${HONEYPOT_PARAM}=`)
    const parsed = leadQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)))
    expect(parsed).toEqual({ form: 'feedback', consent: CONSENT_VERSION, website: '' })
  })
})
