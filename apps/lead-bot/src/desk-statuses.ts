// The owner's statuses of a lead, set with a button under its message in the chat
// (docs/behaviour.md, "Lead desk in Telegram"): the stored value and the label the chat and the
// CLI show.
export const STATUS_LABELS = {
  called: 'Позвонили',
  // The family came to the trial lesson: a step the reports and Metrika count (docs/decisions/0078).
  trial: 'Пришли на пробное',
  enrolled: 'Записан',
  no_answer: 'Не дозвонились',
  refused: 'Отказ',
} as const

export type DeskStatus = keyof typeof STATUS_LABELS

export const DESK_STATUSES = Object.keys(STATUS_LABELS) as readonly DeskStatus[]
