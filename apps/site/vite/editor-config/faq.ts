import { FAQ_ANSWER_MAX, FAQ_QUESTION_MAX, ORDER_MAX } from '@it-lab/shared/content'
import { sampleTick, text, wholeNumber } from './fields.ts'

// Questions: docs/decisions/0076-answers-reviews-way-licence.md.

export const faqFields = [
  text('faq', 'question', FAQ_QUESTION_MAX, 'Как его задают родители: «Сколько длится занятие?»'),
  text(
    'faq',
    'answer',
    FAQ_ANSWER_MAX,
    'Простым текстом. Абзацы разделяйте пустой строкой. Пишите только то, что верно для школы.',
  ),
  {
    ...wholeNumber('faq', 'order', 1, ORDER_MAX),
    default: 10,
    hint: 'Вопрос с меньшим числом стоит выше: 1 — первый. При равных числах — по порядку создания.',
  },
  sampleTick(),
]
