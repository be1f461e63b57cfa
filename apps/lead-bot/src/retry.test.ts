import { describe, expect, it } from 'vitest'
import { createBackoff, retryDelayMs } from './retry.ts'

describe('retryDelayMs', () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [6, 32_000],
    [9, 256_000],
    [10, 300_000],
    [1000, 300_000],
  ])('after %i failures waits %i ms (base 1 s, cap 5 min)', (failures, delay) => {
    expect(retryDelayMs(failures, 1000, 300_000)).toBe(delay)
  })
})

describe('createBackoff', () => {
  it("steps up per failure, takes a receiver's own wait as it is, and starts over after a success", () => {
    let clock = 10_000
    const backoff = createBackoff({ retryBaseMs: 100, retryMaxMs: 1_000 }, () => clock)
    expect(backoff.fail()).toBe(100)
    expect(backoff.fail()).toBe(200)
    expect(backoff.pausedUntil).toBe(10_200)
    expect(backoff.fail(5_000)).toBe(5_000)
    expect(backoff.fail()).toBe(400)
    backoff.succeed()
    clock = 20_000
    expect(backoff.fail()).toBe(100)
    backoff.resume()
    expect(backoff.pausedUntil).toBe(0)
  })
})
