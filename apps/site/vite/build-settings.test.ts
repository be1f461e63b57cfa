// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { BuildSettingsError, readBuildSettings, RELEASE_BUILD_FLAG } from './build-settings.ts'

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
      CMS_BACKEND: 'proxy',
      CMS_BRANCH: 'main',
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
      /SITE_PREVIEW: может быть только 1 или пустым/,
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
        'SITE_URL: нужен полный адрес, который начинается с http:// или https:// (сейчас «itlab-school.ru»)',
        'YANDEX_METRIKA_ID: нужны только цифры (сейчас «abc»)',
        'SENTRY_DSN: нужен DSN Sentry вида https://KEY@HOST/PROJECT_ID (сейчас «https://sentry.example/1»)',
        'TELEGRAM_NOTIFY: может быть только full или minimal (сейчас «all»)',
        'LEADS_RETENTION_DAYS: нужно целое число дней, не меньше 1 (сейчас «0»)',
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
        'SENTRY_COUNTRY: SENTRY_DSN ведёт не на sentry.io, поэтому впишите по-русски страну, где стоит сервер Sentry (сейчас не задано)',
      )
      expect(() =>
        country({ SENTRY_DSN: 'https://k@errors.itlab.ru/2', SENTRY_COUNTRY: 'РФ' }),
      ).toThrow('SENTRY_COUNTRY: для России пишите «Россия» (сейчас «РФ»)')
      expect(() =>
        country({ SENTRY_DSN: 'https://k@errors.itlab.ru/2', SENTRY_COUNTRY: 'Russia' }),
      ).toThrow('SENTRY_COUNTRY: нужно название страны по-русски (сейчас «Russia»)')
      expect(() =>
        country({ SENTRY_DSN: 'https://k@o1.ingest.de.sentry.io/2', SENTRY_COUNTRY: 'Россия' }),
      ).toThrow('SENTRY_COUNTRY: для DSN на sentry.io оставьте пустым или впишите «Германия»')
    })
  })

  describe("the owner's editor", () => {
    const editor = (env: NodeJS.ProcessEnv) => {
      const { CMS_BACKEND, CMS_BRANCH } = readBuildSettings(env)
      return { CMS_BACKEND, CMS_BRANCH }
    }

    it('is the editor gateway for npm start and the e2e, and none in a release naming none', () => {
      expect(editor({})).toEqual({ CMS_BACKEND: 'proxy', CMS_BRANCH: 'main' })
      expect(editor({ [RELEASE_BUILD_FLAG]: '1' }).CMS_BACKEND).toBe('')
      expect(
        editor({ [RELEASE_BUILD_FLAG]: '1', CMS_BACKEND: 'proxy', CMS_BRANCH: 'site' }),
      ).toEqual({ CMS_BACKEND: 'proxy', CMS_BRANCH: 'site' })
    })

    it('refuses a backend other than the gateway, naming the variable', () => {
      for (const backend of ['git-gateway', 'gitea', 'github']) {
        expect(() => editor({ CMS_BACKEND: backend })).toThrow(
          `CMS_BACKEND: может быть только proxy или пустым (сейчас «${backend}»)`,
        )
      }
    })
  })
})
