// The school's frequently asked questions (docs/decisions/0076-answers-reviews-way-licence.md):
// one file each in content/faq/, written by the owner's editor; the home page shows them when
// there is at least one. The trial lesson's details, when the owner gave any, answer a question of
// their own first (docs/decisions/0089-every-promise-is-content.md).
import { readFaq, type FaqEntry } from './answers-files.ts'
import {
  TRIAL_DETAILS,
  TRIAL_FAQ_QUESTION,
  trialDetailLines,
  type TrialDetails,
} from './trial-details.ts'

export type { FaqEntry }

/** «Как проходит пробный урок?» answered from the details; none when no detail is filled. */
export function trialFaqEntry(details: TrialDetails): FaqEntry | undefined {
  const lines = trialDetailLines(details)
  if (lines.length === 0) return undefined
  const about = lines.filter(({ kind }) => kind !== 'callBack').map(({ text }) => text)
  const callBack = lines.filter(({ kind }) => kind === 'callBack').map(({ text }) => text)
  return {
    id: 'trial-details',
    question: TRIAL_FAQ_QUESTION,
    paragraphs: [about.join(' '), ...callBack].filter(Boolean),
    sample: details.sample,
  }
}

/** The questions as the page lists them: the trial's first, then the owner's files in order. */
export function faqWithTrial(
  files: readonly FaqEntry[],
  details: TrialDetails = TRIAL_DETAILS,
): FaqEntry[] {
  const trial = trialFaqEntry(details)
  return trial ? [trial, ...files] : [...files]
}

const files: readonly FaqEntry[] = typeof __FAQ__ === 'undefined' ? readFaq() : __FAQ__

export const faq: readonly FaqEntry[] = faqWithTrial(files)
