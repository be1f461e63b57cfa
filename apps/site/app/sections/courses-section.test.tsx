import { render, screen, within } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { paths } from '#app/config/paths.ts'
import { courses, type Course } from '#app/content/courses.ts'
import { HOME_TEXTS } from '#app/content/home-texts.ts'
import { CoursesSection } from './courses-section'

function renderSection(list?: readonly Course[]) {
  const Stub = createRoutesStub([{ path: '/', Component: () => <CoursesSection courses={list} /> }])
  return render(<Stub />)
}

describe('CoursesSection', () => {
  it('shows the onMainPage courses, linking each to its page, and «Ещё курсы»', async () => {
    renderSection()
    const section = await screen.findByRole('region', { name: HOME_TEXTS.courses.title })
    expect(section).toHaveAttribute('id', 'courses')
    const titles = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent)
    // Straight from the data's flag, not from the app's own list.
    const shown = courses.filter((course) => course.onMainPage)
    expect(titles).toEqual(shown.map((course) => course.title))
    for (const course of shown) {
      expect(within(section).getByRole('link', { name: course.title })).toHaveAttribute(
        'href',
        paths.course(course.id),
      )
    }
    expect(within(section).getByRole('link', { name: 'Ещё курсы' })).toHaveAttribute(
      'href',
      '/courses',
    )
  })

  it('renders nothing when no course is on the main page', async () => {
    const { container } = renderSection([])
    await Promise.resolve()
    expect(container.querySelector('#courses')).toBeNull()
    expect(screen.queryByRole('link', { name: 'Ещё курсы' })).toBeNull()
  })
})
