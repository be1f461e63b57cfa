// The trial lesson told concretely (content/trial-offer.json, `details`;
// docs/decisions/0089-every-promise-is-content.md): how long it lasts, whether the parent stays,
// what to bring, when the school calls back. The owner writes each; a detail left empty is not
// shown, and with none the pages say what they said before.
import type { TrialDetails } from '@it-lab/shared/content'
import { THANKS_DEFAULT, minutesText, thanksText as thanksWords } from '@it-lab/shared/trial-words'
import { readTrialOffer } from './content-files.ts'

export type { TrialDetails }
export { THANKS_DEFAULT, minutesText }

export const TRIAL_DETAILS: TrialDetails =
  typeof __TRIAL_DETAILS__ === 'undefined' ? readTrialOffer().details : __TRIAL_DETAILS__

/** The heading over the details, on every page that lists them. */
export const TRIAL_DETAILS_HEADING = 'Как пройдёт пробный урок'

export type TrialDetailKind = 'minutes' | 'parent' | 'bring' | 'callBack'
export type TrialDetailLine = { kind: TrialDetailKind; text: string }

/** «Спасибо! Мы перезвоним в течение рабочего дня.», or the general thank-you. */
export function thanksText(details: TrialDetails = TRIAL_DETAILS): string {
  return thanksWords(details)
}

/**
 * The filled details as sentences, in the order a parent asks: the length, who stays, what to
 * bring, and (before the form is sent, `callBack`) when the school calls back.
 */
export function trialDetailLines(
  details: TrialDetails = TRIAL_DETAILS,
  { callBack = true }: { callBack?: boolean } = {},
): TrialDetailLine[] {
  const lines: TrialDetailLine[] = []
  if (details.minutes !== undefined) {
    lines.push({ kind: 'minutes', text: `Пробный урок длится ${minutesText(details.minutes)}.` })
  }
  if (details.parent) lines.push({ kind: 'parent', text: details.parent })
  if (details.bring) lines.push({ kind: 'bring', text: details.bring })
  if (callBack && details.callBack) {
    lines.push({
      kind: 'callBack',
      text: `После заявки перезвоним ${details.callBack} и договоримся о времени.`,
    })
  }
  return lines
}

/** The question the FAQ answers from the details. */
export const TRIAL_FAQ_QUESTION = 'Как проходит пробный урок?'
