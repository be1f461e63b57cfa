// A parent's reminder due from the start, for the drills (docs/decisions/0103-a-trial-she-holds.md):
// a kill, a restart or a full disk must neither lose it nor send it twice.
import { openLeadStore } from '../src/store/lead-store.ts'
import { newTrialToken, readTrialBooking } from '../src/trials/booking.ts'
import { TEST_CONSENT, phoneFor } from './sample-leads.ts'

/** Her chat with the bot, in the drills. */
export const HER_CHAT = 5_550_002
const MINUTE_MS = 60_000

/**
 * A trial booked 20 minutes ago whose reminder hours before the lesson fell due 10 minutes ago,
 * her chat linked: the service's reminders loop sends it at once.
 */
export function seedDueReminder(dbPath: string): void {
  const now = Date.now()
  const { remindHoursBefore } = readTrialBooking()
  const lesson = new Date(
    Math.ceil((now + remindHoursBefore * 3_600_000 - 10 * MINUTE_MS) / MINUTE_MS) * MINUTE_MS,
  )
  // 'YYYY-MM-DDTHH:MM' in school time (UTC+4).
  const at = new Date(lesson.getTime() + 4 * 3_600_000).toISOString().slice(0, 16)
  const { hash } = newTrialToken()
  const store = openLeadStore(dbPath)
  try {
    store.insert(
      {
        name: 'Напоминание',
        phone: phoneFor(999_999),
        form: 'feedback',
        consentVersion: TEST_CONSENT,
        trial: { tokenHash: hash, group: 'drill-group', at, state: 'booked' },
      },
      now - 20 * MINUTE_MS,
    )
    // Her «Да, напоминать», as the bot applies it (an update id the fake never serves).
    store.applyParentUpdate(1, { kind: 'link', tokenHash: hash, chatId: HER_CHAT, told: [] }, now)
  } finally {
    store.close()
  }
}
