// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { BuildSettingsError, readBuildSettings } from './build-settings.ts'

describe('site build settings', () => {
  it('has local defaults, so `npm run build` works with nothing set', () => {
    expect(readBuildSettings({})).toEqual({
      SITE_URL: 'http://127.0.0.1:3000',
      LEAD_API_URL: 'http://127.0.0.1:3001',
      SITE_PREVIEW: false,
      YANDEX_METRIKA_ID: '',
      SENTRY_DSN: '',
      SENTRY_COUNTRY: '',
      TELEGRAM_NOTIFY: 'full',
      LEADS_RETENTION_DAYS: 180,
      LEAD_CHANNELS: { email: null, webhook: null, alfacrm: null, bitrix24: null },
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

  it('runs no Metrika in a preview before the launch, whatever its counter', () => {
    const counted = { SITE_URL: 'https://itlab-school.ru', YANDEX_METRIKA_ID: '12345' }
    expect(readBuildSettings(counted)).toMatchObject({
      SITE_PREVIEW: false,
      YANDEX_METRIKA_ID: '12345',
    })
    expect(readBuildSettings({ ...counted, SITE_PREVIEW: '1' })).toMatchObject({
      SITE_PREVIEW: true,
      YANDEX_METRIKA_ID: '',
    })
    expect(() => readBuildSettings({ SITE_PREVIEW: 'yes' })).toThrow(
      /SITE_PREVIEW: must be 1 or empty/,
    )
  })

  it('names each bad variable and why', () => {
    const read = () =>
      readBuildSettings({
        SITE_URL: 'itlab-school.ru',
        YANDEX_METRIKA_ID: 'abc',
        SENTRY_DSN: 'https://sentry.example/1',
        TELEGRAM_NOTIFY: 'all',
        LEADS_RETENTION_DAYS: '0',
      })
    expect(read).toThrow(BuildSettingsError)
    expect(read).toThrow(
      [
        'SITE_URL: must be an absolute http:// or https:// URL (got "itlab-school.ru")',
        'YANDEX_METRIKA_ID: must be digits only (got "abc")',
        'SENTRY_DSN: must be a Sentry DSN: https://KEY@HOST/PROJECT_ID (got "https://sentry.example/1")',
        'TELEGRAM_NOTIFY: must be "full" or "minimal" (got "all")',
        'LEADS_RETENTION_DAYS: must be a whole number of days, 1 or more (got "0")',
      ].join('\n  '),
    )
  })

  describe('the country of the Sentry server, which the policies name', () => {
    const country = (env: NodeJS.ProcessEnv) => readBuildSettings(env).SENTRY_COUNTRY

    it('is read from a sentry.io DSN: its EU region is in Germany, the rest in the USA', () => {
      expect(country({ SENTRY_DSN: 'https://k@o1.ingest.de.sentry.io/2' })).toBe('Германия')
      expect(country({ SENTRY_DSN: 'https://k@o1.ingest.us.sentry.io/2' })).toBe('США')
      expect(country({ SENTRY_DSN: 'https://k@o1.ingest.sentry.io/2' })).toBe('США')
      expect(
        country({ SENTRY_DSN: 'https://k@o1.ingest.sentry.io/2', SENTRY_COUNTRY: 'США' }),
      ).toBe('США')
    })

    it('is stated for any other server, and Russia is written one way', () => {
      expect(country({ SENTRY_DSN: 'https://k@errors.itlab.ru/2', SENTRY_COUNTRY: 'Россия' })).toBe(
        'Россия',
      )
      expect(country({ SENTRY_COUNTRY: 'Россия' })).toBe('')
      expect(() => country({ SENTRY_DSN: 'https://k@errors.itlab.ru/2' })).toThrow(
        'SENTRY_COUNTRY: required with a SENTRY_DSN outside sentry.io: the country of that server (got undefined)',
      )
      expect(() =>
        country({ SENTRY_DSN: 'https://k@errors.itlab.ru/2', SENTRY_COUNTRY: 'РФ' }),
      ).toThrow('SENTRY_COUNTRY: write "Россия" for Russia (got "РФ")')
      expect(() =>
        country({ SENTRY_DSN: 'https://k@errors.itlab.ru/2', SENTRY_COUNTRY: 'Russia' }),
      ).toThrow('SENTRY_COUNTRY: must be a country name in Russian (got "Russia")')
      expect(() =>
        country({ SENTRY_DSN: 'https://k@o1.ingest.de.sentry.io/2', SENTRY_COUNTRY: 'Россия' }),
      ).toThrow('SENTRY_COUNTRY: must be empty or "Германия" for a sentry.io DSN')
    })
  })
})
