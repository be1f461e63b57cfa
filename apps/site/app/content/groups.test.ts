import { describe, expect, it } from 'vitest'
import { courses } from './courses.ts'
import {
  agesText,
  courseGroups,
  GROUPS,
  groupChoiceDetails,
  groupTimeText,
  placeText,
  scheduleByDay,
  seatsText,
  sizeText,
  startText,
  type GroupEntry,
} from './groups.ts'
import { madeUpGroup } from '@it-lab/shared/test/made-up-group'

const group = (id: string, extra: Partial<GroupEntry> = {}): GroupEntry =>
  madeUpGroup({ id, ageMin: 14, ageMax: 17, place: 'кабинет 2', ...extra })

describe('groups as the pages show them', () => {
  it('says the places in all with the right Russian form', () => {
    expect([1, 2, 5, 8, 12, 21, 30].map(sizeText)).toEqual([
      'В группе до 1 ребёнка',
      'В группе до 2 детей',
      'В группе до 5 детей',
      'В группе до 8 детей',
      'В группе до 12 детей',
      'В группе до 21 ребёнка',
      'В группе до 30 детей',
    ])
  })

  it('says the seats left with the right Russian form, and the waiting list at none', () => {
    expect([1, 2, 4, 5, 11, 21, 22, 25].map(seatsText)).toEqual([
      'осталось 1 место',
      'осталось 2 места',
      'осталось 4 места',
      'осталось 5 мест',
      'осталось 11 мест',
      'осталось 21 место',
      'осталось 22 места',
      'осталось 25 мест',
    ])
    expect(seatsText(0)).toBe('мест нет — запишем в лист ожидания')
  })

  it('says when a group starts, or that it already meets', () => {
    expect(startText('2027-09-01')).toBe('Старт 1 сентября 2027')
    expect(startText('')).toBe('Группа уже занимается')
  })

  it('writes ages, the place and the lead form’s choice', () => {
    expect(agesText(group('a'))).toBe('14–17 лет')
    expect(agesText(group('a', { ageMin: 11, ageMax: 11 }))).toBe('11 лет')
    expect(agesText(group('a', { ageMin: 5, ageMax: 7 }))).toBe('5–7 лет')
    expect(placeText(group('a'))).toBe('Оффлайн, кабинет 2')
    expect(placeText(group('a', { format: 'Онлайн', place: '' }))).toBe('Онлайн')
    expect(groupTimeText(group('a', { days: ['Wednesday', 'Monday'] }))).toBe('Пн, Ср 10:00–11:30')
    expect(groupChoiceDetails(group('a', { ageMin: 7, ageMax: 10, seats: 2 }))).toBe(
      '7–10 лет, осталось 2 места',
    )
    expect(groupChoiceDetails(group('a', { ageMin: 7, ageMax: 10, seats: 0 }))).toBe(
      '7–10 лет, лист ожидания',
    )
  })

  it('lays the timetable out by weekday, earliest first, leaving out days without a group', () => {
    const days = scheduleByDay([
      group('late', { days: ['Monday', 'Saturday'], start: '17:00', end: '18:00' }),
      group('early', { days: ['Saturday'], start: '09:00', end: '10:00' }),
    ])
    expect(days.map(({ name, groups }) => [name, groups.map(({ id }) => id)])).toEqual([
      ['Понедельник', ['late']],
      ['Суббота', ['early', 'late']],
    ])
    expect(scheduleByDay([])).toEqual([])
  })

  // Read from content/ (docs/decisions/0053-tests-read-the-data.md): the shipped groups are samples.
  it('gives each course its own groups, and none to a course without', () => {
    for (const entry of GROUPS) expect(courseGroups(entry.course)).toContain(entry)
    for (const { id } of courses) {
      const own = courseGroups(id)
      expect(own.every(({ course }) => course === id)).toBe(true)
      if (!GROUPS.some(({ course }) => course === id)) expect(own).toEqual([])
    }
  })
})
