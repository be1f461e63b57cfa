import { describe, expect, it } from 'vitest'
import { dayRangeText, openingHoursLines } from './opening-hours'

describe('opening hours as the contact block shows them', () => {
  it('writes three or more days in a row as a range, others one by one', () => {
    expect(dayRangeText(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])).toBe('Пн–Пт')
    expect(dayRangeText(['Saturday', 'Sunday'])).toBe('Сб, Вс')
    expect(dayRangeText(['Friday', 'Monday', 'Wednesday'])).toBe('Пн, Ср, Пт')
    expect(dayRangeText(['Monday', 'Tuesday', 'Wednesday', 'Saturday'])).toBe('Пн–Ср, Сб')
  })

  it('gives one line a period, and none when the owner entered none', () => {
    expect(
      openingHoursLines([
        { days: ['Tuesday', 'Thursday'], opens: '15:00', closes: '19:30' },
        { days: ['Saturday'], opens: '10:00', closes: '14:00' },
      ]),
    ).toEqual(['Вт, Чт: 15:00–19:30', 'Сб: 10:00–14:00'])
    expect(openingHoursLines(undefined)).toEqual([])
  })
})
