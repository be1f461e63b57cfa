import { render, screen } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type * as SchoolModule from '#app/config/school.ts'

// A school without an education licence has no «Сведения об образовательной организации» page,
// no link to it and no «Как оплатить обучение» (docs/decisions/0076-answers-reviews-way-licence.md).

afterEach(() => {
  vi.resetModules()
  vi.doUnmock('#app/config/school.ts')
})

/** The site's modules as a build from facts with (or without) the shipped sample licence sees them. */
async function withLicence(licensed: boolean) {
  const actual = await vi.importActual<typeof SchoolModule>('#app/config/school.ts')
  const facts = { ...actual.checkedSchoolFacts }
  const school = { ...actual.school }
  if (!licensed) {
    delete facts.licence
    delete school.licence
  }
  vi.doMock('#app/config/school.ts', () => ({ ...actual, checkedSchoolFacts: facts, school }))
  const [paths, { Footer }, { Header }, { PaymentSection }, page] = await Promise.all([
    import('#app/config/paths.ts'),
    import('#app/features/shell/footer.tsx'),
    import('#app/features/shell/header.tsx'),
    import('#app/sections/payment-section.tsx'),
    import('./sveden'),
  ])
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <>
          <Header />
          <PaymentSection />
          <Footer />
        </>
      ),
    },
    { path: '/sveden', Component: page.default },
  ])
  return { paths, Stub }
}

describe('the school’s information page', { timeout: 20_000 }, () => {
  it('without a licence: not prerendered, not in the sitemap, no link, no paying section', async () => {
    const { paths, Stub } = await withLicence(false)
    expect(paths.prerenderPaths).not.toContain('/sveden')
    expect(paths.sitemapPaths).not.toContain('/sveden')
    render(<Stub />)
    await screen.findByRole('contentinfo')
    expect(screen.queryByRole('link', { name: /Сведения/ })).not.toBeInTheDocument()
    expect(screen.queryByText('Как оплатить обучение')).not.toBeInTheDocument()
  })

  it('without a licence the address shows «Страница не найдена»', async () => {
    const { Stub } = await withLicence(false)
    render(<Stub initialEntries={['/sveden']} />)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Страница не найдена' }),
    ).toBeInTheDocument()
  })

  it('with a licence: prerendered, in the sitemap, linked from the footer and the menus', async () => {
    const { paths, Stub } = await withLicence(true)
    expect(paths.prerenderPaths).toContain('/sveden')
    expect(paths.sitemapPaths).toContain('/sveden')
    render(<Stub />)
    await screen.findByRole('contentinfo')
    expect(
      screen
        .getAllByRole('link', { name: 'Сведения об образовательной организации', hidden: true })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/sveden', '/sveden'])
    expect(screen.getByRole('link', { name: 'Сведения' })).toHaveAttribute('href', '/sveden')
    expect(screen.getByRole('heading', { name: 'Как оплатить обучение' })).toBeInTheDocument()
  })
})
