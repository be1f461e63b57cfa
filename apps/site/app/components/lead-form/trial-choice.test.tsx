import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import type { GroupEntry } from '#app/content/groups.ts'
import type { TrialDateSettings } from '#app/content/trial-dates.ts'
import { TrialChoice } from './trial-choice'
import { madeUpGroup } from '@it-lab/shared/test/made-up-group'

// Made-up groups and settings: the shipped groups are samples the owner replaces
// (docs/decisions/0053), and her closed days are hers.
const group = (id: string, extra: Partial<GroupEntry> = {}): GroupEntry =>
  madeUpGroup({ id, seats: 2, ...extra })
const settings: TrialDateSettings = {
  datesShown: 3,
  closedDays: [{ from: '2026-12-31', to: '2027-01-08' }],
  builtOn: '2026-12-20',
}

function Harness({ groups, today }: { groups: GroupEntry[]; today: string }) {
  const [value, setValue] = useState('other')
  return (
    <form aria-label="Заявка">
      <TrialChoice
        groups={groups}
        today={today}
        settings={settings}
        value={value}
        disabled={false}
        onChange={setValue}
      />
    </form>
  )
}

const sent = () =>
  new FormData(screen.getByRole('form', { name: 'Заявка' }) as HTMLFormElement).getAll('trial')

describe('the lead form’s trial dates', () => {
  it('lists each group’s next lessons under its days, ages and seats; «другое время» checked', async () => {
    render(
      <Harness
        // Sunday 20 December 2026.
        today="2026-12-20"
        groups={[
          group('sat'),
          group('tue-thu', {
            days: ['Tuesday', 'Thursday'],
            start: '17:00',
            end: '18:30',
            ageMin: 7,
            ageMax: 9,
            seats: 1,
          }),
        ]}
      />,
    )
    const choice = screen.getByRole('group', { name: 'Удобная группа и день' })
    const saturdays = within(choice).getByRole('group', {
      name: 'Сб 10:00–11:30 10–14 лет, осталось 2 места',
    })
    // The winter holidays (closed, 31 December – 8 January) are skipped.
    expect(
      within(saturdays)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['сб 26 декабря, 10:00', 'сб 9 января, 10:00', 'сб 16 января, 10:00'])
    const weekdays = within(choice).getByRole('group', {
      name: 'Вт, Чт 17:00–18:30 7–9 лет, осталось 1 место',
    })
    expect(
      within(weekdays)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['вт 22 декабря, 17:00', 'чт 24 декабря, 17:00', 'вт 29 декабря, 17:00'])
    expect(
      within(choice).getByRole('radio', { name: 'Другое время — подберём при звонке' }),
    ).toBeChecked()
    expect(sent()).toEqual(['other'])

    // One radio names the group and the lesson: a plain form post carries both.
    await userEvent.click(within(weekdays).getByRole('radio', { name: 'чт 24 декабря, 17:00' }))
    expect(within(weekdays).getByRole('radio', { name: 'чт 24 декабря, 17:00' })).toBeChecked()
    expect(sent()).toEqual(['tue-thu 2026-12-24T17:00'])
  })

  it('a full group lists its dates for the waiting list; one starting later is agreed on the call', () => {
    render(
      <Harness
        today="2026-12-20"
        groups={[
          group('full', { seats: 0 }),
          group('later', { startDate: '2027-09-04', ageMin: 12, ageMax: 12 }),
          group('soon', { startDate: '2027-01-16', ageMin: 5, ageMax: 6 }),
        ]}
      />,
    )
    const full = screen.getByRole('group', { name: 'Сб 10:00–11:30 10–14 лет, лист ожидания' })
    expect(within(full).getAllByRole('radio')).toHaveLength(3)
    expect(within(full).getByRole('radio', { name: 'сб 26 декабря, 10:00' })).toHaveAttribute(
      'value',
      'full 2026-12-26T10:00',
    )
    // A group starting past the horizon: the group alone, its day agreed on the call.
    const later = screen.getByRole('group', { name: 'Сб 10:00–11:30 12 лет, осталось 2 места' })
    expect(within(later).getByRole('radio', { name: 'День подберём при звонке' })).toHaveAttribute(
      'value',
      'later',
    )
    // A group starting soon: from its first lesson.
    const soon = screen.getByRole('group', { name: 'Сб 10:00–11:30 5–6 лет, осталось 2 места' })
    expect(
      within(soon)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['soon 2027-01-16T10:00', 'soon 2027-01-23T10:00', 'soon 2027-01-30T10:00'])
  })

  it('counts from the day it is given: a page built earlier offers no day already past', async () => {
    const { rerender } = render(<Harness today="2026-12-20" groups={[group('sat')]} />)
    // Checked in the page's HTML, gone once the island counts from a later day: «другое время».
    await userEvent.click(screen.getByRole('radio', { name: 'сб 26 декабря, 10:00' }))
    expect(screen.getAllByRole('radio', { name: /^сб/ })[0]).toHaveAccessibleName(
      'сб 26 декабря, 10:00',
    )
    rerender(<Harness today="2026-12-26" groups={[group('sat')]} />)
    expect(screen.getAllByRole('radio', { name: /^сб/ })[0]).toHaveAccessibleName(
      'сб 9 января, 10:00',
    )
    expect(screen.getByRole('radio', { name: /^Другое время/ })).toBeChecked()
    expect(sent()).toEqual(['other'])
  })
})
