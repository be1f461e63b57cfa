import { describe, expect, it } from 'vitest'
import { schoolDay } from './desk.ts'

describe('schoolDay', () => {
  it('is the calendar day in Astrakhan (UTC+4), from its midnight to the next', () => {
    expect(schoolDay('2025-01-01')).toEqual({
      from: Date.parse('2024-12-31T20:00:00Z'),
      to: Date.parse('2025-01-01T20:00:00Z'),
    })
    expect(schoolDay('2024-02-29')?.to).toBe(Date.parse('2024-02-29T20:00:00Z'))
  })

  it.each(['2025-02-29', '2025-13-01', '2025-1-5', '0099-01-01', '15.01.2025', ''])(
    'knows no day %j',
    (date) => {
      expect(schoolDay(date)).toBeUndefined()
    },
  )
})
