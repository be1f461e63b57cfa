import { describe, expect, it } from 'vitest'
import { createBackoff, createPassLoop, retryDelayMs } from './retry.ts'

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

describe('createPassLoop', () => {
  it('runs once more for a wake during a pass, counts refused passes, and stops', async () => {
    const passes: string[] = []
    const afters: (number | undefined)[] = []
    const errors: unknown[] = []
    let fail = false
    let release: () => void = () => {}
    const loop = createPassLoop({
      pass: async () => {
        passes.push('pass')
        if (fail) throw new Error('disk full')
        await new Promise<void>((resolve) => (release = resolve))
        return passes.length
      },
      failed: (error) => errors.push(error),
      after: (last) => afters.push(last),
    })
    loop.wake()
    expect(passes).toEqual([]) // not started: a wake does nothing
    expect(loop.start()).toBe(true)
    expect(loop.start()).toBe(false)
    loop.wake()
    loop.wake() // during the pass: one more after it, however many wakes
    loop.wake()
    release()
    await Promise.resolve()
    await new Promise((resolve) => setImmediate(resolve))
    release()
    await loop.idle()
    expect(passes).toEqual(['pass', 'pass'])
    expect(afters).toEqual([2])

    fail = true
    loop.wake()
    await loop.idle()
    loop.wake()
    await loop.idle()
    expect(loop.failedPasses).toBe(2)
    expect(errors).toHaveLength(2)
    expect(afters).toEqual([2, undefined, undefined])

    fail = false
    loop.wake()
    release()
    await loop.idle()
    expect(loop.failedPasses).toBe(0)
    await loop.stop()
    expect(loop.stopped).toBe(true)
    loop.wake()
    expect(passes).toHaveLength(5)
  })
})
