import { describe, expect, it } from 'vitest'
import {
  CLIENT_ATTEMPTS,
  CLIENT_WINDOW_MS,
  clientKey,
  LoginLimits,
  PAUSE_MS,
  TOTAL_ATTEMPTS,
  TOTAL_WINDOW_MS,
} from './login-limits.ts'

const MINUTE = 60_000

describe('clientKey', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['::FFFF:c633:6407', '198.51.100.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:ffff:ffff:fffe', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::198.51.100.7', '64:ff9b:0:0::/64'],
  ])('%s is counted as %s', (address, key) => {
    expect(clientKey(address)).toBe(key)
  })
})

describe('LoginLimits', () => {
  it('lets a client try again as its oldest wrong attempt leaves the window', () => {
    let now = 0
    const limits = new LoginLimits(() => now)
    for (let attempt = 0; attempt < CLIENT_ATTEMPTS; attempt += 1) {
      const admission = limits.begin('198.51.100.1')
      if (!admission.ok) throw new Error('refused too early')
      admission.attempt.wrong()
      now += MINUTE
    }
    expect(limits.begin('198.51.100.1')).toEqual({ ok: false, reason: 'client', retryAfterS: 600 })
    now = CLIENT_WINDOW_MS
    expect(limits.begin('198.51.100.1').ok).toBe(true)
  })

  it('counts an attempt still being checked, and gives its slot back when the password was right', () => {
    const limits = new LoginLimits(() => 0)
    const admissions = Array.from({ length: CLIENT_ATTEMPTS }, () => limits.begin('2001:db8::1'))
    expect(admissions.every((admission) => admission.ok)).toBe(true)
    expect(limits.begin('2001:db8::2').ok).toBe(false)
    const first = admissions[0]
    if (!first?.ok) throw new Error('refused')
    first.attempt.right()
    expect(limits.begin('2001:db8::3').ok).toBe(true)
  })

  it('pauses every client once TOTAL_ATTEMPTS wrong ones fall within the hour, once per pause', () => {
    let now = 0
    const limits = new LoginLimits(() => now)
    const pauses = []
    for (let client = 1; client <= TOTAL_ATTEMPTS; client += 1) {
      const admission = limits.begin(`198.51.100.${client}`)
      if (!admission.ok) throw new Error('refused too early')
      pauses.push(admission.attempt.wrong())
      now += (TOTAL_WINDOW_MS - MINUTE) / TOTAL_ATTEMPTS
    }
    const at = now - (TOTAL_WINDOW_MS - MINUTE) / TOTAL_ATTEMPTS
    expect(pauses.filter(Boolean)).toEqual([{ at, until: at + PAUSE_MS, wrong: TOTAL_ATTEMPTS }])
    expect(limits.begin('192.0.2.1')).toMatchObject({ ok: false, reason: 'paused' })
    now = at + PAUSE_MS
    expect(limits.begin('192.0.2.1').ok).toBe(true)
  })

  it('counts the total over a sliding hour: 15 wrong ones an hour never pause it', () => {
    let now = 0
    const limits = new LoginLimits(() => now)
    const pauses = []
    for (let attempt = 0; attempt < 10 * TOTAL_ATTEMPTS; attempt += 1) {
      const admission = limits.begin(`2001:db8:${attempt.toString(16)}::1`)
      if (admission.ok) pauses.push(admission.attempt.wrong())
      now += 4 * MINUTE
    }
    expect(pauses.filter(Boolean)).toEqual([])
  })
})
