// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '#app/config/browser-storage.ts'

const SITE = 'https://itlab.example'
const DAY_MS = 86_400_000

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-01-10T09:00:00Z'))
})
afterEach(() => {
  vi.useRealTimers()
  vi.resetModules()
  vi.doUnmock('#app/config/env.ts')
  localStorage.clear()
  sessionStorage.clear()
  document.cookie = '_ym_uid=; expires=Thu, 01 Jan 1970 00:00:00 GMT'
})

async function load(metrikaId = '') {
  // A fresh module each time, reading the counter id given.
  vi.resetModules()
  vi.doMock('#app/config/env.ts', () => ({
    env: { siteUrl: SITE, leadApiUrl: '', metrikaId, sentryDsn: '' },
  }))
  return import('./attribution')
}

/** A page load of `address`, linked from `referrer`, at the fake clock's time. */
const open = async (address: string, referrer = '') => {
  const { captureVisit } = await load()
  captureVisit(new URL(address, SITE), referrer, Date.now())
}

const source = async (metrikaId = '') => (await load(metrikaId)).leadSource(Date.now())

describe('where a visitor came from', () => {
  it('keeps the tags of the address a visit began at, and its page, for this visit and as the first', async () => {
    await open('/course/4?utm_source=yandex&utm_medium=cpc&utm_campaign=zima-2027&yclid=77')
    const touch = {
      utm_source: 'yandex',
      utm_medium: 'cpc',
      utm_campaign: 'zima-2027',
      yclid: '77',
      landing: '/course/4',
    }
    expect(await source()).toEqual({ visit: touch, first: touch })
  })

  it("keeps another site's host only, never its page; the site's own pages are no source", async () => {
    await open('/', 'https://yandex.ru/search/?text=школа+программирования')
    expect(await source()).toEqual({
      visit: { referrer: 'yandex.ru', landing: '/' },
      first: { referrer: 'yandex.ru', landing: '/' },
    })
    await open('/courses', `${SITE}/`)
    expect((await source())?.visit).toEqual({ referrer: 'yandex.ru', landing: '/' })
  })

  it('a visit typed in keeps its landing page only and is no first visit', async () => {
    await open('/courses')
    expect(await source()).toEqual({ visit: { landing: '/courses' } })
  })

  it('keeps the first visit for 90 days, then a new one replaces it', async () => {
    await open('/?utm_source=vk&utm_campaign=osen')
    vi.setSystemTime(Date.now() + 89 * DAY_MS)
    sessionStorage.clear()
    await open('/?utm_source=yandex')
    expect(await source()).toEqual({
      visit: { utm_source: 'yandex', landing: '/' },
      first: { utm_source: 'vk', utm_campaign: 'osen', landing: '/' },
    })
    vi.setSystemTime(Date.now() + 2 * DAY_MS)
    // Past 90 days the old first visit is not sent, even before a new one replaces it.
    expect((await source())?.first).toBeUndefined()
    sessionStorage.clear()
    await open('/course/4?utm_source=google&gclid=abc')
    expect((await source())?.first).toEqual({
      utm_source: 'google',
      gclid: 'abc',
      landing: '/course/4',
    })
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.firstSource) ?? '')).toMatchObject({
      at: Date.now(),
    })
  })

  it('sends the Metrika ClientID only after «Понятно», and only with a counter', async () => {
    document.cookie = '_ym_uid=1732000000123456789'
    await open('/?utm_source=vk')
    expect((await source('12345678'))?.client_id).toBeUndefined()
    localStorage.setItem(STORAGE_KEYS.cookieAccepted, 'true')
    expect((await source(''))?.client_id).toBeUndefined()
    expect((await source('12345678'))?.client_id).toBe('1732000000123456789')
  })

  it('goes without a source when storage fails or holds something else', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError')
    })
    await open('/?utm_source=vk')
    expect(await source()).toBeUndefined()
    vi.restoreAllMocks()
    localStorage.setItem(STORAGE_KEYS.firstSource, '{not json')
    sessionStorage.setItem(STORAGE_KEYS.visitSource, '["a"]')
    expect(await source()).toBeUndefined()
  })
})
