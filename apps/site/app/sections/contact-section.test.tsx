import { cleanup, render, screen } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type * as SchoolModule from '#app/config/school.ts'
import { trialDetailLines } from '#app/content/trial-details.ts'

afterEach(() => {
  vi.resetModules()
  vi.doUnmock('#app/config/school.ts')
})

type Facts = (typeof SchoolModule)['school']

/** Renders the contact block with the shipped facts, minus the fields named, plus `extra`. */
async function renderWithout(fields: 'messenger' | 'none', extra: Partial<Facts> = {}) {
  const actual = await vi.importActual<typeof SchoolModule>('#app/config/school.ts')
  const school = { ...actual.school, ...extra }
  if (fields === 'messenger') delete school.messenger
  vi.doMock('#app/config/school.ts', () => ({ ...actual, school }))
  const { ContactSection } = await import('./contact-section')
  const Stub = createRoutesStub([{ path: '/', Component: ContactSection }])
  render(<Stub />)
  return actual.school
}

// The first import of the form's modules is slow on a busy machine.
describe('contact block', { timeout: 20_000 }, () => {
  it('shows the phone, the address and the messenger the facts file gives', async () => {
    const school = await renderWithout('none')
    expect(screen.getByRole('link', { name: school.phone.short })).toHaveAttribute(
      'href',
      `tel:${school.phone.tel}`,
    )
    expect(screen.getByText(school.address.full)).toBeInTheDocument()
    expect(
      screen.getByRole('link', { name: `${school.messenger?.name}: ${school.messenger?.contact}` }),
    ).toHaveAttribute('href', school.messenger?.url)
  })

  it('has no messenger line when the facts file has no messenger', async () => {
    const school = await renderWithout('messenger')
    expect(screen.getByText(school.address.full)).toBeInTheDocument()
    // The phone and the address; then the two map links; then the trial's details by the form.
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      school.phone.short,
      school.address.full,
      'Открыть на Яндекс Картах',
      'Открыть в 2ГИС',
      ...trialDetailLines().map(({ text }) => text),
    ])
    expect(screen.queryByText(school.messenger?.contact ?? '')).toBeNull()
  })

  it('shows the opening hours the facts file gives, and none when it gives none', async () => {
    const school = await renderWithout('none')
    expect(school.openingHours).toBeUndefined()
    expect(screen.queryByText(/Часы работы/)).toBeNull()
    cleanup()
    vi.resetModules()
    await renderWithout('none', {
      openingHours: [
        {
          days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
          opens: '10:00',
          closes: '20:00',
        },
        { days: ['Saturday'], opens: '11:00', closes: '16:00' },
      ],
    })
    const hours = screen.getByText(/Часы работы/).parentElement
    expect(hours).toHaveTextContent('Часы работы: Пн–Пт: 10:00–20:00Сб: 11:00–16:00')
  })
})
