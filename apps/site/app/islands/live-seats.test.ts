// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { NO_SEATS, SEATS_TONES, seatsText } from '#app/content/seats-text.ts'
import { readLiveSeats, showLiveSeats } from './live-seats.ts'

/** A card's seats line as the prerender writes it, for a made-up group. */
function line(group: string, seats: number) {
  const element = document.createElement('p')
  element.className = `font-bold ${seats > 0 ? SEATS_TONES.open : SEATS_TONES.full}`
  element.textContent = seatsText(seats)
  return { line: element, group }
}

describe('the live seats', () => {
  it('reads the service’s counts, and nothing from an answer of another shape', () => {
    expect(readLiveSeats({ groups: { a: { free: 2, size: 8 }, b: { free: 0 } } })).toEqual(
      new Map([
        ['a', 2],
        ['b', 0],
      ]),
    )
    expect(
      readLiveSeats({ groups: { a: { free: -1 }, b: { free: '3' }, c: { free: 1.5 } } }),
    ).toEqual(new Map())
    for (const odd of [null, 'ok', [], { error: 'rate_limited' }, { groups: null }]) {
      expect(readLiveSeats(odd)).toBeUndefined()
    }
  })

  it('replaces each known group’s words and colour, and leaves a group it was not told of', () => {
    const [open, full, unknown] = [line('open', 3), line('full', 1), line('unknown', 2)]
    showLiveSeats(
      [open, full, unknown],
      new Map([
        ['open', 1],
        ['full', 0],
      ]),
    )
    expect(open.line.textContent).toBe('осталось 1 место')
    expect(full.line.textContent).toBe(NO_SEATS)
    expect(full.line.classList.contains(SEATS_TONES.full)).toBe(true)
    expect(full.line.classList.contains(SEATS_TONES.open)).toBe(false)
    expect(unknown.line.textContent).toBe('осталось 2 места')
  })
})
