import {
  AGE_RANGE,
  COURSE_FORMATS,
  COURSE_LEVELS,
  DESCRIPTION_LENGTH,
  LESSON_MINUTES,
  LESSONS_PER_WEEK_MAX,
  PAGE_TEXT_LIMITS,
  PRICE_PLAN_NAMES,
  PRICE_UNIT_NAMES,
  PRICE_UNITS,
  timesAWeekText,
  IMAGE_MAX_BYTES,
  LEVEL_NAMES,
  MONTHS_MAX,
  PRICE_MAX,
  QUIZ_TRAIT_IDS,
  TITLE_MAX,
} from '@it-lab/shared/content'
import { traitQuestion } from '#app/content/quiz-texts.ts'
import {
  choice,
  date,
  group,
  label,
  optionalNumber,
  POINT_NAMES,
  text,
  textList,
  unprefixed,
  wholeNumber,
} from './fields.ts'

// The courses: a course's fields, its month of lessons and its plans.

// A month's lessons and the plans a course offers: docs/decisions/0087-a-month-is-its-lessons.md.
const lessonFields = [
  {
    name: 'lessonsPerWeek',
    label: label('course', 'lessonsPerWeek'),
    widget: 'select',
    multiple: true,
    numeric: true,
    default: [1],
    options: Array.from({ length: LESSONS_PER_WEEK_MAX }, (_, index) => ({
      value: String(index + 1),
      // «2 раза», without «в неделю»: the field's name says it.
      label: timesAWeekText([index + 1]).replace(/\s*в\s+неделю$/, ''),
    })),
    hint: 'Из этого сайт считает цену за месяц: месяц — 4 недели, при 2 занятиях в неделю это 8 занятий. Если группы курса занимаются по-разному, отметьте каждое число: на карточках будет «от … до …». Дни каждой группы курса должны с этим совпадать.',
  },
  optionalNumber(
    wholeNumber('course', 'lessonMinutes', LESSON_MINUTES.min, LESSON_MINUTES.max),
    'Например, 90. На сайте: «Занятия 2 раза в неделю по 90 минут», и время каждой группы курса должно быть такой длины. Можно оставить пустым.',
  ),
  {
    ...choice('course', 'pricesPer', PRICE_UNITS, PRICE_UNIT_NAMES),
    default: 'lesson',
    hint: 'Как вы вписываете цены абонементов ниже. «За месяц» — только если все группы курса занимаются одинаковое число раз в неделю. Под каждой ценой редактор покажет, сколько это за месяц или за одно занятие.',
  },
]

/** The course's own words on a price card; the common ones are in «Тексты страниц». */
const planTextsField = {
  name: 'planTexts',
  label: label('course', 'planTexts'),
  widget: 'russian-list',
  item_names: POINT_NAMES,
  required: false,
  default: [],
  hint: 'Если у этого курса карточка цены должна называться иначе, чем у всех («Тексты страниц» → «Страница курса»), добавьте пункт: выберите карточку и впишите свой заголовок или пояснение, например «Оплата сразу за 3 месяца». Пустое поле — как у всех.',
  fields: [
    choice('course', 'planTexts.plan', Object.keys(PRICE_PLAN_NAMES), PRICE_PLAN_NAMES),
    {
      ...text('course', 'planTexts.label', PAGE_TEXT_LIMITS.planLabel),
      required: false,
      default: '',
    },
    {
      ...text('course', 'planTexts.note', PAGE_TEXT_LIMITS.planNote),
      required: false,
      default: '',
    },
  ].map(unprefixed),
}

export const courseFields = [
  {
    ...wholeNumber('course', 'id', 1, 9999),
    hint: 'Номер в адресе страницы курса (/course/11). У каждого курса свой; у нового курса уже стоит следующий свободный.',
  },
  text('course', 'title', TITLE_MAX),
  text('course', 'description', DESCRIPTION_LENGTH.max, 'Два-три предложения для родителей.'),
  {
    name: 'image',
    label: label('course', 'image'),
    widget: 'image',
    hint: `Фото JPG, PNG, WebP или AVIF до ${IMAGE_MAX_BYTES / 1024 / 1024} МБ в пропорции 8:5, не меньше 640×400 (например, 1280×800): сайт сам уменьшит его для телефонов.`,
  },
  choice('course', 'level', COURSE_LEVELS, LEVEL_NAMES),
  wholeNumber('course', 'ageMin', AGE_RANGE.min, AGE_RANGE.max),
  wholeNumber('course', 'ageMax', AGE_RANGE.min, AGE_RANGE.max),
  wholeNumber('course', 'months', 1, MONTHS_MAX),
  choice('course', 'format', COURSE_FORMATS),
  date(
    'course',
    'start',
    'Пусто — на сайте «По набору». Прошедшая дата тоже показывается как «По набору».',
  ),
  ...lessonFields,
  group(
    'course',
    'prices',
    'Разовое посещение — цена одного занятия. Абонементы — за одно занятие или за месяц, как выбрано выше, и за занятие не дороже разового. Пустое поле — такой карточки на сайте нет; абонемент «от 4 месяцев» бывает только у курса длиннее 4 месяцев.',
    Object.entries(PRICE_PLAN_NAMES).map(([name, title]) => ({
      ...wholeNumber('course', name, 1, PRICE_MAX),
      label: title,
      rubles: true,
      // Under the field, the other figure: a month's price, or a lesson's (admin/form/fields.tsx).
      planPrice: name === 'basic' ? 'visit' : 'plan',
      ...(name === 'basic' ? {} : { required: false }),
    })),
  ),
  planTextsField,
  { name: 'onMainPage', label: label('course', 'onMainPage'), widget: 'boolean', default: false },
  textList('course', 'skills', 'Каждый пункт — одно умение.'),
  textList('course', 'plan', 'Темы по порядку.'),
  // Hidden and quiz courses: docs/decisions/0069-hidden-courses-quiz-data.md.
  group(
    'course',
    'quiz',
    'Для каких ответов тест на главной предложит этот курс. Возраст тест берёт из полей «Возраст от» и «Возраст до».',
    QUIZ_TRAIT_IDS.map((id) => ({
      name: id,
      label: traitQuestion(id).question,
      widget: 'select',
      multiple: true,
      required: false,
      default: [],
      options: traitQuestion(id).options.map(({ id: value, text }) => ({ value, label: text })),
    })),
  ),
  {
    name: 'hidden',
    label: label('course', 'hidden'),
    widget: 'boolean',
    default: false,
    required: false,
    hint: 'Курс пропадёт из каталога, с главной и из теста. По старой ссылке родители увидят, что курс сейчас не проводится.',
  },
]
