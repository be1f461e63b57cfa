import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { legalLine, siteConfig } from '~/config/site-config'
import { cookiePolicy } from '~/content/policies/cookie-policy'
import { personalDataPolicy } from '~/content/policies/personal-data-policy'
import { privacyPolicy } from '~/content/policies/privacy-policy'
import { PolicyView } from './policy-view'

describe('PolicyView', () => {
  for (const policy of [privacyPolicy, personalDataPolicy, cookiePolicy]) {
    it(`renders «${policy.title}» with every placeholder filled`, () => {
      const { container } = render(<PolicyView document={policy} />)
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(policy.title)
      const text = container.textContent ?? ''
      expect(text).not.toMatch(/\{\{[A-Z_]+\}\}/)
      expect(text).toContain('https://itlab.example')
      expect(text).toContain(siteConfig.owner.name)

      const toc = screen.getByRole('navigation', { name: 'Содержание' })
      const links = within(toc).getAllByRole('link')
      expect(links).toHaveLength(policy.sections.length)
      for (const [index, section] of policy.sections.entries()) {
        expect(links[index]).toHaveAttribute('href', `#${section.id}`)
        expect(container.querySelector(`section#${section.id} > h2`)).not.toBeNull()
      }
    })
  }

  it('shows the place and the date of the edition', () => {
    render(<PolicyView document={personalDataPolicy} />)
    expect(screen.getByText('г. Астрахань')).toBeInTheDocument()
    expect(screen.getByText(/Редакция от .*2025/)).toBeInTheDocument()
  })

  it('uses the same operator details as the footer', () => {
    const { container } = render(<PolicyView document={privacyPolicy} />)
    expect(container.textContent).toContain(siteConfig.owner.inn)
    expect(legalLine).toContain(siteConfig.owner.inn)
  })
})
