import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { COURSE_CATALOGUE } from '@it-lab/shared'
import { normalPagePath } from '#app/config/page-path.ts'
import { paths } from '#app/config/paths.ts'
import { PagePathContext } from './page-path'
import { ContactLink } from './contact-link'

// The root provides the page's path as the site links it (root.tsx).
function renderAt(path: string) {
  render(
    <PagePathContext value={normalPagePath(path)}>
      <ContactLink>Контакты</ContactLink>
    </PagePathContext>,
  )
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
