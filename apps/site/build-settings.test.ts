// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { BuildSettingsError, readBuildSettings } from './build-settings.ts'

describe('site build settings', () => {
  it('has local defaults, so `npm run build` works with nothing set', () => {
    expect(readBuildSettings({})).toEqual({
      SITE_URL: 'http://127.0.0.1:3000',
      LEAD_API_URL: 'http://127.0.0.1:3001',
      YANDEX_METRIKA_ID: '',
      SENTRY_DSN: '',
      TELEGRAM_NOTIFY: 'full',
      LEADS_RETENTION_DAYS: 180,
    })
  })

  it('normalises what it reads', () => {
    const settings = readBuildSettings({
      SITE_URL: 'https://itlab-school.ru/',
      LEADS_RETENTION_DAYS: '30',
      TELEGRAM_NOTIFY: 'minimal',
    })
    expect(settings).toMatchObject({
      SITE_URL: 'https://itlab-school.ru',
      LEADS_RETENTION_DAYS: 30,
      TELEGRAM_NOTIFY: 'minimal',
    })
  })

  it('names each bad variable and why', () => {
    const read = () =>
      readBuildSettings({
        SITE_URL: 'itlab-school.ru',
        YANDEX_METRIKA_ID: 'abc',
        TELEGRAM_NOTIFY: 'all',
        LEADS_RETENTION_DAYS: '0',
      })
    expect(read).toThrow(BuildSettingsError)
    expect(read).toThrow(
      [
        'SITE_URL: must be an absolute http:// or https:// URL (got "itlab-school.ru")',
        'YANDEX_METRIKA_ID: must be digits only (got "abc")',
        'TELEGRAM_NOTIFY: must be "full" or "minimal" (got "all")',
        'LEADS_RETENTION_DAYS: must be a whole number of days, 1 or more (got "0")',
      ].join('\n  '),
    )
  })
})
