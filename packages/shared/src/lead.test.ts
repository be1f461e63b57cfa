import { describe, expect, it } from 'vitest'
import {
  CHILD_AGE,
  GROUP_MAX_LENGTH,
  LEAD_ERRORS,
  PROMO_CODE_MAX_LENGTH,
  graphemeCount,
  isCalendarDay,
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
    // 32 things a person sees, though 40 UTF-16 units: the limit counts graphemes.
    ['32 graphemes with combining marks', { name: 'е\u0308'.repeat(32), phone }, null],
    ['32 emoji', { name: '😀'.repeat(32), phone }, null],
    // A Braille blank draws nothing, like a space: fine between words, not as the whole name.
    ['a Braille blank between words', { name: 'Анна\u2800Мария', phone }, null],
    ['a Braille pattern that draws dots', { name: 'Анна \u2801', phone }, null],
    // Any way of writing a Russian number is stored in the one shape (a form sent without
    // JavaScript has no mask).
    ['no space after +7', { name: 'A', phone: '+7(912) 345-67-89' }, { name: 'A', phone }],
    ['no space after )', { name: 'A', phone: '+7 (912)345-67-89' }, { name: 'A', phone }],
    ['no optional spaces', { name: 'A', phone: '+7(912)345-67-89' }, { name: 'A', phone }],
    ['phone digits only', { name: 'A', phone: '89123456789' }, { name: 'A', phone }],
    ['phone with 8', { name: 'A', phone: '8 (912) 345-67-89' }, { name: 'A', phone }],
    ['two spaces after +7', { name: 'A', phone: '+7  (912) 345-67-89' }, { name: 'A', phone }],
  ])('accepts %s', (_case, input, expected) => {
    const result = leadSchema().safeParse(input)
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
    ['line separator', { name: 'Ан\u2028на', phone }, { name: LEAD_ERRORS.nameInvalid }],
    ['paragraph separator', { name: 'Ан\u2029на', phone }, { name: LEAD_ERRORS.nameInvalid }],
    ['left-to-right mark', { name: 'Анна\u200E', phone }, { name: LEAD_ERRORS.nameInvalid }],
    ['right-to-left mark', { name: '\u200FАнна', phone }, { name: LEAD_ERRORS.nameInvalid }],
    ['Arabic letter mark', { name: 'Ан\u061Cна', phone }, { name: LEAD_ERRORS.nameInvalid }],
    [
      'only zero-width',
      { name: '\u200B\u200C\u200D\u2060\uFEFF', phone },
      { name: LEAD_ERRORS.nameInvalid },
    ],
    ['only Hangul fillers', { name: '\u3164\u3164', phone }, { name: LEAD_ERRORS.nameInvalid }],
    ['only Braille blanks', { name: '\u2800\u2800', phone }, { name: LEAD_ERRORS.nameInvalid }],
    ['object replacement', { name: 'Анна\uFFFC', phone }, { name: LEAD_ERRORS.nameInvalid }],
    ['lone high surrogate', { name: 'Анна\ud800', phone }, { name: LEAD_ERRORS.nameInvalid }],
    ['lone low surrogate', { name: '\udc00', phone }, { name: LEAD_ERRORS.nameInvalid }],
    ['only private use', { name: '\uE000\uF8FF', phone }, { name: LEAD_ERRORS.nameInvalid }],
    ['private use inside', { name: 'Ан\uE000на', phone }, { name: LEAD_ERRORS.nameInvalid }],
    ['plane 15 private use', { name: 'Анна\u{F0000}', phone }, { name: LEAD_ERRORS.nameInvalid }],
    ['plane 16 private use', { name: '\u{10FFFD}', phone }, { name: LEAD_ERRORS.nameInvalid }],
    ['non-character U+FDD0', { name: 'Ан\uFDD0на', phone }, { name: LEAD_ERRORS.nameInvalid }],
    ['non-character U+FFFE', { name: '\uFFFE', phone }, { name: LEAD_ERRORS.nameInvalid }],
    ['non-character U+1FFFF', { name: 'А\u{1FFFF}', phone }, { name: LEAD_ERRORS.nameInvalid }],
    ['non-character U+10FFFF', { name: '\u{10FFFF}', phone }, { name: LEAD_ERRORS.nameInvalid }],
    [
      'only a soft hyphen and a mark',
      { name: '\u00AD\u0301', phone },
      { name: LEAD_ERRORS.nameInvalid },
    ],
    ['33 emoji', { name: '😀'.repeat(33), phone }, { name: LEAD_ERRORS.nameTooLong }],
    [
      '33 graphemes with marks',
      { name: 'е\u0308'.repeat(33), phone },
      { name: LEAD_ERRORS.nameTooLong },
    ],
    [
      'stacked marks',
      { name: `A${'\u0301'.repeat(200)}`, phone },
      { name: LEAD_ERRORS.nameTooLong },
    ],
    ['phone missing', { name: 'Анна' }, { phone: LEAD_ERRORS.phoneRequired }],
    ['phone empty', { name: 'Анна', phone: '' }, { phone: LEAD_ERRORS.phoneRequired }],
    [
      'phone unfinished',
      { name: 'A', phone: '+7 (912) 345-67-8' },
      { phone: LEAD_ERRORS.phoneInvalid },
    ],
    ['phone too long', { name: 'A', phone: `${phone}0` }, { phone: LEAD_ERRORS.phoneInvalid }],
    [
      'another country',
      { name: 'A', phone: '+380 91 234 5678' },
      { phone: LEAD_ERRORS.phoneInvalid },
    ],
    ['nine digits', { name: 'A', phone: '912 345 67 8' }, { phone: LEAD_ERRORS.phoneInvalid }],
    ['letters', { name: 'A', phone: '8 912 CALL-ME' }, { phone: LEAD_ERRORS.phoneInvalid }],
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
    expect(leadSchema().safeParse(input).success).toBe(false)
  })
})

describe('graphemeCount', () => {
  it.each([
    ['Анна', 4],
    ['Zoe\u0308', 3],
    ['👩‍💻', 1],
    ['🇷🇺', 1],
  ])('%j has %i', (text, count) => {
    expect(graphemeCount(text)).toBe(count)
  })
})

describe('a lead’s group', () => {
  it('is optional: an old client’s {name, phone} is a whole lead', () => {
    expect(validateLead({ name: 'Анна', phone })).toEqual({
      success: true,
      data: { name: 'Анна', phone },
    })
  })

  it('keeps any text, one line, cut to its limit; empty is none; never refuses the lead for it', () => {
    const group = (value: string) => {
      const result = validateLead({ name: 'Анна', phone, group: value })
      return result.success ? result.data.group : 'refused'
    }
    expect(group('python-saturday')).toBe('python-saturday')
    expect(group('other')).toBe('other')
    expect(group('  суббота\n утром ')).toBe('суббота утром')
    expect(group('я'.repeat(GROUP_MAX_LENGTH + 10))).toBe('я'.repeat(GROUP_MAX_LENGTH))
    expect(group('   ')).toBeUndefined()
  })
})

describe('a trial lead’s child’s age', () => {
  const age = (value: unknown) => {
    const result = validateLead({ name: 'Анна', phone, childAge: value })
    return result.success ? result.data.childAge : 'refused'
  }

  it('keeps whole years from 5 to 17, sent as a number (script) or as digits (a plain form)', () => {
    expect(age(5)).toBe(5)
    expect(age(17)).toBe(17)
    expect(age('9')).toBe(9)
    expect(age(' 12 ')).toBe(12)
  })

  it('drops anything else, never refusing the lead: out of range, a fraction, a word, a name', () => {
    for (const value of [
      4,
      18,
      9.5,
      '',
      '  ',
      '9 лет',
      'Маша',
      '1e1',
      '0x9',
      -7,
      null,
      true,
      [9],
    ]) {
      expect(age(value)).toBeUndefined()
    }
  })

  it('is the school’s age range', () => {
    expect(CHILD_AGE).toEqual({ min: 5, max: 17 })
  })
})

describe('a lead’s quiz promo code and the day it was given', () => {
  const promo = (code: unknown, date: unknown) => {
    const result = validateLead({ name: 'Анна', phone, promoCode: code, promoDate: date })
    return result.success ? [result.data.promoCode, result.data.promoDate] : 'refused'
  }

  it('keeps a code as one printable line and a real calendar day', () => {
    expect(promo('ТЕСТ-10', '2026-03-12')).toEqual(['ТЕСТ-10', '2026-03-12'])
    expect(promo(' ТЕСТ\u200B-10\n', '2028-02-29')).toEqual(['ТЕСТ-10', '2028-02-29'])
  })

  it('drops an empty or overlong code and a day that is not one, never refusing the lead', () => {
    expect(promo('', '2026-02-30')).toEqual([undefined, undefined])
    expect(promo('Я'.repeat(PROMO_CODE_MAX_LENGTH + 1), '12.03.2026')).toEqual([
      undefined,
      undefined,
    ])
    expect(promo(10, 20260312)).toEqual([undefined, undefined])
    expect(promo('Я'.repeat(PROMO_CODE_MAX_LENGTH), '2026-03-12')).toEqual([
      'Я'.repeat(PROMO_CODE_MAX_LENGTH),
      '2026-03-12',
    ])
  })

  it('tells a calendar day', () => {
    expect(['2026-01-31', '2024-02-29'].map(isCalendarDay)).toEqual([true, true])
    expect(['2026-02-29', '2026-13-01', '2026-1-01', 'x'].map(isCalendarDay)).toEqual([
      false,
      false,
      false,
      false,
    ])
  })
})
