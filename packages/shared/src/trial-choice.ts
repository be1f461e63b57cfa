// The lead form's one radio for a trial (docs/decisions/0103-a-trial-she-holds.md, "The dated
// form"): a plain form post carries one value per name, so a radio names both the group and the
// lesson, '<group> <YYYY-MM-DDTHH:MM>'. The site's script and the lead service's form post read it
// here, so both split it the same way.
import { isTrialAt, type TrialAt } from './trial-dates.ts'

/** The form field's name: the group and, when the parent picked one, the lesson. */
export const TRIAL_CHOICE_PARAM = 'trial'

/** The radio's value for a group's lesson, or for the group alone (its day agreed on the call). */
export function trialChoiceValue(group: string, at?: TrialAt): string {
  return at === undefined ? group : `${group} ${at}`
}

/**
 * A radio's value as the lead's `group` and `trialAt`. The lesson is the part after the last
 * space, and only when it is written as one: anything else (a group alone, «другое время», a
 * foreign client's text) is the group, which the lead schema then cleans as before.
 */
export function splitTrialChoice(value: string): { group: string; trialAt?: TrialAt } {
  const space = value.lastIndexOf(' ')
  const at = value.slice(space + 1)
  if (space <= 0 || !isTrialAt(at)) return { group: value }
  return { group: value.slice(0, space), trialAt: at }
}
