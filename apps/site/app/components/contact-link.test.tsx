import { render, screen } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { COURSE_CATALOGUE } from '@it-lab/shared'
import { paths } from '#app/config/paths.ts'
import { ContactLink } from './contact-link'

function renderAt(path: string) {
  const Stub = createRoutesStub([
    { path: '*', Component: () => <ContactLink>Контакты</ContactLink> },
  ])
  render(<Stub initialEntries={[path]} />)
  return screen.getByRole('link', { name: 'Контакты' })
}

const lastCourse = paths.course(Math.max(...COURSE_CATALOGUE.map(({ id }) => id)))

describe('ContactLink', () => {
  it.each([
    ['the home page', paths.home],
    ['a course page', lastCourse],
    // The prerender renders a course page at its folder's path.
    ['a course page as the prerender sees it', `${lastCourse}/`],
  ])('jumps within %s, which has the contact block', (_case, path) => {
    expect(renderAt(path)).toHaveAttribute('href', '#contact')
  })

  it.each([
    ['the catalogue', paths.courses],
    ['a policy', paths.privacyPolicy],
    ['a course that does not exist', paths.course('__not-found')],
  ])("opens the home page's block from %s", (_case, path) => {
    expect(renderAt(path)).toHaveAttribute('href', '/#contact')
  })
})
