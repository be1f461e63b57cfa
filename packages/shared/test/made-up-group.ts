import type { GroupEntry } from '../src/groups.ts'

/**
 * A group of the tests' own, `extra` over it: course 4, Saturdays 10:00–11:30, ages 10–14, three
 * places free. The shipped groups are samples the owner replaces, so the site's and the lead
 * service's tests book into this one whatever the school's content
 * (docs/decisions/0053-tests-read-the-data.md).
 */
export function madeUpGroup(extra: Partial<GroupEntry> = {}): GroupEntry {
  return {
    id: 'made-up-saturday',
    course: 4,
    days: ['Saturday'],
    start: '10:00',
    end: '11:30',
    ageMin: 10,
    ageMax: 14,
    format: 'Оффлайн',
    place: '',
    startDate: '',
    seats: 3,
    teacher: '',
    sample: false,
    ...extra,
  }
}
