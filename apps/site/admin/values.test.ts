import { describe, expect, it } from 'vitest'
import { exampleDate, maskDate, readDate, readWholeNumber, showDate } from './values.ts'

const price = (text: string) => readWholeNumber(text, { min: 1, max: 100_000, rubles: true })
const age = (text: string) => readWholeNumber(text, { min: 5, max: 17 })

describe('readWholeNumber', () => {
  it('reads a price written as people write it, exactly', () => {
    for (const text of [
      '1600',
      '1 600',
      '1\u00a0600',
      '1600 ₽',
      '1 600 ₽',
      '1600₽',
      ' 1600 ',
      '1600 руб.',
    ]) {
      expect(price(text), text).toEqual({ ok: true, value: 1600 })
    }
    expect(price('100 000')).toEqual({ ok: true, value: 100_000 })
  })

  it('refuses a fraction, an exponent, a sign or a wrong group, and never guesses', () => {
    for (const text of [
      '1600.50',
      '1600,50',
      '1 600,5',
      '1600.',
      '12e3',
      '-5',
      '−5',
      '16 00',
      '1.600',
      '0x10',
      'тысяча',
      '',
    ]) {
      expect(price(text).ok, text).toBe(false)
    }
    expect(price('1600.50')).toMatchObject({ message: expect.stringContaining('без копеек') })
    expect(price('12e3')).toMatchObject({ message: expect.stringContaining('Только цифры') })
  })

  it('refuses a number outside the range, naming it', () => {
    expect(price('0')).toEqual({ ok: false, message: 'Число от 1 до 100\u00a0000.' })
    expect(price('100001').ok).toBe(false)
    expect(age('18')).toEqual({ ok: false, message: 'Число от 5 до 17.' })
    expect(age('7')).toEqual({ ok: true, value: 7 })
  })

  it('takes no ruble sign where the number is not a price', () => {
    expect(age('7 ₽').ok).toBe(false)
  })
})

describe('dates', () => {
  const today = new Date('2026-11-26T12:00:00Z')

  it('puts the dots in while the digits are typed', () => {
    expect(
      ['1', '12', '120', '1201', '12011', '120119', '12012027', '120120271'].map(maskDate),
    ).toEqual(['1', '12', '12.0', '12.01', '12.01.1', '12.01.19', '12.01.2027', '12.01.2027'])
  })

  it('reads ДД.ММ.ГГГГ into YYYY-MM-DD and shows it back', () => {
    expect(readDate('12.01.2027', today)).toEqual({ ok: true, value: '2027-01-12' })
    expect(showDate('2027-01-12')).toBe('12.01.2027')
    expect(readDate('', today)).toEqual({ ok: true, value: '' })
  })

  it('refuses a half-typed date, a day not in the calendar and a year outside 2020…three years on', () => {
    expect(readDate('12.01.19', today).ok).toBe(false)
    expect(readDate('31.02.2027', today)).toMatchObject({
      ok: false,
      message: expect.stringContaining('нет в календаре'),
    })
    expect(readDate('12.01.1907', today)).toEqual({ ok: false, message: 'Год — от 2020 до 2029.' })
    expect(readDate('01.01.2030', today).ok).toBe(false)
    expect(readDate('31.12.2029', today)).toEqual({ ok: true, value: '2029-12-31' })
  })
})

describe('exampleDate', () => {
  it('is the next 1 September, never a past day', () => {
    expect(exampleDate(new Date('2026-11-28T12:00:00Z'))).toBe('01.09.2027')
    expect(exampleDate(new Date('2027-03-01T12:00:00Z'))).toBe('01.09.2027')
  })
})
