import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { school } from '#app/config/school.ts'
import { consentDocument } from '#app/content/policies/consent.ts'
import { cookiePolicy } from '#app/content/policies/cookie-policy.ts'
import { personalDataPolicy } from '#app/content/policies/personal-data-policy.ts'
import { privacyPolicy } from '#app/content/policies/privacy-policy.ts'
import { policyCtx } from './policy-ctx'
import { PolicyView } from './policy-view'

describe('PolicyView', () => {
  for (const build of [privacyPolicy, personalDataPolicy, cookiePolicy, consentDocument]) {
    const policy = build(policyCtx)
    it(`renders «${policy.title}» with the operator and the site's address`, () => {
      const { container } = render(<PolicyView document={policy} />)
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(policy.title)
      const text = container.textContent ?? ''
      expect(text).toContain('https://itlab.example')
      expect(text).toContain(school.owner.name)

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
    render(<PolicyView document={personalDataPolicy(policyCtx)} />)
    expect(screen.getByText(`г. ${school.city}`)).toBeInTheDocument()
    expect(screen.getByText(/Редакция от \d{1,2} [а-я]+ \d{4} г\./)).toBeInTheDocument()
  })

  it("names the operator with the facts file's ИНН and ОГРНИП", () => {
    const { container } = render(<PolicyView document={privacyPolicy(policyCtx)} />)
    expect(container.textContent).toContain(
      `${school.owner.name} (ИНН ${school.owner.inn}, ОГРНИП ${school.owner.ogrnip}`,
    )
  })
})
