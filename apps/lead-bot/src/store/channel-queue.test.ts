import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { tempDir } from '../../test/helpers.ts'
import { openLeadStore } from './lead-store.ts'
import type { NewLead } from './rows.ts'

const temp = tempDir()
afterAll(() => temp.remove())

const lead = (n: number): NewLead => ({
  name: `Анна ${n}`,
  phone: `+7 (912) 345-67-${String(n).padStart(2, '0')}`,
  form: 'feedback',
  consentVersion: '2025-09-01.0a1b2c3d',
})

const DAY = 86_400_000
let fileNumber = 0
const newFile = () => path.join(temp.dir, `channels-${(fileNumber += 1)}.sqlite`)

describe('the channels besides Telegram', () => {
  it('queue each lead stored while a channel is on, and none from before it was on', () => {
    const store = openLeadStore(newFile())
    const before = store.insert(lead(1), 1_000)
    expect(store.setChannels(['email', 'webhook'], 2_000)).toEqual(['email', 'webhook'])
    const after = store.insert(lead(2), 3_000)
    expect(store.nextDelivery('email')?.lead.id).toBe(after.id)
    expect(store.channelStats(['email', 'webhook'])).toEqual({
      email: { pending: 1, failed: 0, oldestPendingAt: 3_000 },
      webhook: { pending: 1, failed: 0, oldestPendingAt: 3_000 },
    })
    // Turned off: a new lead is not queued for it; turned on again, it is not "new".
    expect(store.setChannels(['email'], 4_000)).toEqual([])
    store.insert(lead(3), 5_000)
    expect(store.channelStats(['webhook']).webhook?.pending).toBe(1)
    expect(store.channelStats(['email']).email?.pending).toBe(2)
    expect(store.setChannels(['email', 'webhook'], 6_000)).toEqual([])
    expect(store.activeChannels()).toEqual(['email', 'webhook'])
    expect(before.id).toBeLessThan(after.id)
    store.close()
  })

  it('keep their own attempts, retries, dead letters and resends', () => {
    const store = openLeadStore(newFile())
    store.setChannels(['email', 'alfacrm'], 0)
    const { id } = store.insert(lead(1), 1_000)
    store.markDeliveryRetry(id, 'email', 'HTTP 503', 9_000)
    expect(store.nextDelivery('email')).toMatchObject({ attempts: 1, nextAttemptAt: 9_000 })
    store.markDeliveryFailed(id, 'email', 'refused')
    store.markDeliveryFailed(id, 'alfacrm', 'refused')
    expect(store.nextDelivery('email')).toBeUndefined()
    // Telegram's own state is untouched by the other channels.
    expect(store.stats()).toMatchObject({ pending: 1, failed: 0 })
    expect(store.resendFailedDeliveries(20_000, 'email')).toBe(1)
    expect(store.nextDelivery('email')).toMatchObject({ attempts: 0, nextAttemptAt: 20_000 })
    expect(store.channelStats(['alfacrm']).alfacrm?.failed).toBe(1)
    expect(store.resendFailedDeliveries(30_000)).toBe(1)
    store.markDelivered(id, 'email', 31_000, '<id@mail>')
    expect(store.channelStats(['email']).email).toEqual({
      pending: 0,
      failed: 0,
      oldestPendingAt: undefined,
    })
    store.close()
  })

  it('hold a lead past the retention period until every channel on has it', () => {
    const store = openLeadStore(newFile())
    store.setChannels(['webhook'], 0)
    const { id } = store.insert(lead(1), 1_000)
    store.markSent(id, 1, 2_000)
    expect(store.deleteReceivedBefore(10 * DAY)).toEqual({ deleted: 0, keptUndelivered: 1 })
    store.markDelivered(id, 'webhook', 3_000)
    expect(store.deleteReceivedBefore(10 * DAY)).toEqual({ deleted: 1, keptUndelivered: 0 })
    // A channel turned off holds nothing back: its leads were never promised to it any more.
    store.setChannels(['webhook'], 0)
    const second = store.insert(lead(2), 4_000)
    store.markSent(second.id, 2, 5_000)
    store.setChannels([], 6_000)
    expect(store.deleteReceivedBefore(10 * DAY)).toEqual({ deleted: 1, keptUndelivered: 0 })
    store.close()
  })

  it('a restored backup brings a lead with its deliveries: one delivered there is not sent again', () => {
    const live = openLeadStore(newFile())
    live.setChannels(['email', 'webhook'], 0)
    const { id } = live.insert(lead(1), Date.now())
    live.markDelivered(id, 'email', Date.now())
    const backup = newFile()
    live.backup(backup)
    const other = openLeadStore(newFile())
    other.setChannels(['email', 'webhook'], 0)
    expect(other.merge(backup)).toMatchObject({ added: 1 })
    expect(other.channelStats(['email', 'webhook'])).toMatchObject({
      email: { pending: 0, failed: 0 },
      webhook: { pending: 1, failed: 0 },
    })
    live.close()
    other.close()
  })
})
