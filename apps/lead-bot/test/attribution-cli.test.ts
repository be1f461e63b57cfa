// `npm run leads -- --report --by …` and `--offline-conversions` on a real database file
// (docs/decisions/0078-where-a-lead-came-from.md).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeMetrika, type FakeMetrika } from '../harness/fake-metrika.ts'
import { phoneFor, TEST_CONSENT } from '../harness/sample-leads.ts'
import type { DeskStatus } from '../src/desk-statuses.ts'
import type { LeadSource } from '@it-lab/shared/lead-source'
import { openLeadStore } from '../src/store/lead-store.ts'
import { runCli, tempDir } from './helpers.ts'
import { run } from '../scripts/leads.ts'

const temp = tempDir()
const dbPath = path.join(temp.dir, 'leads.sqlite')
let metrika: FakeMetrika

const leads = (args: string[], env: Record<string, string> = {}) =>
  runCli(run, args, { LEADS_DB: dbPath, ...env })

const yandex: LeadSource = {
  visit: { utm_source: 'yandex', utm_medium: 'cpc', utm_campaign: 'zima-2027', yclid: '5550001' },
  client_id: '1732000000123456789',
}
const vk: LeadSource = { visit: { referrer: 'vk.com', landing: '/' } }

beforeAll(async () => {
  metrika = await startFakeMetrika({ token: 'metrika-token', counterId: '12345678' })
  const store = openLeadStore(dbPath)
  const fixtures: [LeadSource | null, number | null, DeskStatus[]][] = [
    [yandex, 4, ['called', 'trial', 'enrolled']],
    [yandex, 4, ['no_answer']],
    [vk, 1, ['trial']],
    [null, null, []],
  ]
  let update = 1
  for (const [i, [source, course, statuses]] of fixtures.entries()) {
    const at = Date.UTC(2025, 0, 15 + i, 10)
    const { id } = store.insert(
      {
        name: `Ученик ${i + 1}`,
        phone: phoneFor(i + 1),
        form: 'feedback',
        consentVersion: TEST_CONSENT,
        course,
        source,
      },
      at,
    )
    store.markSent(id, 100 + id, at)
    for (const [n, status] of statuses.entries()) {
      store.applyUpdate(update, {
        leadId: id,
        messageId: 100 + id,
        status,
        by: 'Ольга',
        now: at + (n + 1) * 86_400_000,
      })
      update += 1
    }
  }
  store.close()
})
afterAll(async () => {
  await metrika.close()
  temp.remove()
})

describe('npm run leads -- --report --by', () => {
  it('source: leads, trials and enrolments per source, the total last', async () => {
    const { code, stdout } = await leads(['--report', '--by', 'source'])
    expect(code).toBe(0)
    expect(stdout.split('\n').slice(2, 7)).toEqual([
      'Источник                  Заявок  Пришли на пробное  Записались',
      'yandex / cpc / zima-2027       2                  1           1',
      'vk.com (переход)               1                  1           0',
      'без источника                  1                  0           0',
      'Всего                          4                  2           1',
    ])
  })

  it('month, as CSV; an unknown breakdown is refused', async () => {
    const { stdout } = await leads(['--report', '--by', 'month', '--csv', '--no-bom'], {
      npm_config_loglevel: 'silent',
    })
    expect(stdout).toBe(
      'Месяц;Заявок;Пришли на пробное;Записались\r\nянв 2025;4;2;1\r\nВсего;4;2;1\r\n',
    )
    const refused = await leads(['--report', '--by', 'teacher'])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('--by takes one of: source, course, month')
  })
})

describe('npm run leads -- --offline-conversions', () => {
  it("writes Metrika's CSV by ClientID: no name, no phone; leads without one counted", async () => {
    const out = path.join(temp.dir, 'conversions.csv')
    const { code, stderr } = await leads(['--offline-conversions', '--out', out])
    expect(code).toBe(0)
    const csv = readFileSync(out, 'utf8')
    expect(csv).toBe(
      'ClientId,Target,DateTime\n' +
        `1732000000123456789,trial,${Date.UTC(2025, 0, 17, 10) / 1000}\n` +
        `1732000000123456789,enrolled,${Date.UTC(2025, 0, 18, 10) / 1000}\n`,
    )
    expect(csv).not.toMatch(/Ученик|\+7/)
    expect(stderr).toContain('Conversions: 2; skipped without a ClientId: 1')
  })

  it('by the ad click, since a date, with the goals the settings name', async () => {
    const { stdout } = await leads(
      ['--offline-conversions', '--id', 'yclid', '--since', '2025-01-18'],
      {
        METRIKA_TARGET_ENROLLED: 'zapis',
        npm_config_loglevel: 'silent',
      },
    )
    expect(stdout).toBe(
      `Yclid,Target,DateTime\n5550001,zapis,${Date.UTC(2025, 0, 18, 10) / 1000}\n`,
    )
  })

  it('uploads through the API and prints the upload id, never the same conversion twice; a refused token is said plainly', async () => {
    const env = {
      METRIKA_API_URL: metrika.url,
      METRIKA_COUNTER_ID: '12345678',
      METRIKA_OAUTH_TOKEN: 'metrika-token',
    }
    const done = await leads(['--offline-conversions', '--upload'], env)
    expect(done.code).toBe(0)
    expect(done.stdout).toBe(
      'Conversions: 2; skipped without a ClientId: 1. Uploaded to Metrika: upload id 1001\n',
    )
    expect(metrika.uploads.map((upload) => upload.clientIdType)).toEqual(['CLIENT_ID'])

    // Run again, as a weekly timer would: nothing twice, until the owner marks another family.
    const again = await leads(['--offline-conversions', '--upload'], env)
    expect(again.stdout).toBe(
      'Conversions after the last upload (2025-01-18T10:00:00.000Z): 0; skipped without a ' +
        'ClientId: 0. Nothing to upload.\n',
    )
    // The second Yandex family (no answer at first) comes to its trial lesson.
    const store = openLeadStore(dbPath)
    store.applyUpdate(900, {
      leadId: 2,
      messageId: 102,
      status: 'trial',
      by: 'Ольга',
      now: Date.UTC(2025, 1, 3, 9),
    })
    store.close()
    const next = await leads(['--offline-conversions', '--upload'], env)
    expect(next.stdout).toContain('Conversions after the last upload')
    expect(next.stdout).toContain(': 1; skipped without a ClientId: 0. Uploaded to Metrika')
    expect(metrika.uploads.at(-1)?.csv.trim().split('\n')).toEqual([
      'ClientId,Target,DateTime',
      `${yandex.client_id},trial,${Date.UTC(2025, 1, 3, 9) / 1000}`,
    ])
    // --since asks for a period again, whatever was uploaded.
    const period = await leads(['--offline-conversions', '--since', '2025-01-01'])
    expect(period.stderr).toBe('Conversions: 3; skipped without a ClientId: 1\n')

    const refused = await leads(['--offline-conversions', '--upload', '--since', '2025-01-01'], {
      ...env,
      METRIKA_OAUTH_TOKEN: 'old',
    })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(
      'The upload failed: Metrika refused the token (403): Invalid oauth_token.',
    )
    expect(refused.stderr).not.toContain('OAuth old')
  })
})
