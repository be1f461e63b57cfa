import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { parseEnv as parseDotenv } from 'node:util'
import { ConfigError, REPO_ROOT, emailConfig, envSchema, parseConfig, parseEnv } from './config.ts'

const telegram = { TELEGRAM_BOT_TOKEN: '123:abc', TELEGRAM_CHAT_ID: '-100' }

describe('parseConfig', () => {
  it('has working defaults with an empty environment', () => {
    expect(parseConfig({}, '/srv')).toEqual({
      port: 3001,
      host: '127.0.0.1',
      // The documented default: data/leads.sqlite at the repository's root, wherever it runs from.
      dbPath: path.join(REPO_ROOT, 'data', 'leads.sqlite'),
      siteOrigins: ['http://127.0.0.1:3000', 'http://localhost:3000'],
      rateLimit: { max: 10, windowMs: 60_000 },
      trustProxy: false,
      telegram: null,
      outbox: {
        pollMs: 30_000,
        retryBaseMs: 2_000,
        retryMaxMs: 300_000,
        sendIntervalMs: 1_000,
        notify: 'full',
        desk: {
          reminderAfterMs: 86_400_000,
          workingHours: { from: 9, to: 20 },
          digest: { weekday: 1, hour: 9 },
        },
      },
      channels: {
        email: null,
        webhook: null,
        alfacrm: null,
        bitrix24: null,
        worker: { timeoutMs: 15_000, maxAttempts: 30 },
      },
      retentionDays: 180,
      logLevel: 'info',
    })
  })

  it.each([
    ['LEAD_PORT', { LEAD_PORT: '8080' }, { port: 8080 }],
    ['LEAD_HOST', { LEAD_HOST: '0.0.0.0' }, { host: '0.0.0.0' }],
    ['relative LEADS_DB from cwd', { LEADS_DB: 'x/leads.db' }, { dbPath: '/srv/x/leads.db' }],
    ['absolute LEADS_DB', { LEADS_DB: '/var/lib/leads.db' }, { dbPath: '/var/lib/leads.db' }],
    [
      'SITE_ORIGIN list',
      { SITE_ORIGIN: 'https://itlab.example, https://www.itlab.example' },
      { siteOrigins: ['https://itlab.example', 'https://www.itlab.example'] },
    ],
    [
      'rate limit',
      { RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_MS: '30000' },
      { rateLimit: { max: 5, windowMs: 30_000 } },
    ],
    ['TRUST_PROXY true', { TRUST_PROXY: 'true' }, { trustProxy: true }],
    [
      'TRUST_PROXY addresses',
      { TRUST_PROXY: 'loopback, 10.0.0.0/8' },
      { trustProxy: ['loopback', '10.0.0.0/8'] },
    ],
    [
      'blank values fall back',
      { LEAD_PORT: ' ', TELEGRAM_BOT_TOKEN: '' },
      { port: 3001, telegram: null },
    ],
    [
      'Telegram on',
      { ...telegram, TELEGRAM_API_URL: 'http://127.0.0.1:9999/' },
      {
        telegram: {
          apiUrl: 'http://127.0.0.1:9999',
          token: '123:abc',
          chatId: '-100',
          timeoutMs: 10_000,
          pollTimeoutS: 25,
        },
      },
    ],
    [
      'the lead desk',
      {
        REMINDER_AFTER_HOURS: '0',
        WORKING_HOURS: '8-21',
        DIGEST_WEEKDAY: '5',
        DIGEST_HOUR: '18',
        TELEGRAM_POLL_TIMEOUT_S: '50',
      },
      {
        outbox: expect.objectContaining({
          desk: {
            reminderAfterMs: 0,
            workingHours: { from: 8, to: 21 },
            digest: { weekday: 5, hour: 18 },
          },
        }),
      },
    ],
    [
      'no digest',
      { DIGEST_WEEKDAY: '0' },
      { outbox: expect.objectContaining({ desk: expect.objectContaining({ digest: null }) }) },
    ],
    [
      'a group chat paced to 20 a minute',
      telegram,
      { outbox: expect.objectContaining({ sendIntervalMs: 3_000 }) },
    ],
    [
      'a private chat paced to 1 a second',
      { ...telegram, TELEGRAM_CHAT_ID: '12345' },
      { outbox: expect.objectContaining({ sendIntervalMs: 1_000 }) },
    ],
    [
      'TELEGRAM_SEND_INTERVAL_MS',
      { ...telegram, TELEGRAM_SEND_INTERVAL_MS: '5000' },
      { outbox: expect.objectContaining({ sendIntervalMs: 5_000 }) },
    ],
    [
      'TELEGRAM_NOTIFY',
      { TELEGRAM_NOTIFY: 'minimal' },
      { outbox: expect.objectContaining({ notify: 'minimal' }) },
    ],
    ['LEADS_RETENTION_DAYS', { LEADS_RETENTION_DAYS: '30' }, { retentionDays: 30 }],
    [
      'Telegram default API',
      telegram,
      { telegram: expect.objectContaining({ apiUrl: 'https://api.telegram.org' }) },
    ],
  ])('reads %s', (_case, env, expected) => {
    expect(parseConfig(env, '/srv')).toMatchObject(expected)
  })

  it('resolves a relative LEADS_DB against the folder npm was run from', () => {
    expect(parseConfig({ LEADS_DB: 'x.db', INIT_CWD: '/home/owner' }).dbPath).toBe(
      '/home/owner/x.db',
    )
  })

  it.each([
    ['port not a number', { LEAD_PORT: 'abc' }, /LEAD_PORT/],
    ['port out of range', { LEAD_PORT: '70000' }, /LEAD_PORT/],
    ['rate limit zero', { RATE_LIMIT_MAX: '0' }, /RATE_LIMIT_MAX/],
    ['origin with a path', { SITE_ORIGIN: 'https://itlab.example/' }, /bare origins/],
    ['origin not a URL', { SITE_ORIGIN: 'itlab' }, /invalid origin/],
    ['token without chat', { TELEGRAM_BOT_TOKEN: 'x' }, /set together/],
    ['chat without token', { TELEGRAM_CHAT_ID: '1' }, /set together/],
    ['hop count proxy', { TRUST_PROXY: '1' }, /TRUST_PROXY/],
    ['unknown notify mode', { TELEGRAM_NOTIFY: 'none' }, /TELEGRAM_NOTIFY/],
    ['retention of zero days', { LEADS_RETENTION_DAYS: '0' }, /LEADS_RETENTION_DAYS/],
    ['working hours backwards', { WORKING_HOURS: '20-9' }, /WORKING_HOURS must be FROM-TO/],
    ['working hours past midnight', { WORKING_HOURS: '9-25' }, /WORKING_HOURS/],
    ['digest on day 8', { DIGEST_WEEKDAY: '8' }, /DIGEST_WEEKDAY/],
    ['a long poll over 50 s', { TELEGRAM_POLL_TIMEOUT_S: '60' }, /TELEGRAM_POLL_TIMEOUT_S/],
    ['negative interval', { TELEGRAM_SEND_INTERVAL_MS: '-1' }, /TELEGRAM_SEND_INTERVAL_MS/],
    [
      'cap below base',
      { OUTBOX_RETRY_BASE_MS: '5000', OUTBOX_RETRY_MAX_MS: '1000' },
      /OUTBOX_RETRY_MAX_MS/,
    ],
  ])('rejects %s', (_case, env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError)
    expect(() => parseConfig(env)).toThrow(message)
  })

  it('names every bad variable and its rule at once', () => {
    expect(() =>
      parseConfig({ LEAD_PORT: 'abc', RATE_LIMIT_MAX: '0', TELEGRAM_NOTIFY: 'loud' }),
    ).toThrow(
      'LEAD_PORT must be an integer from 0 to 65535, got "abc"; ' +
        'RATE_LIMIT_MAX must be an integer from 1 to 1000000, got "0"; ' +
        'TELEGRAM_NOTIFY must be full or minimal, got "loud"',
    )
  })
})

describe('the alert e-mail settings', () => {
  const read = (env: Record<string, string>) =>
    emailConfig(
      parseEnv(
        envSchema.pick({ SMTP_URL: true, ALERT_EMAIL_TO: true, ALERT_EMAIL_FROM: true }),
        env,
      ),
    )

  it('none, or a server with addresses; the sender is the SMTP login by default', () => {
    expect(read({ SMTP_URL: '', ALERT_EMAIL_TO: ' ' })).toBeNull()
    expect(
      read({
        SMTP_URL: 'smtps://alerts%40itlab.example:p%40ss@smtp.example.ru:465',
        ALERT_EMAIL_TO: 'a@itlab.example, b@itlab.example',
      }),
    ).toEqual({
      smtpUrl: 'smtps://alerts%40itlab.example:p%40ss@smtp.example.ru:465',
      from: 'alerts@itlab.example',
      to: ['a@itlab.example', 'b@itlab.example'],
    })
    expect(
      read({
        SMTP_URL: 'smtp://login:secret@127.0.0.1:2525',
        ALERT_EMAIL_TO: 'a@itlab.example',
        ALERT_EMAIL_FROM: 'it-lab@itlab.example',
      }),
    ).toMatchObject({ from: 'it-lab@itlab.example' })
  })

  it.each([
    [
      { SMTP_URL: 'smtps://smtp.example.ru:465' },
      'SMTP_URL and ALERT_EMAIL_TO must be set together',
    ],
    [{ ALERT_EMAIL_TO: 'a@itlab.example' }, 'SMTP_URL and ALERT_EMAIL_TO must be set together'],
    [{ SMTP_URL: 'smtp://login@host', ALERT_EMAIL_TO: 'a@b.ru' }, /ALERT_EMAIL_FROM must be set/],
    [{ SMTP_URL: 'smtp://host/path', ALERT_EMAIL_TO: 'a@b.ru' }, /SMTP_URL must be smtp:/],
    [{ SMTP_URL: 'smtp://host', ALERT_EMAIL_TO: 'a@b.ru; c@d.ru' }, /ALERT_EMAIL_TO must be/],
    [
      { SMTP_URL: 'smtp://host', ALERT_EMAIL_TO: 'a@b.ru', ALERT_EMAIL_FROM: 'x' },
      /ALERT_EMAIL_FROM must be/,
    ],
  ])('refuses %j', (env, message) => {
    expect(() => read(env)).toThrow(message)
  })
})

describe('the lead channels besides Telegram', () => {
  const SECRET = 'x'.repeat(32)
  const ALFA = {
    ALFACRM_URL: 'https://school.s20.online',
    ALFACRM_EMAIL: 'api@itlab.example',
    ALFACRM_API_KEY: 'key',
    ALFACRM_BRANCH_ID: '1',
  }

  it('each is on when its variables are set, and only then', () => {
    expect(
      parseConfig({
        SMTP_URL: 'smtps://site%40itlab.example:pw@smtp.example.ru:465',
        LEAD_EMAIL_TO: 'school@itlab.example, owner@itlab.example',
        LEAD_WEBHOOK_URL: 'https://hook.example.ru/in',
        LEAD_WEBHOOK_SECRET: SECRET,
        LEAD_WEBHOOK_RECEIVER: 'сервис Albato',
        ...ALFA,
        ALFACRM_LEAD_SOURCE_ID: '4',
        BITRIX24_WEBHOOK_URL: 'https://school.bitrix24.ru/rest/1/abc123/',
        CHANNEL_MAX_ATTEMPTS: '5',
      }).channels,
    ).toEqual({
      email: {
        smtpUrl: 'smtps://site%40itlab.example:pw@smtp.example.ru:465',
        from: 'site@itlab.example',
        to: ['school@itlab.example', 'owner@itlab.example'],
        timeoutMs: 15_000,
      },
      webhook: { url: 'https://hook.example.ru/in', secret: SECRET },
      alfacrm: {
        url: 'https://school.s20.online',
        email: 'api@itlab.example',
        apiKey: 'key',
        branchId: 1,
        leadSourceId: 4,
      },
      bitrix24: { webhookUrl: 'https://school.bitrix24.ru/rest/1/abc123/', sourceId: 'WEB' },
      worker: { timeoutMs: 15_000, maxAttempts: 5 },
    })
  })

  it('SMTP_URL may serve the leads alone: the alert e-mail stays off', () => {
    const env = { SMTP_URL: 'smtp://site%40itlab.example@127.0.0.1:2525', LEAD_EMAIL_TO: 'a@b.ru' }
    expect(parseConfig(env).channels.email).toMatchObject({ to: ['a@b.ru'] })
    expect(
      emailConfig(
        parseEnv(
          envSchema.pick({
            SMTP_URL: true,
            ALERT_EMAIL_TO: true,
            ALERT_EMAIL_FROM: true,
            LEAD_EMAIL_TO: true,
          }),
          env,
        ),
      ),
    ).toBeNull()
  })

  it.each([
    [
      'an address list without a server',
      { LEAD_EMAIL_TO: 'a@b.ru' },
      'LEAD_EMAIL_TO needs SMTP_URL',
    ],
    [
      'a webhook without its secret',
      { LEAD_WEBHOOK_URL: 'https://hook.example.ru', LEAD_WEBHOOK_RECEIVER: 'сервис' },
      'LEAD_WEBHOOK_SECRET must be set for the webhook channel',
    ],
    [
      'a webhook without its receiver',
      { LEAD_WEBHOOK_URL: 'https://hook.example.ru', LEAD_WEBHOOK_SECRET: SECRET },
      'LEAD_WEBHOOK_RECEIVER must be set for the webhook channel',
    ],
    [
      'a short webhook secret',
      {
        LEAD_WEBHOOK_URL: 'https://h.ru',
        LEAD_WEBHOOK_SECRET: 'short',
        LEAD_WEBHOOK_RECEIVER: 'с',
      },
      'LEAD_WEBHOOK_SECRET must be at least 32 characters',
    ],
    [
      'a webhook over plain http',
      {
        LEAD_WEBHOOK_URL: 'http://hook.example.ru',
        LEAD_WEBHOOK_SECRET: SECRET,
        LEAD_WEBHOOK_RECEIVER: 'с',
      },
      'LEAD_WEBHOOK_URL must be an https:// URL',
    ],
    [
      'AlfaCRM without its key',
      { ...ALFA, ALFACRM_API_KEY: '' },
      'ALFACRM_API_KEY must be set for the AlfaCRM channel',
    ],
    [
      'AlfaCRM without its branch',
      { ...ALFA, ALFACRM_BRANCH_ID: '' },
      'ALFACRM_BRANCH_ID must be set for the AlfaCRM channel',
    ],
    [
      'an AlfaCRM source without AlfaCRM',
      { ALFACRM_LEAD_SOURCE_ID: '3' },
      'ALFACRM_LEAD_SOURCE_ID and ALFACRM_LEAD_STATUS_ID need ALFACRM_URL',
    ],
    [
      'a Bitrix24 address that is not an inbound webhook',
      { BITRIX24_WEBHOOK_URL: 'https://school.bitrix24.ru/crm/' },
      "BITRIX24_WEBHOOK_URL must be the portal's inbound webhook",
    ],
  ])('refuses %s, naming the variable', (_case, env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError)
    expect(() => parseConfig(env)).toThrow(message)
  })
})

describe('.env.example', () => {
  const example = parseDotenv(
    readFileSync(new URL('../.env.example', import.meta.url), 'utf8'),
  ) as Record<string, string>

  it('lists exactly the variables the schema reads', () => {
    expect(Object.keys(example).sort()).toEqual(Object.keys(envSchema.shape).sort())
  })

  it('the production template names only variables the schema reads, and all of them', () => {
    const template = readFileSync(
      new URL('../../../deploy/lead-bot.env.example', import.meta.url),
      'utf8',
    )
    // Commented-out lines (#KEY=…) count: they name a setting left to the unit or the image.
    const keys = [...template.matchAll(/^#?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1])
    expect([...new Set(keys)].sort()).toEqual(Object.keys(envSchema.shape).sort())
  })

  it('shows the defaults: parsed as it is, it gives the same settings as an empty environment', () => {
    expect(parseConfig(example, '/srv')).toEqual(parseConfig({}, '/srv'))
  })
})
