import { DatabaseSync } from 'node:sqlite'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { trialChoiceValue } from '@it-lab/shared'
import { TRIAL_BOOKING_DEFAULTS } from '@it-lab/shared/content'
import { buildApp } from '../app.ts'
import { openLeadStore } from '../store/lead-store.ts'
import { tempDir, madeUpSaturdays } from '../../test/helpers.ts'
import { LEAD_QUERY, VALID_PHONE } from '../../harness/sample-leads.ts'
import { hashTrialToken, isTrialToken, newTrialToken, trialOf } from './booking.ts'

// A made-up group (the shipped ones are samples the owner deletes): Saturdays at 10:00.
const { group: saturdays, groupOf } = madeUpSaturdays({ place: '' })
const booking = {
  ...TRIAL_BOOKING_DEFAULTS,
  closedDays: [{ from: '2026-12-12', to: '2026-12-12' }],
}
// Friday 27 November 2026, 23:00 in Astrakhan: a parent booking late at night.
const NOW = Date.parse('2026-11-27T19:00:00Z')

const temp = tempDir()
afterAll(() => temp.remove())

describe('a trial booked with a lead', () => {
  it('makes a link of 128 random bits and stores only its hash', () => {
    const { token, hash } = newTrialToken()
    expect(isTrialToken(token)).toBe(true)
    expect(Buffer.from(token, 'base64url')).toHaveLength(16)
    expect(hash).toBe(hashTrialToken(token))
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(newTrialToken().token).not.toBe(token)
    expect(isTrialToken('../../etc/passwd')).toBe(false)
  })

  it('books a lesson of the group still to come, and tells the chat when the chosen one is not', () => {
    const context = { booking, groupOf }
    expect(trialOf(saturdays.id, '2026-11-28T10:00', context, NOW)).toEqual({
      trial: { group: saturdays.id, at: '2026-11-28T10:00', state: 'booked' },
    })
    // A closed Saturday, a past one, and a Sunday are not its lessons: booked without a date.
    for (const stale of ['2026-12-12T10:00', '2026-11-21T10:00', '2026-11-29T10:00']) {
      expect(trialOf(saturdays.id, stale, context, NOW)).toMatchObject({
        trial: { at: null },
        warning: expect.stringMatching(
          /^Дата пробного \(.+\) уже недоступна — договоритесь о другой$/,
        ),
      })
    }
    expect(trialOf(saturdays.id, undefined, context, NOW)).toEqual({
      trial: { group: saturdays.id, at: null, state: 'booked' },
    })
    for (const group of [null, 'other', 'no-such-group']) {
      expect(trialOf(group, '2026-11-28T10:00', context, NOW)).toBeUndefined()
    }
  })

  it('answers a sent trial with her page, the same page to a retry, and posts a plain form there', async () => {
    const file = path.join(temp.dir, 'send.sqlite')
    const store = openLeadStore(file)
    const app = await buildApp({
      store,
      siteOrigins: ['http://127.0.0.1:3000'],
      rateLimit: { max: 1000, windowMs: 60_000 },
      booking,
      groupOf,
      now: () => NOW,
    })
    const body = {
      name: 'Анна',
      phone: VALID_PHONE,
      group: saturdays.id,
      trialAt: '2026-11-28T10:00',
    }
    const send = () =>
      app.inject({
        method: 'POST',
        url: `/send?${LEAD_QUERY}&rid=retry-of-one-sending-1`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      })
    const first = await send()
    expect(first.statusCode).toBe(200)
    const { trialPage } = first.json<{ ok: true; trialPage: string }>()
    expect(trialPage).toMatch(/^trial\/[A-Za-z0-9_-]{22}$/)
    expect((await send()).json()).toEqual({ ok: true, trialPage })

    const posted = await app.inject({
      method: 'POST',
      url: `/send?${LEAD_QUERY}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...body, name: 'Вера' }).toString(),
    })
    // Her form's post lands on her page, which begins with the thank-you (page-routes.test.ts).
    expect(posted.statusCode).toBe(303)
    expect(posted.headers.location).toMatch(/^trial\/[A-Za-z0-9_-]{22}\?sent$/)

    const without = await app.inject({
      method: 'POST',
      url: `/send?${LEAD_QUERY}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Глеб', phone: VALID_PHONE, group: 'other' }),
    })
    expect(without.json()).toEqual({ ok: true })
    await app.close()
    store.close()

    const db = new DatabaseSync(file, { readOnly: true })
    const rows = db
      .prepare(
        `SELECT leads.name, leads.trial_at, trials.token_hash, trials.at, trials.state
         FROM leads LEFT JOIN trials ON trials.lead_id = leads.id ORDER BY leads.id`,
      )
      .all()
    db.close()
    const token = trialPage.slice('trial/'.length)
    expect(rows).toEqual([
      {
        name: 'Анна',
        trial_at: '2026-11-28T10:00',
        token_hash: hashTrialToken(token),
        at: '2026-11-28T10:00',
        state: 'booked',
      },
      {
        name: 'Вера',
        trial_at: '2026-11-28T10:00',
        token_hash: hashTrialToken(
          String(posted.headers.location).slice('trial/'.length, -'?sent'.length),
        ),
        at: '2026-11-28T10:00',
        state: 'booked',
      },
      { name: 'Глеб', trial_at: null, token_hash: null, at: null, state: null },
    ])
    // The token itself is nowhere in the file.
    expect(JSON.stringify(rows)).not.toContain(token)
  })

  it('reads the form’s one radio as the group and the lesson; a page cached before it sends the group alone', async () => {
    const file = path.join(temp.dir, 'radio.sqlite')
    const store = openLeadStore(file)
    const app = await buildApp({
      store,
      siteOrigins: ['http://127.0.0.1:3000'],
      rateLimit: { max: 1000, windowMs: 60_000 },
      booking,
      groupOf,
      now: () => NOW,
    })
    const post = (fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: `/send?${LEAD_QUERY}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ name: 'Анна', phone: VALID_PHONE, ...fields }).toString(),
      })
    const chosen = await post({ trial: trialChoiceValue(saturdays.id, '2026-12-05T10:00') })
    expect(chosen.statusCode).toBe(303)
    expect(chosen.headers.location).toMatch(/^trial\/[A-Za-z0-9_-]{22}\?sent$/)
    expect((await post({ group: saturdays.id })).headers.location).toMatch(/^trial\//)
    expect((await post({ trial: 'other' })).headers.location).toBe('http://127.0.0.1:3000/thanks')
    await app.close()
    store.close()

    const db = new DatabaseSync(file, { readOnly: true })
    const rows = db
      .prepare(
        `SELECT leads.chosen_group AS lead_group, leads.trial_at, trials.at, trials.state
         FROM leads LEFT JOIN trials ON trials.lead_id = leads.id ORDER BY leads.id`,
      )
      .all()
    db.close()
    expect(rows).toEqual([
      {
        lead_group: saturdays.id,
        trial_at: '2026-12-05T10:00',
        at: '2026-12-05T10:00',
        state: 'booked',
      },
      { lead_group: saturdays.id, trial_at: null, at: null, state: 'booked' },
      { lead_group: 'other', trial_at: null, at: null, state: null },
    ])
  })
})
