import { describe, expect, it } from 'vitest'
import {
  isTrialAt,
  nextTrialDates,
  schoolDay,
  trialAtText,
  trialMoment,
  weekdayOf,
  type TrialGroup,
} from './trial-dates.ts'

const saturday: TrialGroup = { days: ['Saturday'], start: '10:00', startDate: '' }
const mondayWednesday: TrialGroup = { days: ['Wednesday', 'Monday'], start: '17:00', startDate: '' }

describe('a trial’s dates', () => {
  it('counts a group’s next lessons from the day after today, in order', () => {
    // 2026-11-28 is a Saturday: today’s lesson is not offered.
    expect(weekdayOf('2026-11-28')).toBe('Saturday')
    expect(nextTrialDates(saturday, '2026-11-28', [], 3)).toEqual([
      '2026-12-05T10:00',
      '2026-12-12T10:00',
      '2026-12-19T10:00',
    ])
    expect(nextTrialDates(mondayWednesday, '2026-11-27', [], 3)).toEqual([
      '2026-11-30T17:00',
      '2026-12-02T17:00',
      '2026-12-07T17:00',
    ])
  })

  it('crosses a month’s end and a year’s end', () => {
    expect(nextTrialDates(mondayWednesday, '2026-12-29', [], 2)).toEqual([
      '2026-12-30T17:00',
      '2027-01-04T17:00',
    ])
    expect(nextTrialDates(saturday, '2027-02-26', [], 2)).toEqual([
      '2027-02-27T10:00',
      '2027-03-06T10:00',
    ])
  })

  it('skips the days the school is closed, both ends included', () => {
    const holidays = [{ from: '2026-12-31', to: '2027-01-08' }]
    expect(nextTrialDates(mondayWednesday, '2026-12-29', holidays, 2)).toEqual([
      '2026-12-30T17:00',
      '2027-01-11T17:00',
    ])
    expect(
      nextTrialDates(saturday, '2026-11-28', [{ from: '2026-12-05', to: '2026-12-05' }], 2),
    ).toEqual(['2026-12-12T10:00', '2026-12-19T10:00'])
  })

  it('starts no earlier than the group does, on its first day when it falls on a lesson', () => {
    expect(nextTrialDates({ ...saturday, startDate: '2027-01-16' }, '2026-11-28', [], 2)).toEqual([
      '2027-01-16T10:00',
      '2027-01-23T10:00',
    ])
    expect(nextTrialDates({ ...saturday, startDate: '2026-11-01' }, '2026-11-28', [], 1)).toEqual([
      '2026-12-05T10:00',
    ])
  })

  it('offers nothing beyond two months ahead', () => {
    expect(nextTrialDates({ ...saturday, startDate: '2027-06-05' }, '2026-11-28', [], 3)).toEqual(
      [],
    )
    expect(
      nextTrialDates(saturday, '2026-11-28', [{ from: '2026-12-01', to: '2027-01-22' }], 3),
    ).toEqual(['2027-01-23T10:00'])
  })

  it('writes a lesson as a parent reads it', () => {
    expect(trialAtText('2026-12-05T10:00')).toBe('сб 5 декабря, 10:00')
    expect(trialAtText('2027-01-11T17:00')).toBe('пн 11 января, 17:00')
  })

  it('knows a lesson’s value from anything else', () => {
    expect(isTrialAt('2026-12-05T10:00')).toBe(true)
    for (const value of [
      '2026-02-30T10:00',
      '2026-12-05T24:00',
      '2026-12-05',
      '2026-12-05T10:00Z',
      5,
      null,
    ]) {
      expect(isTrialAt(value)).toBe(false)
    }
  })

  it('reads the school’s day and a lesson’s moment in Astrakhan’s time (UTC+4)', () => {
    expect(schoolDay(new Date('2026-11-28T19:59:00Z'))).toBe('2026-11-28')
    expect(schoolDay(new Date('2026-11-28T20:00:00Z'))).toBe('2026-11-29')
    expect(trialMoment('2026-12-05T10:00').toISOString()).toBe('2026-12-05T06:00:00.000Z')
  })
})
