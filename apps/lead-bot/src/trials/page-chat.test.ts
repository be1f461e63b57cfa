import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { TRIAL_BOOKING_DEFAULTS } from '@it-lab/shared/content'
import { buildApp } from '../app.ts'
import { createOutbox } from '../outbox.ts'
import { openLeadStore } from '../store/lead-store.ts'
import { createTelegramClient } from '../telegram.ts'
import { startFakeTelegram } from '../../harness/fake-telegram.ts'
import { LEAD_QUERY, VALID_PHONE } from '../../harness/sample-leads.ts'
import {
  MEMORY_DIR,
  eventually,
  recordingLog,
  tempDir,
  madeUpSaturdays,
} from '../../test/helpers.ts'

const { group: saturdays, groupOf } = madeUpSaturdays({ place: '' })
// Friday 27 November 2026, 23:00 in Astrakhan.
const NOW = Date.parse('2026-11-27T19:00:00Z')

const temp = tempDir('lead-bot-trial-chat-', MEMORY_DIR)
afterAll(() => temp.remove())

describe('her change on her page, in the chat', () => {
  it('edits the lead’s message: the trial line, then «Перенесено родителем на …», then «Отменено родителем»', async () => {
    const fake = await startFakeTelegram()
    const store = openLeadStore(path.join(temp.dir, 'chat.sqlite'))
    const outbox = createOutbox({
      store,
      telegram: createTelegramClient({
        apiUrl: fake.url,
        token: fake.token,
        chatId: '1',
        timeoutMs: 2_000,
        sendTimeoutMs: 2_000,
      }),
      config: {
        // Nothing but a wake-up sends before the test ends: her change must wake the outbox.
        pollMs: 600_000,
        retryBaseMs: 20,
        retryMaxMs: 100,
        sendIntervalMs: 0,
        notify: 'full',
      },
      log: recordingLog(),
    })
    outbox.start()
    const app = await buildApp({
      store,
      siteOrigins: ['http://127.0.0.1:3000'],
      rateLimit: { max: 1000, windowMs: 60_000 },
      booking: TRIAL_BOOKING_DEFAULTS,
      groupOf,
      now: () => NOW,
      onLeadStored: () => outbox.wake(),
      onTrialChanged: () => outbox.wake(),
    })
    const sent = await app.inject({
      method: 'POST',
      url: `/send?${LEAD_QUERY}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        name: 'Анна',
        phone: VALID_PHONE,
        group: saturdays.id,
        trialAt: '2026-11-28T10:00',
      }),
    })
    const token = sent.json<{ trialPage: string }>().trialPage.slice('trial/'.length)
    await eventually(() => expect(fake.messages).toHaveLength(1))
    expect(fake.messages[0]?.text).toContain('<b>Пробное:</b> сб 28 ноября, 10:00')

    const change = async (fields: Record<string, string>) => {
      const answer = await app.inject({
        method: 'POST',
        url: `/trial/${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...fields, confirm: 'yes' }).toString(),
      })
      expect(answer.statusCode).toBe(303)
    }
    await change({ action: 'move', at: '2026-12-05T10:00' })
    await eventually(() => expect(fake.edits).toHaveLength(1))
    const moved = fake.edits[0]?.text ?? ''
    expect(moved).toContain('<b>Пробное:</b> сб 5 декабря, 10:00')
    expect(moved).toContain('<b>Перенесено родителем</b> на сб 5 декабря, 10:00 — 27.11.2026')
    expect(moved).toContain('<b>Имя:</b> Анна')

    await change({ action: 'cancel' })
    await eventually(() => expect(fake.edits).toHaveLength(2))
    const cancelled = fake.edits[1]?.text ?? ''
    expect(cancelled).toContain('<b>Отменено родителем</b> — 27.11.2026')
    expect(cancelled).not.toContain('Перенесено родителем')
    // Each change is edited once: nothing more is sent.
    await outbox.idle()
    expect(fake.edits).toHaveLength(2)
    expect(fake.messages).toHaveLength(1)
    await app.close()
    await outbox.stop()
    store.close()
    await fake.close()
  })
})
