import {
  TRIAL_ICONS,
  CALL_BACK_MAX,
  CLOSED_DAYS_MAX,
  HOLD_DAYS,
  REMIND_HOURS,
  TRIAL_DATES_SHOWN,
  TRIAL_DETAIL_MAX,
  TRIAL_MINUTES,
} from '@it-lab/shared/content'
import {
  choice,
  entryList,
  group,
  ICON_NAMES,
  label,
  optional,
  optionalNumber,
  POINT_NAMES,
  sampleTick,
  text,
  wholeNumber,
} from './fields.ts'

// The trial lesson (content/trial-offer.json): its offer, its points, the details parents ask and
// how a dated trial is booked (docs/decisions/0103-a-trial-she-holds.md).

/** One end of a closed stretch, both ends required: the list's item is a whole stretch. */
const closedDay = (end: 'from' | 'to', hint: string) => ({
  name: end,
  label: label('trialOffer', `booking.closedDays.${end}`),
  widget: 'date-ru',
  hint,
})

/** How a dated trial is booked, reminded and held (content/trial-offer.json, `booking`). */
const bookingFields = [
  {
    ...wholeNumber(
      'trialOffer',
      'booking.datesShown',
      TRIAL_DATES_SHOWN.min,
      TRIAL_DATES_SHOWN.max,
    ),
    hint: `Сколько ближайших занятий каждой группы предлагать в форме, ${TRIAL_DATES_SHOWN.min} или ${TRIAL_DATES_SHOWN.max}. Например, «сб 5 декабря, 10:00».`,
  },
  entryList(
    'trialOffer',
    'booking.closedDays',
    ['промежуток', 'промежутка', 'промежутков'],
    {
      min: 0,
      max: CLOSED_DAYS_MAX,
      hint: 'Праздники, каникулы и выходные школы: в эти дни сайт не предлагает пробный урок. Один день — «С» и «По» одинаковые.',
    },
    [
      closedDay('from', 'Первый день, когда школа не работает.'),
      closedDay('to', 'Последний такой день, включительно.'),
    ],
  ),
  {
    name: 'booking.remindEvening',
    label: label('trialOffer', 'booking.remindEvening'),
    widget: 'string',
    hint: 'Во сколько накануне пробного бот напоминает родителю, который попросил напоминание. Например, 19:00.',
  },
  {
    ...wholeNumber('trialOffer', 'booking.remindHoursBefore', REMIND_HOURS.min, REMIND_HOURS.max),
    hint: `За сколько часов до урока бот напоминает ещё раз, от ${REMIND_HOURS.min} до ${REMIND_HOURS.max}.`,
  },
  {
    ...wholeNumber('trialOffer', 'booking.holdDays', HOLD_DAYS.min, HOLD_DAYS.max),
    hint: `Сколько дней после пробного место в группе остаётся за ребёнком, пока вы не отметите «Записан» или «Отказ», от ${HOLD_DAYS.min} до ${HOLD_DAYS.max}.`,
  },
  {
    name: 'booking.waitlistOffers',
    label: label('trialOffer', 'booking.waitlistOffers'),
    widget: 'boolean',
    default: false,
    required: false,
    hint: 'Когда в полной группе освобождается место, бот предлагает его следующему в листе ожидания (тому, кто попросил напоминания в Telegram) на сутки. Без отметки — только сообщение в чат школы.',
  },
]

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
  group(
    'trialOffer',
    'booking',
    'Как родители выбирают дату пробного урока в форме на странице курса и как сайт напоминает о нём.',
    bookingFields,
  ),
]
