import { render, screen, within } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { Announcement } from '#app/content/announcements.ts'
import { AnnouncementsSection } from './announcements-section'

function renderSection(list: readonly Announcement[]) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <>
          <AnnouncementsSection announcements={list} />
          <p>Дальше на странице</p>
        </>
      ),
    },
  ])
  return render(<Stub />)
}

const item = (id: string, extra: Partial<Announcement> = {}): Announcement => ({
  id,
  title: `Объявление ${id}`,
  text: `Текст ${id}`,
  ...extra,
})

describe('AnnouncementsSection', () => {
  it('shows the first three, the day of a dated one, and a link to all', async () => {
    renderSection([
      item('1', { date: '2026-09-01', dateText: '1 сентября 2026' }),
      item('2'),
      item('3'),
      item('4'),
    ])
    const section = await screen.findByRole('region', { name: 'Объявления' })
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Объявление 1', 'Объявление 2', 'Объявление 3'])
    expect(within(section).getByText('1 сентября 2026')).toHaveAttribute('datetime', '2026-09-01')
    expect(within(section).getByRole('link', { name: 'Все объявления' })).toHaveAttribute(
      'href',
      '/announcements',
    )
  })

  it('is absent when there are none', async () => {
    renderSection([])
    await screen.findByText('Дальше на странице')
    expect(screen.queryByRole('region', { name: 'Объявления' })).toBeNull()
  })
})
