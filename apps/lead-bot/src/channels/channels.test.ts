import path from 'node:path'
import { COURSE_CATALOGUE } from '@it-lab/shared'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { ExtraChannelName } from '../channel-names.ts'
import { openLeadStore } from '../store/lead-store.ts'
import type { LeadStore } from '../store/lead-store.ts'
import type { NewLead } from '../store/rows.ts'
import {
  ALFACRM_TOKEN_LIFETIME_MS,
  startFakeAlfaCrm,
  startFakeBitrix24,
  startFakeWebhook,
  WEBHOOK_REMEMBER_MS,
  WEBHOOK_TOLERANCE_S,
  webhookReceiver,
} from '../../harness/fake-receivers.ts'
import { startSmtp } from '../../harness/smtp.ts'
import { TEST_CONSENT, phoneFor } from '../../harness/sample-leads.ts'
import { eventually, MEMORY_DIR, recordingLog, tempDir } from '../../test/helpers.ts'
import { createAlfaCrmChannel, TOKEN_REFRESH_MS } from './alfacrm.ts'
import { createBitrix24Channel } from './bitrix24.ts'
import { createEmailChannel } from './email.ts'
import { createWebhookChannel, webhookSignature } from './webhook.ts'
import { createChannels } from './worker.ts'
import type { Channel, ChannelWorkerConfig, Channels } from './worker.ts'

const temp = tempDir('lead-bot-channels-', MEMORY_DIR)
afterAll(() => temp.remove())

const SECRET = 'a-webhook-secret-of-more-than-32-characters'
const COURSE = COURSE_CATALOGUE[0]
if (!COURSE) throw new Error('the catalogue has no course')

const CONFIG: ChannelWorkerConfig = {
  pollMs: 1_000,
  retryBaseMs: 20,
  retryMaxMs: 200,
  timeoutMs: 30_000,
  maxAttempts: 3,
}

function lead(n: number, extra: Partial<NewLead> = {}): NewLead {
  return {
    name: `Ученик ${n}`,
    phone: phoneFor(n),
    form: 'feedback',
    consentVersion: TEST_CONSENT,
    course: COURSE?.id ?? null,
    page: `/courses/${n}`,
    ...extra,
  }
}

/** A lead from a Yandex Direct ad, with Metrika's ClientID (docs/decisions/0078). */
const AD_SOURCE = {
  visit: {
    utm_source: 'yandex',
    utm_medium: 'cpc',
    utm_campaign: 'zima-2027',
    utm_content: 'banner-1',
    utm_term: 'python для детей',
    yclid: '5550001',
    landing: '/course/4',
  },
  client_id: '1732000000123456789',
}

let dbNumber = 0
const cleanup: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

function newStore(channels: ExtraChannelName[]): LeadStore {
  dbNumber += 1
  const store = openLeadStore(path.join(temp.dir, `channels-${dbNumber}.sqlite`))
  store.setChannels(channels, Date.now())
  cleanup.push(() => store.close())
  return store
}

function run(store: LeadStore, channels: Channel[], config: Partial<ChannelWorkerConfig> = {}) {
  const log = recordingLog()
  const workers: Channels = createChannels({
    store,
    channels,
    config: { ...CONFIG, ...config },
    log,
  })
  workers.start()
  cleanup.push(() => workers.stop())
  return { workers, log }
}

const state = (store: LeadStore, channel: ExtraChannelName) =>
  store.channelStats([channel])[channel]

describe('the signed webhook', () => {
  it('posts each lead as versioned JSON, signed, with the lead id to drop repeats', async () => {
    const receiver = await startFakeWebhook(SECRET)
    cleanup.push(() => receiver.close())
    const store = newStore(['webhook'])
    const stored = store.insert(lead(1), Date.now())
    run(store, [createWebhookChannel({ url: `${receiver.url}/hook`, secret: SECRET })])
    await eventually(() => expect(state(store, 'webhook')).toMatchObject({ pending: 0 }))
    expect(receiver.received).toHaveLength(1)
    const [hook] = receiver.received
    expect(hook).toMatchObject({ signed: true, refused: undefined, delivery: String(stored.id) })
    expect(hook?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
    expect(hook?.timestamp).toBeGreaterThan(Date.now() / 1000 - 60)
    expect(hook?.body).toMatchObject({
      version: 1,
      event: 'lead.created',
      lead: {
        id: stored.id,
        received_at: stored.receivedAt,
        name: 'Ученик 1',
        phone: phoneFor(1),
        course: { id: COURSE.id, title: COURSE.title },
        page: '/courses/1',
        source: null,
      },
    })
    await eventually(() => expect(state(store, 'webhook')).toMatchObject({ pending: 0, failed: 0 }))
  })

  it("carries the lead's source: this visit's tags, click ids, linking site and landing page", async () => {
    const receiver = await startFakeWebhook(SECRET)
    cleanup.push(() => receiver.close())
    const store = newStore(['webhook'])
    store.insert(lead(2, { source: AD_SOURCE }), Date.now())
    run(store, [createWebhookChannel({ url: receiver.url, secret: SECRET })])
    await eventually(() => expect(receiver.received).toHaveLength(1))
    expect(receiver.received[0]?.body).toMatchObject({
      lead: {
        source: {
          utm_source: 'yandex',
          utm_medium: 'cpc',
          utm_campaign: 'zima-2027',
          utm_content: 'banner-1',
          utm_term: 'python для детей',
          yclid: '5550001',
          gclid: null,
          referrer: null,
          landing_page: '/course/4',
          text: 'yandex / cpc / zima-2027',
          first_visit: false,
        },
      },
    })
    expect(JSON.stringify(receiver.received[0]?.body)).not.toContain(AD_SOURCE.client_id)
  })

  it('a signature made with another secret does not verify', async () => {
    const receiver = await startFakeWebhook('another-secret-of-more-than-32-characters')
    cleanup.push(() => receiver.close())
    const store = newStore(['webhook'])
    store.insert(lead(1), Date.now())
    run(store, [createWebhookChannel({ url: receiver.url, secret: SECRET })])
    await eventually(() => expect(receiver.received).toHaveLength(1))
    expect(receiver.received[0]).toMatchObject({ signed: false, refused: 'forged' })
    // Refused with 401: a dead letter, never taken.
    await eventually(() => expect(state(store, 'webhook')).toMatchObject({ failed: 1 }))
  })

  /** One lead delivered to a fresh receiver; what it got, to send again. */
  async function delivered() {
    const receiver = await startFakeWebhook(SECRET)
    cleanup.push(() => receiver.close())
    const store = newStore(['webhook'])
    const stored = store.insert(lead(1), Date.now())
    run(store, [createWebhookChannel({ url: receiver.url, secret: SECRET })])
    await eventually(() => expect(state(store, 'webhook')).toMatchObject({ pending: 0 }))
    const [hook] = receiver.received
    if (!hook?.signature || hook.timestamp === undefined) throw new Error('no signed delivery')
    const post = (raw: string, signature = hook.signature) =>
      fetch(receiver.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-itlab-signature': signature ?? '' },
        body: raw,
      })
    return { receiver, stored, hook, post, sentAtMs: hook.timestamp * 1000 }
  }

  it('a delivery sent again as it was is a repeat: answered 2xx, not taken twice', async () => {
    const { receiver, hook, post } = await delivered()
    expect(hook.refused).toBeUndefined()
    const again = await post(hook.raw)
    expect(again.status).toBe(204)
    expect(receiver.received[1]).toMatchObject({ signed: true, refused: 'repeat' })
  })

  it('the same bytes more than 5 minutes after (or before) their signed time are stale', async () => {
    const { hook, sentAtMs } = await delivered()
    const tolerance = WEBHOOK_TOLERANCE_S * 1000
    const check = (now: number) => webhookReceiver(SECRET).check(hook.raw, hook.signature, now)
    expect(check(sentAtMs + tolerance)).toMatchObject({ ok: true })
    expect(check(sentAtMs + tolerance + 1_000)).toEqual({ ok: false, refused: 'stale' })
    expect(check(sentAtMs - tolerance)).toMatchObject({ ok: true })
    expect(check(sentAtMs - tolerance - 1_000)).toEqual({ ok: false, refused: 'stale' })
  })

  it('a body or a time changed on the way does not verify: 401, not taken', async () => {
    const { receiver, hook, stored, post } = await delivered()
    const tampered = hook.raw.replace(phoneFor(1), phoneFor(2))
    expect(tampered).not.toBe(hook.raw)
    expect((await post(tampered)).status).toBe(401)
    // A new lead id would get past the receiver's memory of taken ones.
    const renumbered = hook.raw.replace(`"id":${stored.id},`, `"id":${stored.id + 1000},`)
    expect(renumbered).not.toBe(hook.raw)
    expect((await post(renumbered)).status).toBe(401)
    // A fresh time on the old signature.
    const later = hook.signature?.replace(/^t=\d+/, `t=${(hook.timestamp ?? 0) + 600}`)
    expect((await post(hook.raw, later)).status).toBe(401)
    expect((await post(hook.raw, '')).status).toBe(401)
    expect(receiver.received.slice(1).map((hook) => hook.refused)).toEqual([
      'forged',
      'forged',
      'forged',
      'forged',
    ])
  })

  it('a taken lead signed afresh is still a repeat, until the receiver forgets it', async () => {
    const { hook, stored, sentAtMs } = await delivered()
    const receiver = webhookReceiver(SECRET)
    expect(receiver.check(hook.raw, hook.signature, sentAtMs)).toEqual({
      ok: true,
      leadId: stored.id,
    })
    receiver.taken(stored.id, sentAtMs)
    const resent = sentAtMs + 60_000
    const signature = webhookSignature(hook.raw, SECRET, resent)
    expect(receiver.check(hook.raw, signature, resent)).toEqual({ ok: false, refused: 'repeat' })
    const muchLater = sentAtMs + WEBHOOK_REMEMBER_MS
    const fresh = webhookSignature(hook.raw, SECRET, muchLater)
    expect(receiver.check(hook.raw, fresh, muchLater)).toMatchObject({ ok: true })
  })

  it('retries a 5xx after the Retry-After it names, and a 4xx is a dead letter at once', async () => {
    const receiver = await startFakeWebhook(SECRET)
    cleanup.push(() => receiver.close())
    const store = newStore(['webhook'])
    receiver.answer(503, { 'retry-after': '1' })
    const first = store.insert(lead(1), Date.now())
    const { log } = run(store, [createWebhookChannel({ url: receiver.url, secret: SECRET })])
    await eventually(() => expect(receiver.received.length).toBeGreaterThanOrEqual(1))
    await eventually(() =>
      expect(log.entries).toContainEqual(
        expect.objectContaining({
          message: 'lead delivery failed; will retry',
          details: expect.objectContaining({ error: 'HTTP 503', retryInMs: 1_000 }),
        }),
      ),
    )
    receiver.answer(204)
    await eventually(() => expect(state(store, 'webhook')).toMatchObject({ pending: 0 }))
    expect(receiver.received.map((hook) => hook.delivery)).toEqual([
      String(first.id),
      String(first.id),
    ])
    // The retry is signed afresh (a new time) for the same lead id, which the receiver dedupes on.
    const [tried, retried] = receiver.received
    expect(retried).toMatchObject({ signed: true, refused: undefined })
    expect(retried?.body).toMatchObject({ lead: { id: first.id } })
    expect(tried?.body).toMatchObject({ lead: { id: first.id } })
    expect(retried?.timestamp).toBeGreaterThan(tried?.timestamp ?? Infinity)
    expect(retried?.signature).not.toBe(tried?.signature)

    receiver.answer(410)
    store.insert(lead(2), Date.now())
    await eventually(() => expect(state(store, 'webhook')).toMatchObject({ failed: 1 }))
    expect(receiver.received).toHaveLength(3)
    const dead = log.entries.find((entry) => entry.level === 'error')
    expect(dead?.details).toMatchObject({ channel: 'webhook', attempts: 1, error: 'HTTP 410' })
    // No name or phone in any log line.
    expect(JSON.stringify(log.entries)).not.toMatch(/Ученик|912/)
  })

  it('a hanging receiver is cut at the timeout and never holds up the e-mail', async () => {
    const receiver = await startFakeWebhook(SECRET)
    const smtp = await startSmtp()
    cleanup.push(
      () => receiver.close(),
      () => smtp.close(),
    )
    receiver.hang(true)
    const store = newStore(['email', 'webhook'])
    run(
      store,
      [
        createWebhookChannel({ url: receiver.url, secret: SECRET }),
        createEmailChannel({
          smtpUrl: smtp.url,
          from: 'site@itlab.example',
          to: ['school@itlab.example'],
          timeoutMs: 30_000,
        }),
      ],
      { timeoutMs: 60_000 },
    )
    // Cleanup runs last-in first: the held call is answered before the workers stop.
    cleanup.push(() => receiver.hang(false))
    store.insert(lead(1), Date.now())
    store.insert(lead(2), Date.now())
    // Both letters arrive while the webhook's first call is still unanswered.
    await eventually(() => expect(smtp.mails).toHaveLength(2))
    expect(receiver.received).toHaveLength(1)
    await eventually(() => expect(state(store, 'webhook')).toMatchObject({ pending: 2 }))
    await eventually(() => expect(state(store, 'email')).toMatchObject({ pending: 0, failed: 0 }))
  })

  it('a call with no answer counts as failed after CHANNEL_TIMEOUT_MS and is retried', async () => {
    const receiver = await startFakeWebhook(SECRET)
    cleanup.push(() => receiver.close())
    receiver.hang(true)
    const store = newStore(['webhook'])
    const { log } = run(store, [createWebhookChannel({ url: receiver.url, secret: SECRET })], {
      timeoutMs: 300,
    })
    store.insert(lead(1), Date.now())
    await eventually(() =>
      expect(log.entries).toContainEqual(
        expect.objectContaining({
          details: expect.objectContaining({ error: 'no answer within 300 ms' }),
        }),
      ),
    )
    receiver.hang(false)
    await eventually(() => expect(state(store, 'webhook')).toMatchObject({ pending: 0, failed: 0 }))
  })
})

describe('the e-mail channel', () => {
  it('sends one plain Russian letter per lead', async () => {
    const smtp = await startSmtp()
    cleanup.push(() => smtp.close())
    const store = newStore(['email'])
    const stored = store.insert(lead(7, { group: 'other' }), Date.now())
    run(store, [
      createEmailChannel({
        smtpUrl: smtp.url,
        from: 'site@itlab.example',
        to: ['school@itlab.example', 'owner@itlab.example'],
        timeoutMs: 30_000,
      }),
    ])
    await eventually(() => expect(smtp.mails).toHaveLength(1))
    const [mail] = smtp.mails
    expect(mail?.to).toEqual(['school@itlab.example', 'owner@itlab.example'])
    expect(mail?.subject).toBe(`Новая заявка с сайта: ${COURSE.title}, Ученик 7`)
    expect(mail?.text).toContain(`Заявка №${stored.id} с сайта.`)
    expect(mail?.text).toContain('Имя: Ученик 7')
    expect(mail?.text).toContain(`Телефон: ${phoneFor(7)}`)
    expect(mail?.text).toContain(`Курс: ${COURSE.title}`)
    expect(mail?.text).toContain('Группа: другое время')
    expect(mail?.text).toContain('Страница: /courses/7')
    expect(mail?.text).toMatch(/Время: \d\d\.\d\d\.\d{4}, \d\d:\d\d \(Астрахань\)/)
    await eventually(() => expect(state(store, 'email')).toMatchObject({ pending: 0 }))
  })

  it('a refusing server (550) is retried, then the lead is a dead letter; resent once it takes mail', async () => {
    const smtp = await startSmtp()
    cleanup.push(() => smtp.close())
    smtp.refuse(true)
    const store = newStore(['email'])
    store.insert(lead(1), Date.now())
    const { log } = run(
      store,
      [
        createEmailChannel({
          smtpUrl: smtp.url,
          from: 'site@itlab.example',
          to: ['school@itlab.example'],
          timeoutMs: 30_000,
        }),
      ],
      { pollMs: 60_000 },
    )
    await eventually(() => expect(state(store, 'email')).toMatchObject({ pending: 0, failed: 1 }))
    const attempts = log.entries.filter((entry) => entry.details && 'attempts' in entry.details)
    expect(attempts.map((entry) => entry.level)).toEqual(['warn', 'warn', 'error'])
    expect(String((attempts[2]?.details as { error: string }).error)).toMatch(/550/)
    // The password never reaches a log line.
    expect(JSON.stringify(log.entries)).not.toContain(smtp.password)
    expect(smtp.mails).toHaveLength(0)

    smtp.refuse(false)
    // As `npm run leads -- --resend-failed --channel email` does: from another connection, which
    // the workers notice within a second (not at their next poll).
    const cli = openLeadStore(store.path, { tool: true })
    expect(cli.resendFailedDeliveries(Date.now(), 'email')).toBe(1)
    cli.close()
    await eventually(() => expect(smtp.mails).toHaveLength(1))
    await eventually(() => expect(state(store, 'email')).toMatchObject({ pending: 0, failed: 0 }))
  })
})

describe('AlfaCRM', () => {
  it('creates a customer marked as a lead, with the course and page in the note', async () => {
    const crm = await startFakeAlfaCrm()
    cleanup.push(() => crm.close())
    const store = newStore(['alfacrm'])
    const stored = store.insert(lead(3), Date.now())
    store.insert(lead(4), Date.now())
    run(store, [
      createAlfaCrmChannel({
        url: crm.url,
        email: crm.email,
        apiKey: crm.apiKey,
        branchId: crm.branchId,
        leadSourceId: 5,
      }),
    ])
    await eventually(() => expect(crm.customers).toHaveLength(2))
    expect(crm.customers[0]).toMatchObject({
      name: 'Ученик 3',
      phone: [phoneFor(3)],
      legal_type: 1,
      is_study: 0,
      branch_ids: [crm.branchId],
      lead_source_id: 5,
    })
    const note = String(crm.customers[0]?.note)
    expect(note).toContain(`Заявка №${stored.id} с сайта`)
    expect(note).toContain(`Курс: ${COURSE.title}`)
    expect(note).toContain('Страница: /courses/3')
    // One token serves both: it lives 15 minutes.
    expect(crm.logins).toBe(1)
  })

  it('takes a new token before the old one expires, and once more after a 401', async () => {
    const crm = await startFakeAlfaCrm()
    cleanup.push(() => crm.close())
    let clock = 0
    const channel = createAlfaCrmChannel(
      { url: crm.url, email: crm.email, apiKey: crm.apiKey, branchId: crm.branchId },
      fetch,
      () => clock,
    )
    const store = newStore(['alfacrm'])
    const { workers } = run(store, [channel])
    store.insert(lead(1), Date.now())
    await eventually(() => expect(crm.customers).toHaveLength(1))
    // Past the refresh point but before AlfaCRM's expiry: a new login, no refused call.
    clock += TOKEN_REFRESH_MS
    crm.advance(TOKEN_REFRESH_MS)
    expect(TOKEN_REFRESH_MS).toBeLessThan(ALFACRM_TOKEN_LIFETIME_MS)
    store.insert(lead(2), Date.now())
    workers.wake()
    await eventually(() => expect(crm.customers).toHaveLength(2))
    expect(crm.logins).toBe(2)
    // A token AlfaCRM no longer knows (401): one new login, then the lead goes.
    crm.revokeTokens()
    store.insert(lead(3), Date.now())
    workers.wake()
    await eventually(() => expect(crm.customers).toHaveLength(3))
    expect(crm.logins).toBe(3)
    await eventually(() => expect(state(store, 'alfacrm')).toMatchObject({ pending: 0, failed: 0 }))
  })

  it('a token past its 15 minutes is refused by AlfaCRM; the channel logs in again', async () => {
    const crm = await startFakeAlfaCrm()
    cleanup.push(() => crm.close())
    const store = newStore(['alfacrm'])
    // A channel whose clock stands still never refreshes on its own: the 401 does it.
    const { workers } = run(store, [
      createAlfaCrmChannel(
        { url: crm.url, email: crm.email, apiKey: crm.apiKey, branchId: crm.branchId },
        fetch,
        () => 0,
      ),
    ])
    store.insert(lead(1), Date.now())
    await eventually(() => expect(crm.customers).toHaveLength(1))
    crm.advance(ALFACRM_TOKEN_LIFETIME_MS)
    store.insert(lead(2), Date.now())
    workers.wake()
    await eventually(() => expect(crm.customers).toHaveLength(2))
    expect(crm.logins).toBe(2)
  })

  it('a customer AlfaCRM refuses is a dead letter naming the fields; a wrong key too', async () => {
    const crm = await startFakeAlfaCrm()
    cleanup.push(() => crm.close())
    const store = newStore(['alfacrm'])
    store.insert(lead(1, { name: ' ' }), Date.now())
    const { log } = run(store, [
      createAlfaCrmChannel({
        url: crm.url,
        email: crm.email,
        apiKey: crm.apiKey,
        branchId: crm.branchId,
      }),
    ])
    await eventually(() => expect(state(store, 'alfacrm')).toMatchObject({ failed: 1 }))
    expect(log.entries.find((entry) => entry.level === 'error')?.details).toMatchObject({
      attempts: 1,
      error: 'AlfaCRM refused the customer: name',
    })

    const wrongKey = newStore(['alfacrm'])
    wrongKey.insert(lead(2), Date.now())
    const second = run(wrongKey, [
      createAlfaCrmChannel({
        url: crm.url,
        email: crm.email,
        apiKey: 'not-the-key',
        branchId: crm.branchId,
      }),
    ])
    await eventually(() => expect(state(wrongKey, 'alfacrm')).toMatchObject({ failed: 1 }))
    expect(second.log.entries.find((entry) => entry.level === 'error')?.details).toMatchObject({
      error: 'AlfaCRM refused the login: HTTP 401',
    })
    expect(JSON.stringify([log.entries, second.log.entries])).not.toContain('not-the-key')
  })

  it('a server error is retried', async () => {
    const crm = await startFakeAlfaCrm()
    cleanup.push(() => crm.close())
    crm.failNext(2, 502)
    const store = newStore(['alfacrm'])
    store.insert(lead(1), Date.now())
    run(store, [
      createAlfaCrmChannel({
        url: crm.url,
        email: crm.email,
        apiKey: crm.apiKey,
        branchId: crm.branchId,
      }),
    ])
    await eventually(() => expect(crm.customers).toHaveLength(1))
    await eventually(() => expect(state(store, 'alfacrm')).toMatchObject({ pending: 0, failed: 0 }))
  })
})

describe('Bitrix24', () => {
  it('adds a CRM lead with the fields crm.lead.add takes, UTM fields ready and empty', async () => {
    const portal = await startFakeBitrix24()
    cleanup.push(() => portal.close())
    const store = newStore(['bitrix24'])
    const stored = store.insert(lead(5), Date.now())
    run(store, [createBitrix24Channel({ webhookUrl: portal.webhookUrl, sourceId: 'WEB' })])
    await eventually(() => expect(portal.leads).toHaveLength(1))
    expect(portal.leads[0]).toEqual({
      TITLE: `Заявка с сайта №${stored.id}: ${COURSE.title}`,
      NAME: 'Ученик 5',
      PHONE: [{ VALUE: phoneFor(5), VALUE_TYPE: 'WORK' }],
      COMMENTS: expect.stringContaining('Страница: /courses/5') as unknown,
      SOURCE_ID: 'WEB',
      UTM_SOURCE: '',
      UTM_MEDIUM: '',
      UTM_CAMPAIGN: '',
      UTM_CONTENT: '',
      UTM_TERM: '',
    })
  })

  it('fills the UTM fields and names the source in the comment (docs/decisions/0078)', async () => {
    const portal = await startFakeBitrix24()
    cleanup.push(() => portal.close())
    const store = newStore(['bitrix24'])
    store.insert(lead(6, { source: AD_SOURCE }), Date.now())
    run(store, [createBitrix24Channel({ webhookUrl: portal.webhookUrl, sourceId: 'WEB' })])
    await eventually(() => expect(portal.leads).toHaveLength(1))
    expect(portal.leads[0]).toMatchObject({
      COMMENTS: expect.stringContaining('Источник: yandex / cpc / zima-2027') as unknown,
      UTM_SOURCE: 'yandex',
      UTM_MEDIUM: 'cpc',
      UTM_CAMPAIGN: 'zima-2027',
      UTM_CONTENT: 'banner-1',
      UTM_TERM: 'python для детей',
    })
    // Metrika's ClientID is for Metrika only.
    expect(JSON.stringify(portal.leads[0])).not.toContain(AD_SOURCE.client_id)
  })

  it('backs off on 503 QUERY_LIMIT_EXCEEDED and delivers every lead', async () => {
    // A portal whose bucket holds one call and drains one every two seconds.
    const portal = await startFakeBitrix24({ burst: 1, perSecond: 0.5 })
    cleanup.push(() => portal.close())
    const store = newStore(['bitrix24'])
    for (let n = 1; n <= 3; n += 1) store.insert(lead(n), Date.now())
    const { log } = run(
      store,
      [createBitrix24Channel({ webhookUrl: portal.webhookUrl, sourceId: 'WEB' })],
      { retryBaseMs: 500, retryMaxMs: 2_000, maxAttempts: 1_000 },
    )
    await eventually(() => expect(portal.leads).toHaveLength(3))
    expect(portal.limited).toBeGreaterThan(0)
    expect(log.entries).toContainEqual(
      expect.objectContaining({
        details: expect.objectContaining({
          error: 'Bitrix24: HTTP 503 QUERY_LIMIT_EXCEEDED Too many requests',
        }),
      }),
    )
    await eventually(() =>
      expect(state(store, 'bitrix24')).toMatchObject({ pending: 0, failed: 0 }),
    )
  })

  it("an invalid webhook is a dead letter with the portal's error, never its URL", async () => {
    const portal = await startFakeBitrix24()
    cleanup.push(() => portal.close())
    const store = newStore(['bitrix24'])
    store.insert(lead(1), Date.now())
    const wrong = `${portal.url}/rest/1/wrongcode/`
    const { log } = run(store, [createBitrix24Channel({ webhookUrl: wrong, sourceId: 'WEB' })])
    await eventually(() => expect(state(store, 'bitrix24')).toMatchObject({ failed: 1 }))
    expect(log.entries.find((entry) => entry.level === 'error')?.details).toMatchObject({
      attempts: 1,
      error: 'Bitrix24: HTTP 401 INVALID_CREDENTIALS Invalid request credentials',
    })
    expect(JSON.stringify(log.entries)).not.toContain('wrongcode')
  })
})
