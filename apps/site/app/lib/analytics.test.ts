// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  delete window.ym
  vi.resetModules()
  vi.doUnmock('#app/config/env.ts')
  vi.useRealTimers()
  localStorage.clear()
  document.head.querySelectorAll('script').forEach((script) => script.remove())
})

const tagScripts = () =>
  document.querySelectorAll('script[src="https://mc.yandex.ru/metrika/tag.js"]')

async function loadWithCounter(metrikaId: string) {
  vi.doMock('#app/config/env.ts', () => ({
    env: { siteUrl: '', leadApiUrl: '', metrikaId, sentryDsn: '' },
  }))
  return import('./analytics')
}

describe('analytics', () => {
  it('is a no-op without a counter id', async () => {
    const { reachGoal, trackPageView, startAnalytics } = await loadWithCounter('')
    startAnalytics()
    reachGoal('sendForm')
    trackPageView('/')
    expect(window.ym).toBeUndefined()
    expect(document.querySelector('script[src*="mc.yandex.ru"]')).toBeNull()
  })

  it('queues init, then hits and goals, before the tag loads', async () => {
    const { reachGoal, trackPageView } = await loadWithCounter('123')
    trackPageView('/courses')
    reachGoal('openCourseDetails')
    const calls = window.ym?.a ?? []
    expect(calls.map((call) => call.slice(0, 3))).toEqual([
      ['123', 'init', expect.objectContaining({ defer: true })],
      ['123', 'hit', '/courses'],
      ['123', 'reachGoal', 'openCourseDetails'],
    ])
  })

  it('keeps a ym the page already has', async () => {
    const existing = Object.assign(vi.fn(), {})
    window.ym = existing
    const { reachGoal } = await loadWithCounter('123')
    reachGoal('copyNumber')
    expect(window.ym).toBe(existing)
    expect(existing).toHaveBeenLastCalledWith('123', 'reachGoal', 'copyNumber')
  })

  it('loads no tag before consent, and one once the visitor gives it', async () => {
    vi.useFakeTimers()
    const { startAnalytics, loadAnalytics, trackPageView } = await loadWithCounter('123')
    startAnalytics()
    trackPageView('/')
    vi.runAllTimers()
    expect(tagScripts()).toHaveLength(0)
    // The hit waits in the page's own queue; nothing has left the browser.
    expect(window.ym?.a?.map((call) => call[1])).toEqual(['init', 'hit'])

    loadAnalytics()
    loadAnalytics()
    vi.runAllTimers()
    expect(tagScripts()).toHaveLength(1)
  })

  it('a returning visitor who accepted gets the tag at once', async () => {
    vi.useFakeTimers()
    localStorage.setItem('cookieAccepted', 'true')
    const { startAnalytics } = await loadWithCounter('123')
    startAnalytics()
    vi.runAllTimers()
    expect(tagScripts()).toHaveLength(1)
  })
})
