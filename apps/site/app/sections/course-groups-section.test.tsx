import { render, screen, within } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import type { GroupEntry } from '#app/content/groups.ts'
import type { Teacher } from '#app/content/teachers.ts'
import { CourseGroupsSection } from './course-groups-section'
import { madeUpGroup } from '@it-lab/shared/test/made-up-group'

/** A teacher of the test's own: the shipped sample teachers are gone once the school launches. */
const TEACHER = vi.hoisted((): Teacher => ({
  id: 'anna-petrova',
  name: 'Анна Петрова',
  photo: '/uploads/anna-petrova.jpg',
  courseIds: [4],
  text: 'Ведёт Python у старших ребят.',
  education: '',
  sample: false,
}))

vi.mock(import('#app/content/teachers.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  teachers: [TEACHER],
}))

function renderSection(groups: readonly GroupEntry[]) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <>
          <CourseGroupsSection groups={groups} />
          <p>Дальше на странице</p>
        </>
      ),
    },
  ])
  return render(<Stub />)
}

const group = (id: string, extra: Partial<GroupEntry> = {}): GroupEntry =>
  madeUpGroup({
    id,
    days: ['Tuesday', 'Thursday'],
    start: '18:00',
    end: '19:30',
    ageMin: 14,
    ageMax: 17,
    place: 'кабинет 2',
    seats: 2,
    ...extra,
  })

describe('CourseGroupsSection', () => {
  it('lists each group: days and time, ages, place, start and seats; a full one the waiting list', async () => {
    renderSection([group('a'), group('b', { seats: 0, startDate: '2027-09-01', sample: true })])
    const section = await screen.findByRole('region', { name: 'Расписание групп' })
    const cards = within(section).getAllByRole('listitem')
    expect(cards).toHaveLength(2)
    const [first, second] = cards
    expect(first).toHaveTextContent('Вт, Чт 18:00–19:30')
    expect(first).toHaveTextContent('14–17 лет')
    expect(first).toHaveTextContent('Оффлайн, кабинет 2')
    expect(first).toHaveTextContent('Группа уже занимается')
    expect(first).toHaveTextContent('осталось 2 места')
    expect(second).toHaveTextContent('Старт 1 сентября 2027')
    expect(second).toHaveTextContent('мест нет — запишем в лист ожидания')
    expect(second).toHaveTextContent('Образец')
    // Neither the size nor the teacher is said when the owner did not give them.
    expect(first).not.toHaveTextContent('Преподаватель')
    expect(first).not.toHaveTextContent('В группе до')
  })

  it('names the group’s teacher, by the teacher’s file, and its places in all, when given', async () => {
    renderSection([group('a', { teacher: TEACHER.id, size: 8 }), group('b', { size: 1 })])
    const [first, second] = within(
      await screen.findByRole('region', { name: 'Расписание групп' }),
    ).getAllByRole('listitem')
    expect(first).toHaveTextContent(`Преподаватель: ${TEACHER.name}`)
    expect(first).toHaveTextContent('В группе до 8 детей')
    expect(first).toHaveTextContent('осталось 2 места')
    expect(second).toHaveTextContent('В группе до 1 ребёнка')
  })

  it('shows nothing, not even a heading, for a course without groups', async () => {
    renderSection([])
    await screen.findByText('Дальше на странице')
    expect(screen.queryByRole('region')).toBeNull()
    expect(screen.queryByText('Расписание групп')).toBeNull()
  })
})
