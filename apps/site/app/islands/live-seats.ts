// The groups' free places as the desk moves them (docs/decisions/0103-a-trial-she-holds.md): a
// page is built with the owner's number, which the first paint and a page without JavaScript show;
// once a group's seats line nears the viewport, the lead service's count replaces its words. No
// React: one GET and a few texts. The service down, or an answer not of its shape: the built
// number stays.
import { env } from '#app/config/env.ts'
import { SEATS_TONES, seatsText, seatsTone } from '#app/content/seats-text.ts'

/** How far below (or above) the viewport the count is asked for, as an island loads. */
const NEAR_VIEWPORT = '200px 0px'

/** Each group's free places, by its id. */
export type LiveSeats = Map<string, number>

/** A card's seats line and the group it is of (its `data-seats-group`, page-behaviours.ts). */
export interface SeatsLine {
  line: HTMLElement
  group: string
}

/** The service's `{ groups: { id: { free } } }`; undefined when it is anything else. */
export function readLiveSeats(body: unknown): LiveSeats | undefined {
  if (typeof body !== 'object' || body === null || !('groups' in body)) return undefined
  const { groups } = body
  if (typeof groups !== 'object' || groups === null) return undefined
  const seats: LiveSeats = new Map()
  for (const [id, counts] of Object.entries(groups)) {
    const free: unknown = typeof counts === 'object' && counts !== null ? counts.free : undefined
    if (typeof free === 'number' && Number.isInteger(free) && free >= 0) seats.set(id, free)
  }
  return seats
}

/** Writes each line's live count; a group the service does not know keeps its built number. */
export function showLiveSeats(lines: readonly SeatsLine[], seats: LiveSeats): void {
  for (const { line, group } of lines) {
    const free = seats.get(group)
    if (free === undefined) continue
    line.textContent = seatsText(free)
    line.classList.remove(...Object.values(SEATS_TONES))
    line.classList.add(seatsTone(free))
  }
}

/** Asks for the count once a seats line of the page nears the viewport. */
export function watchLiveSeats(lines: readonly SeatsLine[]): void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      fetch(`${env.leadApiUrl}/seats`, { credentials: 'omit' })
        .then((response) => (response.ok ? response.json() : undefined))
        .then(
          (body: unknown) => {
            const seats = readLiveSeats(body)
            if (seats) showLiveSeats(lines, seats)
          },
          // Offline, or the service down: the built number is the one the page had.
          () => {},
        )
    },
    { rootMargin: NEAR_VIEWPORT },
  )
  for (const { line } of lines) observer.observe(line)
}
