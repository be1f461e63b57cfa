// What the school promises every pupil, as the owner states it (content/promises.json,
// docs/decisions/0089-every-promise-is-content.md): how lessons are held, and what a finished
// course brings (a project, prizes for the best ones, a discount on the next course with its
// amount, a certificate). A promise left empty is not shown anywhere.
import type { PromisesFile } from '@it-lab/shared/content'
import { readPromises } from './content-files.ts'

export type FormatPromise = PromisesFile['format']
export type CompletionPromises = PromisesFile['completion']

export const FORMAT_PROMISE: FormatPromise =
  typeof __PROMISE_FORMAT__ === 'undefined' ? readPromises().format : __PROMISE_FORMAT__

export const COMPLETION: CompletionPromises =
  typeof __COMPLETION__ === 'undefined' ? readPromises().completion : __COMPLETION__

export type BenefitIcon = 'folder-code' | 'trophy' | 'badge-percent' | 'award'

export type CompletionBenefit = {
  key: 'project' | 'projectPrizes' | 'discount' | 'certificate'
  /** As a card names it on its own: «Скидка 10 % на следующий курс». */
  title: string
  /** After «По завершении курса вы получите:»: «Скидку 10 % на следующий курс». */
  received: string
  /** Empty: the card has its title only. */
  description: string
  icon: BenefitIcon
}

/** The filled promises of a finished course, in the order the course page lists them. */
export function completionBenefits(
  completion: CompletionPromises = COMPLETION,
): CompletionBenefit[] {
  const benefits: CompletionBenefit[] = []
  if (completion.project) {
    const title = 'Готовый проект'
    benefits.push({
      key: 'project',
      title,
      received: title,
      description: completion.project,
      icon: 'folder-code',
    })
  }
  if (completion.projectPrizes) {
    const title = 'Призы за лучшие проекты'
    benefits.push({
      key: 'projectPrizes',
      title,
      received: title,
      description: completion.projectPrizes,
      icon: 'trophy',
    })
  }
  if (completion.discountPercent !== undefined) {
    const amount = `${completion.discountPercent}\u00a0% на следующий курс`
    benefits.push({
      key: 'discount',
      title: `Скидка ${amount}`,
      received: `Скидку ${amount}`,
      description: completion.discountTerms,
      icon: 'badge-percent',
    })
  }
  if (completion.certificate) {
    const title = 'Сертификат об окончании'
    benefits.push({
      key: 'certificate',
      title,
      received: title,
      description: completion.certificate,
      icon: 'award',
    })
  }
  return benefits
}

/** A shown format promise: its title and text, or none. */
export function shownFormat(format: FormatPromise = FORMAT_PROMISE): FormatPromise | undefined {
  return format.title && format.text ? format : undefined
}
