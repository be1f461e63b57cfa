import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeMetrika, type FakeMetrika } from '../harness/fake-metrika.ts'
import {
  metrikaTargets,
  offlineConversions,
  uploadOfflineConversions,
  MetrikaUploadError,
} from './metrika.ts'
import type { ConversionPress } from '../src/store/desk-store.ts'

const press = (
  leadId: number,
  status: ConversionPress['status'],
  at: string,
  ids: { clientId?: string; yclid?: string } = {},
): ConversionPress => ({
  leadId,
  status,
  at,
  clientId: ids.clientId ?? null,
  yclid: ids.yclid ?? null,
})

const presses = [
  press(1, 'called', '2025-01-15T10:00:00.000Z', { clientId: '111' }),
  press(1, 'trial', '2025-01-18T09:00:00.000Z', { clientId: '111' }),
  press(1, 'enrolled', '2025-01-20T12:30:00.000Z', { clientId: '111', yclid: '9001' }),
  press(2, 'trial', '2025-01-19T08:00:00.000Z', { yclid: '9002' }),
  press(3, 'enrolled', '2025-01-21T08:00:00.000Z'),
]

describe('offline conversions', () => {
  it('a row per trial and enrolment with a ClientID, in Unix seconds; the rest skipped and counted', () => {
    const result = offlineConversions(presses, metrikaTargets({}), 'client-id')
    expect(result.csv).toBe(
      'ClientId,Target,DateTime\n111,trial,1737190800\n111,enrolled,1737376200\n',
    )
    expect(result).toMatchObject({ rows: 2, skipped: 2 })
  })

  it('by the ad click, with the goals the settings name; an empty goal sends none', () => {
    const targets = metrikaTargets({ METRIKA_TARGET_TRIAL: '', METRIKA_TARGET_ENROLLED: 'zapis' })
    const result = offlineConversions(presses, targets, 'yclid')
    expect(result.csv).toBe('Yclid,Target,DateTime\n9001,zapis,1737376200\n')
    expect(result).toMatchObject({ rows: 1, skipped: 1 })
  })

  it('refuses a goal id Metrika would not take', () => {
    expect(() => metrikaTargets({ METRIKA_TARGET_TRIAL: 'пробное занятие' })).toThrow(
      /METRIKA_TARGET_TRIAL must be a goal id/,
    )
  })
})

describe('the upload to Metrika (a local fake of its documented API)', () => {
  let metrika: FakeMetrika
  beforeAll(async () => {
    metrika = await startFakeMetrika({ token: 'good-token', counterId: '12345678' })
  })
  afterAll(() => metrika.close())

  const csv = offlineConversions(presses, metrikaTargets({}), 'client-id').csv
  const upload = (overrides: Partial<Parameters<typeof uploadOfflineConversions>[0]> = {}) =>
    uploadOfflineConversions({
      apiUrl: metrika.url,
      counterId: '12345678',
      token: 'good-token',
      idType: 'client-id',
      csv,
      ...overrides,
    })

  it('sends the file and answers the upload id', async () => {
    await expect(upload()).resolves.toBe(1001)
    expect(metrika.uploads).toEqual([{ counterId: '12345678', clientIdType: 'CLIENT_ID', csv }])
  })

  it('says the token was refused', async () => {
    const refused = upload({ token: 'stale' })
    await expect(refused).rejects.toThrow(MetrikaUploadError)
    await expect(refused).rejects.toThrow(
      'Metrika refused the token (403): Invalid oauth_token. Check METRIKA_OAUTH_TOKEN',
    )
  })

  it("shows Metrika's own words about a bad file", async () => {
    await expect(upload({ csv: 'ClientId,Target\n111,trial\n' })).rejects.toThrow(
      'Metrika refused the file (400): Required column is missing: DateTime',
    )
    await expect(upload({ idType: 'yclid' })).rejects.toThrow(
      'Metrika refused the file (400): Required column is missing: Yclid',
    )
  })
})
