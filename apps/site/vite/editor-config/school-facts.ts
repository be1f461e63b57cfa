import {
  FACT_LABELS,
  FACT_MAX,
  FACT_NAME_LABELS,
  FACT_NAMES,
} from '@it-lab/shared/school-facts-schema'
import { openingHoursField } from './page-texts.ts'

// The school's facts (content/school.json): contacts, details, place, licence and ways to pay.

/** A fact's text: not empty, not longer than the schema allows (school-facts-schema.ts). */
const factText = (name: string, label: string, max: number, required = true) => ({
  name,
  label,
  widget: 'string',
  ...(required ? {} : { required: false }),
})

/** A coordinate as a map service shows it: '46.349700'. */
const coordinateField = (name: 'latitude' | 'longitude', title: string) => ({
  name,
  label: title,
  widget: 'string',
  required: false,
})

/** The school's place, licence and ways to pay (docs/decisions/0076). */
const answersSchoolFields = [
  {
    name: 'geo',
    label: FACT_LABELS.geo,
    widget: 'object',
    required: false,
    hint: 'Необязательно. Найдите школу на Яндекс Картах и нажмите на здание: под адресом будут два числа, например 46.349700, 48.040800. Первое — широта, второе — долгота. По ним ссылки «Открыть на Яндекс Картах» и «Открыть в 2ГИС» ставят метку точно на здание; без них карты ищут по адресу.',
    fields: [coordinateField('latitude', 'Широта'), coordinateField('longitude', 'Долгота')],
  },
  {
    name: 'licence',
    label: FACT_LABELS.licence,
    widget: 'object',
    required: false,
    hint: 'Заполните, только если у школы есть лицензия. С ней на сайте появятся страница «Сведения об образовательной организации» и раздел «Как оплатить обучение»; без неё их нет.',
    fields: [
      factText('number', 'Номер', FACT_MAX.licenceNumber, false),
      {
        name: 'date',
        label: 'Дата выдачи',
        widget: 'date-ru',
        required: false,
        default: '',
      },
      {
        ...factText('issuer', 'Кем выдана', FACT_MAX.licenceIssuer, false),
        hint: 'Например: Министерство образования и науки Астраханской области',
      },
    ],
  },
  {
    name: 'payments',
    label: FACT_LABELS.payments,
    widget: 'object',
    required: false,
    hint: 'Отметьте только то, что школа действительно принимает. Показывается, только если заполнена лицензия.',
    fields: [
      { name: 'taxDeduction', label: 'Налоговый вычет', widget: 'boolean', default: false },
      {
        name: 'maternityCapital',
        label: 'Материнский капитал',
        widget: 'boolean',
        default: false,
      },
      {
        name: 'pfdo',
        label: 'Сертификат дополнительного образования (ПФДО)',
        widget: 'boolean',
        default: false,
      },
      {
        name: 'pfdoUrl',
        label: 'Ссылка на навигатор дополнительного образования',
        widget: 'string',
        required: false,
        default: '',
        hint: 'Необязательно: страница навигатора вашей области, где родители оформляют сертификат.',
      },
    ],
  },
]

export const schoolFields = [
  factText('name', FACT_LABELS.name ?? 'name', FACT_MAX.name),
  factText('city', FACT_LABELS.city ?? 'city', FACT_MAX.city),
  factText('region', FACT_LABELS.region ?? 'region', FACT_MAX.region),
  {
    name: 'phone',
    label: 'Телефон',
    widget: 'object',
    fields: [
      {
        name: 'number',
        label: 'Номер',
        widget: 'string',
        hint: '+7 (8512) 12-34-56',
      },
      {
        name: 'short',
        label: 'Короткий номер',
        widget: 'string',
        hint: 'Последние цифры номера, как на кнопке «Позвонить»: 12-34-56',
      },
    ],
  },
  {
    name: 'address',
    label: 'Адрес',
    widget: 'object',
    fields: [
      factText('street', 'Улица и дом', FACT_MAX.street),
      {
        name: 'postalCode',
        label: 'Индекс',
        widget: 'string',
      },
    ],
  },
  {
    name: 'messenger',
    label: 'Мессенджер',
    widget: 'object',
    required: false,
    hint: 'Необязательно: оставьте пустым, и блок мессенджера не появится.',
    fields: [
      factText('name', 'Название', FACT_MAX.messengerName, false),
      factText('contact', 'Номер или имя', FACT_MAX.messengerContact, false),
      {
        name: 'url',
        label: 'Ссылка',
        widget: 'string',
        required: false,
      },
    ],
  },
  {
    name: 'email',
    label: FACT_LABELS.email,
    widget: 'string',
  },
  {
    name: 'owner',
    label: 'Владелец',
    widget: 'object',
    fields: [
      {
        name: 'name',
        label: 'ИП',
        widget: 'string',
      },
      { name: 'inn', label: 'ИНН', widget: 'string' },
      {
        name: 'ogrnip',
        label: 'ОГРНИП',
        widget: 'string',
      },
    ],
  },
  openingHoursField,
  ...answersSchoolFields,
  {
    name: 'policiesEffectiveDate',
    label: FACT_LABELS.policiesEffectiveDate,
    widget: 'date-ru',
    hint: 'С этого дня действуют политики и согласие на сайте.',
  },
  {
    name: 'siteUrl',
    label: FACT_LABELS.siteUrl,
    widget: 'string',
  },
  {
    name: 'demo',
    label: FACT_LABELS.demo,
    widget: 'select',
    multiple: true,
    required: false,
    options: FACT_NAMES.map((value) => ({ value, label: FACT_NAME_LABELS[value] })),
    hint: 'Сведения, где ещё стоит пример, а не настоящие данные школы. Впишите настоящее значение и уберите его из этого списка: пока список не пуст, сайт не запустится.',
  },
]
