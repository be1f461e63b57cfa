import {
  DISCOUNT_PERCENT_MAX,
  PROMISE_TEXT_MAX,
  PROMISE_TITLE_MAX,
  PROMO_APPLIES_MAX,
  PROMO_DAYS_MAX,
} from '@it-lab/shared/content'
import { text, wholeNumber, optionalNumber, choice, sampleTick, optional, group } from './fields.ts'

// The promises and their terms (content/promises.json): docs/decisions/0089-every-promise-is-content.md.

export const promiseFields = [
  group(
    'promises',
    'format',
    'На главной, в разделе «Как проходит обучение». Пишите только то, что верно для всех курсов и групп: если есть онлайн-группы, не пишите, что все занятия очные. Сотрите оба поля, и этого пункта не будет.',
    [
      optional(
        text('promises', 'format.title', PROMISE_TITLE_MAX),
        `До ${PROMISE_TITLE_MAX} знаков.`,
      ),
      optional(text('promises', 'format.text', PROMISE_TEXT_MAX), `До ${PROMISE_TEXT_MAX} знаков.`),
      sampleTick('Пришло с сайтом как пример. Проверьте, исправьте и снимите отметку.'),
    ],
  ),
  group(
    'promises',
    'completion',
    'Что ребёнок получит, закончив курс: на странице каждого курса («По завершении курса вы получите:») и на главной. Пустое поле — этого обещания на сайте нет.',
    [
      optional(
        text('promises', 'completion.project', PROMISE_TEXT_MAX),
        'Какой проект ребёнок сделает к концу курса.',
      ),
      optional(
        text('promises', 'completion.projectPrizes', PROMISE_TEXT_MAX),
        'Кто и какие призы получает за итоговые проекты.',
      ),
      optionalNumber(
        wholeNumber('promises', 'completion.discountPercent', 1, DISCOUNT_PERCENT_MAX),
        'Сколько процентов скидки на следующий курс. Пусто — на сайте скидки нет.',
      ),
      optional(
        text('promises', 'completion.discountTerms', PROMISE_TEXT_MAX),
        'На что скидка и как её получить, например «На первый месяц, если записаться в течение месяца после окончания курса».',
      ),
      optional(
        text('promises', 'completion.certificate', PROMISE_TEXT_MAX),
        'Какой документ получает ребёнок. Пусто — о сертификате на сайте ни слова.',
      ),
      sampleTick(
        'Пришло с сайтом как пример. Проверьте каждое обещание, исправьте и снимите отметку.',
      ),
    ],
  ),
  group(
    'promises',
    'quizPromo',
    'Промокод, который родители получают в конце теста на главной. Сотрите промокод, и тест его не обещает. С промокодом сайт не запустится, пока не написано, на что скидка и суммируется ли она со скидкой абонемента.',
    [
      optional(
        text('promises', 'quizPromo.code', 20),
        'Буквы, цифры и дефис, без пробелов, например ТЕСТ-10.',
      ),
      optionalNumber(
        wholeNumber('promises', 'quizPromo.percent', 1, DISCOUNT_PERCENT_MAX),
        'Сколько процентов скидки даёт промокод.',
      ),
      optionalNumber(
        wholeNumber('promises', 'quizPromo.validDays', 1, PROMO_DAYS_MAX),
        'Сколько дней промокод действует со дня, когда родитель прошёл тест. Сайт назовёт последний день.',
      ),
      optional(
        text('promises', 'quizPromo.appliesTo', PROMO_APPLIES_MAX),
        'Продолжение фразы «Скидка действует на …», без точки: например, «первый месяц занятий любого курса».',
      ),
      choice('promises', 'quizPromo.combines', ['no', 'yes'], {
        no: 'Не суммируется со скидкой абонемента',
        yes: 'Суммируется со скидкой абонемента',
      }),
      sampleTick(
        'Пришло с сайтом как пример. Проверьте промокод и условия, исправьте и снимите отметку.',
      ),
    ],
  ),
]
