import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type * as Env from '#app/config/env.ts'

/** The strip and the head tags as a build with SITE_PREVIEW set (or not) bakes them. */
async function built(preview: boolean) {
  vi.resetModules()
  const { env } = await vi.importActual<typeof Env>('#app/config/env.ts')
  vi.doMock('#app/config/env.ts', () => ({ env: { ...env, preview } }))
  const { PreviewStrip } = await import('./preview-strip.tsx')
  const { seo } = await import('#app/lib/seo.ts')
  const robots = seo({ title: 'IT Lab', description: 'Школа', path: '/' }).find(
    (tag) => 'name' in tag && tag.name === 'robots',
  )
  return { PreviewStrip, robots }
}

afterEach(() => {
  vi.doUnmock('#app/config/env.ts')
})

describe('a preview before the launch', () => {
  it('says on every page that the site is being prepared, and asks no search engine to index it', async () => {
    const { PreviewStrip, robots } = await built(true)
    render(<PreviewStrip />)
    expect(screen.getByRole('note')).toHaveTextContent(/^Сайт готовится к запуску/)
    expect(robots).toMatchObject({ content: 'noindex, nofollow' })
  })

  it('is neither in a build for the launch', async () => {
    const { PreviewStrip, robots } = await built(false)
    const { container } = render(<PreviewStrip />)
    expect(container).toBeEmptyDOMElement()
    expect(robots).toMatchObject({ content: 'index, follow' })
  })
})
