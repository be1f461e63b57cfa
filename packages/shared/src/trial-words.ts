// The trial's words the site and the lead service both say (docs/decisions/0089-every-promise-is-content.md,
// 0103-a-trial-she-holds.md): the thank-you after a lead and the lesson's length, from the owner's
// `details` in content/trial-offer.json.
import type { TrialDetails } from './content/schema.ts'
import { pluralRu } from './plural.ts'

/** The thank-you when the owner has not said when the school calls back. */
export const THANKS_DEFAULT = 'Спасибо! Мы свяжемся с вами в ближайшее время.'

/** «60 минут», «45 минут», «90 минут». */
export function minutesText(minutes: number): string {
  return `${minutes}\u00a0${pluralRu(minutes, ['минута', 'минуты', 'минут'])}`
}

/** «Спасибо! Мы перезвоним в течение рабочего дня.», or the general thank-you. */
export function thanksText(details: Pick<TrialDetails, 'callBack'>): string {
  return details.callBack ? `Спасибо! Мы перезвоним ${details.callBack}.` : THANKS_DEFAULT
}
