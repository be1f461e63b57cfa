// The lead form's trial dates (docs/decisions/0103-a-trial-she-holds.md, "The dated form"): each
// group's next lessons, counted by the shared code with the owner's closed days and as many as
// she offers (content/trial-offer.json, `booking`). The prerendered page counts from the build's
// day; the form's island counts again from the browser's (school time) once it runs, so a page
// built days ago offers no day already past.
import {
  nextTrialDates,
  type ClosedDays,
  type TrialAt,
  type TrialGroup,
} from '@it-lab/shared/trial-dates'
import { readTrialOffer, schoolToday } from './content-files.ts'

/** What the form's dates need of the booking settings, and the school's day of the build. */
export type TrialDateSettings = { datesShown: number; closedDays: ClosedDays[]; builtOn: string }

function readSettings(): TrialDateSettings {
  const { datesShown, closedDays } = readTrialOffer().booking
  return { datesShown, closedDays, builtOn: schoolToday() }
}

export const TRIAL_DATE_SETTINGS: TrialDateSettings =
  typeof __TRIAL_BOOKING__ === 'undefined' ? readSettings() : __TRIAL_BOOKING__

/** The group's lessons the form offers for a trial, counted from `today` (a school day). */
export function groupTrialDates(
  group: TrialGroup,
  today: string,
  settings: Pick<TrialDateSettings, 'datesShown' | 'closedDays'> = TRIAL_DATE_SETTINGS,
): TrialAt[] {
  return nextTrialDates(group, today, settings.closedDays, settings.datesShown)
}
