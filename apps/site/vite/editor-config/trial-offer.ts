import { TRIAL_ICONS, CALL_BACK_MAX, TRIAL_DETAIL_MAX, TRIAL_MINUTES } from '@it-lab/shared/content'
import {
  text,
  wholeNumber,
  optionalNumber,
  choice,
  POINT_NAMES,
  ICON_NAMES,
  sampleTick,
  optional,
  group,
  entryList,
} from './fields.ts'

// The trial lesson (content/trial-offer.json): its offer, its points and the details parents ask.

export const trialOfferFields = [
  text('trialOffer', 'heading', 120),
  text('trialOffer', 'subheading', 120),
  text('trialOffer', 'button', 40),
  entryList('trialOffer', 'points', POINT_NAMES, { min: 1, max: 6 }, [
    text('trialOffer', 'points.title', 120),
    text('trialOffer', 'points.description', 300),
    choice('trialOffer', 'points.icon', TRIAL_ICONS, ICON_NAMES),
  ]),
  group(
    'trialOffer',
    'details',
    'Что родители спрашивают до записи. Сайт показывает это в окне записи, рядом с формой, в ответе «Как проходит пробный урок?» среди частых вопросов и после заявки. Пустое поле не показывается.',
    [
      optionalNumber(
        wholeNumber('trialOffer', 'details.minutes', TRIAL_MINUTES.min, TRIAL_MINUTES.max),
        `Сколько длится пробный урок, от ${TRIAL_MINUTES.min} до ${TRIAL_MINUTES.max}. На сайте — «Пробный урок длится 60 минут».`,
      ),
      optional(
        text('trialOffer', 'details.parent', TRIAL_DETAIL_MAX),
        'Одним предложением: остаётся ли родитель на уроке. Например, «Вы можете остаться в классе и посмотреть, как занимается ребёнок».',
      ),
      optional(
        text('trialOffer', 'details.bring', TRIAL_DETAIL_MAX),
        'Одним предложением. Например, «Ничего брать не нужно: компьютеры есть в классе».',
      ),
      optional(
        text('trialOffer', 'details.callBack', CALL_BACK_MAX),
        'Продолжение фразы «Мы перезвоним …», без точки: например, «в течение рабочего дня» или «в течение двух часов в рабочее время». Пусто — на сайте «Мы свяжемся с вами в ближайшее время».',
      ),
      sampleTick(
        'Эти сведения пришли с сайтом как пример. Проверьте каждое, исправьте и снимите отметку: с ней сайт не запустится.',
      ),
    ],
  ),
]
