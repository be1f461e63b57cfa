import { describe, expect, it } from 'vitest'
import type { AnnouncementFile } from '@it-lab/shared/content'
import { announcements } from './announcements.ts'
import { schoolToday, visibleAnnouncements } from './content-files.ts'

const file = (name: string, value: Partial<AnnouncementFile>) => ({
  file: `content/announcements/${name}.json`,
  value: { title: name, text: 'Текст', date: '', endDate: '', ...value },
})

describe('announcements', () => {
  it('the repository ships none: the school writes its own', () => {
    expect(announcements).toEqual([])
  })

  it('hides one after its last day: the end date, else the event day', () => {
    const shown = visibleAnnouncements(
      [
        file('past-event', { date: '2026-05-10' }),
        file('ends-today', { date: '2026-05-01', endDate: '2026-05-20' }),
        file('ended', { endDate: '2026-05-19' }),
        file('no-dates', {}),
        file('event-today', { date: '2026-05-20' }),
      ],
      '2026-05-20',
    )
    expect(shown.map((item) => item.id)).toEqual(['ends-today', 'event-today', 'no-dates'])
  })

  it('lists dated ones first, by day, with the day in Russian', () => {
    const shown = visibleAnnouncements(
      [file('b', {}), file('late', { date: '2026-09-01' }), file('soon', { date: '2026-06-15' })],
      '2026-05-20',
    )
    expect(shown.map((item) => [item.id, item.dateText])).toEqual([
      ['soon', '15 июня 2026'],
      ['late', '1 сентября 2026'],
      ['b', undefined],
    ])
  })

  it("takes today in the school's city", () => {
    // 21:30 in UTC is already the next day in Astrakhan (UTC+4).
    expect(schoolToday(new Date('2026-05-20T21:30:00Z'))).toBe('2026-05-21')
  })
})
