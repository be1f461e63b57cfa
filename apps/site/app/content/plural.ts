// The rule is shared with the content check's messages (@it-lab/shared).
import { pluralRu, type RussianPluralForms } from '@it-lab/shared/plural'

export { pluralRu, type RussianPluralForms }

export const MONTH_FORMS: RussianPluralForms = ['месяц', 'месяца', 'месяцев']
export const LESSON_FORMS: RussianPluralForms = ['занятие', 'занятия', 'занятий']

/** '1 месяц', '3 месяца', '5 месяцев', '21 месяц'. */
export function pluralizeMonths(n: number): string {
  return `${n} ${pluralRu(n, MONTH_FORMS)}`
}
