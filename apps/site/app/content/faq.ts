// The school's frequently asked questions (docs/decisions/0076-answers-reviews-way-licence.md):
// one file each in content/faq/, written by the owner's editor; the home page shows them when
// there is at least one.
import { readFaq, type FaqEntry } from './answers-files.ts'

export type { FaqEntry }

export const faq: readonly FaqEntry[] = typeof __FAQ__ === 'undefined' ? readFaq() : __FAQ__
