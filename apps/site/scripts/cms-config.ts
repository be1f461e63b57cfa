import {
  AGE_RANGE,
  ANNOUNCEMENT_TEXT_MAX,
  COURSE_FORMATS,
  COURSE_LEVELS,
  DESCRIPTION_LENGTH,
  FAQ_ANSWER_MAX,
  FAQ_QUESTION_MAX,
  FIELD_LABELS,
  WEEKDAY_NAMES,
  GROUP_PLACE_MAX,
  LESSON_MINUTES,
  LESSONS_PER_WEEK_MAX,
  PAGE_TEXT_LIMITS,
  PRICE_PLAN_NAMES,
  PRICE_UNIT_NAMES,
  PRICE_UNITS,
  timesAWeekText,
  GROUP_SEATS_MAX,
  WEEKDAYS,
  IMAGE_MAX_BYTES,
  ORDER_MAX,
  LEVEL_NAMES,
  MONTHS_MAX,
  PHOTO_ALT_MAX,
  PICTURE_KINDS,
  pictureProportion,
  PRICE_MAX,
  PRIZE_COLOURS,
  PRIZE_ICONS,
  QUIZ_TRAIT_IDS,
  REVIEW_AUTHOR_MAX,
  REVIEW_SOURCE_NAMES,
  REVIEW_SOURCES,
  REVIEW_TEXT_MAX,
  SAMPLE_FIELD_LABEL,
  TEACHER_EDUCATION_MAX,
  TEACHER_EXPERIENCE_MAX,
  TEACHER_NAME_MAX,
  TEACHER_TEXT_MAX,
  TITLE_MAX,
  TRIAL_ICONS,
  CONTENT_ROOT,
  type EntryFolder,
  CALL_BACK_MAX,
  DISCOUNT_PERCENT_MAX,
  DRAW_ORGANISER_MAX,
  DRAW_RECEIVING_MAX,
  PROMISE_TEXT_MAX,
  PROMISE_TITLE_MAX,
  PROMO_APPLIES_MAX,
  PROMO_DAYS_MAX,
  TRIAL_DETAIL_MAX,
  TRIAL_MINUTES,
} from '@it-lab/shared/content'
import { openingHoursField, pageTextCollection } from './cms-page-texts.ts'
import { z } from 'zod/mini'
import {
  FACT_LABELS,
  FACT_MAX,
  FACT_NAME_LABELS,
  FACT_NAMES,
} from '@it-lab/shared/school-facts-schema'
import { traitQuestion } from '#app/content/quiz-texts.ts'

// The owner's editor at /admin: Decap CMS (docs/decisions/0055-decap-cms-editor.md), configured
// here from the same limits and labels the build checks the content files with, so a value the
// editor accepts is one the build accepts (the build still checks: a file may be edited by hand).

/** The editor's settings, read from the environment when the site is built (all public). */
const cmsSettingsSchema = z.object({
  /**
   * proxy: the editor gateway on the site's own server (apps/editor, docs/decisions/0065); empty:
   * proxy for a development or test build, and no editor at all for a release build.
   */
  CMS_BACKEND: z._default(z.enum(['', 'proxy'], 'must be proxy or empty'), ''),
  /** The branch the editor gateway commits to, which publishing builds. */
  CMS_BRANCH: z._default(z.string().check(z.regex(/^[\w./-]+$/, 'must be a branch name')), 'main'),
})

/** The settings, with CMS_BACKEND resolved: empty only when the build ships no editor. */
export type CmsSettings = z.output<typeof cmsSettingsSchema>

/** Set by `npm run build:release` for its build (release/build-release.ts). */
export const RELEASE_BUILD_FLAG = 'SITE_RELEASE_BUILD'

/** The editor's settings; throws naming each bad variable. */
export function readCmsSettings(env: NodeJS.ProcessEnv = process.env): CmsSettings {
  const names = Object.keys(cmsSettingsSchema.shape)
  const input = Object.fromEntries(names.flatMap((name) => (env[name] ? [[name, env[name]]] : [])))
  const result = cmsSettingsSchema.safeParse(input)
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) =>
        `${String(issue.path[0])}: ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`,
    )
    throw new Error(`Invalid editor settings (deploy/deploy.env.example):\n  ${lines.join('\n  ')}`)
  }
  const settings = result.data
  // npm start and the e2e run the editor gateway beside the site; a release names its backend.
  const release = env[RELEASE_BUILD_FLAG] === '1'
  if (settings.CMS_BACKEND === '' && !release) return { ...settings, CMS_BACKEND: 'proxy' }
  return settings
}

const label = (kind: keyof typeof FIELD_LABELS, name: string) =>
  (FIELD_LABELS[kind][name] ?? name).replace(/^.* → /, '')

const text = (kind: keyof typeof FIELD_LABELS, name: string, max: number, hint?: string) => ({
  name,
  label: label(kind, name),
  widget: max > 120 ? 'text' : 'string',
  ...(hint ? { hint } : {}),
})

/**
 * A whole number typed as text and read exactly (admin/widgets.ts): «1600», «1 600», and for a
 * price «1600 ₽»; «1600.50», «12e3», «-5» are refused at the field, never rounded or cut.
 */
const wholeNumber = (kind: keyof typeof FIELD_LABELS, name: string, min: number, max: number) => ({
  name,
  label: label(kind, name),
  widget: 'whole-number',
  min,
  max,
})

const choice = (
  kind: keyof typeof FIELD_LABELS,
  name: string,
  options: readonly string[],
  names?: Record<string, string>,
) => ({
  name,
  label: label(kind, name),
  widget: 'select',
  options: options.map((value) => ({ value, label: names?.[value] ?? value })),
})

/** A day typed as ДД.ММ.ГГГГ (the dots put in while typing), stored as YYYY-MM-DD; optional. */
const date = (kind: keyof typeof FIELD_LABELS, name: string, hint: string) => ({
  name,
  label: label(kind, name),
  widget: 'date-ru',
  required: false,
  default: '',
  hint,
})

/** What a list's items are called: for 1, for 2–4, for 5 and more (the counter and «Добавить …»). */
const POINT_NAMES = ['пункт', 'пункта', 'пунктов']

const textList = (kind: keyof typeof FIELD_LABELS, name: string, hint: string) => ({
  name,
  label: label(kind, name),
  widget: 'russian-list',
  item_names: POINT_NAMES,
  hint,
  field: {
    name: 'item',
    label: 'Пункт',
    widget: 'string',
  },
})

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
  {
    ...wholeNumber('course', 'lessonMinutes', LESSON_MINUTES.min, LESSON_MINUTES.max),
    required: false,
    hint: 'Например, 90. На сайте: «Занятия 2 раза в неделю по 90 минут», и время каждой группы курса должно быть такой длины. Можно оставить пустым.',
  },
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
  item_names: ['пункт', 'пункта', 'пунктов'],
  required: false,
  default: [],
  hint: 'Если у этого курса карточка цены должна называться иначе, чем у всех («Тексты страниц» → «Страница курса»), добавьте пункт: выберите карточку и впишите свой заголовок или пояснение, например «Оплата сразу за 3 месяца». Пустое поле — как у всех.',
  fields: [
    {
      ...choice('course', 'planTexts.plan', Object.keys(PRICE_PLAN_NAMES), PRICE_PLAN_NAMES),
      name: 'plan',
    },
    {
      ...text('course', 'planTexts.label', PAGE_TEXT_LIMITS.planLabel),
      name: 'label',
      required: false,
      default: '',
    },
    {
      ...text('course', 'planTexts.note', PAGE_TEXT_LIMITS.planNote),
      name: 'note',
      required: false,
      default: '',
    },
  ],
}

const ICON_NAMES: Record<string, string> = {
  'notebook-pen': 'Блокнот',
  shirt: 'Футболка',
  watch: 'Часы',
  speaker: 'Колонка',
  'user-round': 'Человек',
  presentation: 'Доска',
  'message-circle-question-mark': 'Вопрос',
  sparkles: 'Звёздочки',
}

const COLOUR_NAMES: Record<string, string> = {
  blue: 'Синий',
  orange: 'Оранжевый',
  green: 'Зелёный',
  purple: 'Фиолетовый',
}

const courseFields = [
  {
    ...wholeNumber('course', 'id', 1, 9999),
    hint: 'Номер в адресе страницы курса (/course/11). У каждого курса свой; у нового курса уже стоит следующий свободный.',
  },
  text('course', 'title', TITLE_MAX),
  {
    ...text('course', 'description', DESCRIPTION_LENGTH.max, 'Два-три предложения для родителей.'),
  },
  {
    name: 'image',
    label: label('course', 'image'),
    widget: 'image',
    hint: `Фото JPG, PNG, WebP или AVIF до ${IMAGE_MAX_BYTES / 1024 / 1024} МБ в пропорции 8:5, не меньше 640×400 (например, 1280×800): сайт сам уменьшит его для телефонов.`,
  },
  choice('course', 'level', COURSE_LEVELS, LEVEL_NAMES),
  wholeNumber('course', 'ageMin', AGE_RANGE.min, AGE_RANGE.max),
  {
    ...wholeNumber('course', 'ageMax', AGE_RANGE.min, AGE_RANGE.max),
  },
  wholeNumber('course', 'months', 1, MONTHS_MAX),
  choice('course', 'format', COURSE_FORMATS),
  date(
    'course',
    'start',
    'Пусто — на сайте «По набору». Прошедшая дата тоже показывается как «По набору».',
  ),
  ...lessonFields,
  {
    name: 'prices',
    label: label('course', 'prices'),
    widget: 'object',
    hint: 'Разовое посещение — цена одного занятия. Абонементы — за одно занятие или за месяц, как выбрано выше, и за занятие не дороже разового. Пустое поле — такой карточки на сайте нет; абонемент «от 4 месяцев» бывает только у курса длиннее 4 месяцев.',
    fields: Object.entries(PRICE_PLAN_NAMES).map(([name, title]) => ({
      ...wholeNumber('course', name, 1, PRICE_MAX),
      label: title,
      rubles: true,
      // Under the field, the other figure: a month's price, or a lesson's (admin/form/fields.tsx).
      planPrice: name === 'basic' ? 'visit' : 'plan',
      ...(name === 'basic' ? {} : { required: false }),
    })),
  },
  planTextsField,
  { name: 'onMainPage', label: label('course', 'onMainPage'), widget: 'boolean', default: false },
  textList('course', 'skills', 'Каждый пункт — одно умение.'),
  textList('course', 'plan', 'Темы по порядку.'),
  // Hidden and quiz courses: docs/decisions/0069-hidden-courses-quiz-data.md.
  {
    name: 'quiz',
    label: label('course', 'quiz'),
    widget: 'object',
    hint: 'Для каких ответов тест на главной предложит этот курс. Возраст тест берёт из полей «Возраст от» и «Возраст до».',
    fields: QUIZ_TRAIT_IDS.map((id) => ({
      name: id,
      label: traitQuestion(id).question,
      widget: 'select',
      multiple: true,
      required: false,
      default: [],
      options: traitQuestion(id).options.map(({ id: value, text }) => ({ value, label: text })),
    })),
  },
  {
    name: 'hidden',
    label: label('course', 'hidden'),
    widget: 'boolean',
    default: false,
    required: false,
    hint: 'Курс пропадёт из каталога, с главной и из теста. По старой ссылке родители увидят, что курс сейчас не проводится.',
  },
]

const announcementFields = [
  text('announcement', 'title', TITLE_MAX),
  text('announcement', 'text', ANNOUNCEMENT_TEXT_MAX, 'Коротко: что, когда и для кого.'),
  date(
    'announcement',
    'date',
    'Если у объявления есть день события (день открытых дверей, начало группы).',
  ),
  {
    ...date(
      'announcement',
      'endDate',
      'После этого дня объявление исчезнет с сайта. Пусто — исчезнет после дня события, а без него останется, пока вы его не удалите.',
    ),
  },
]

/** The «Образец» tick of a shipped sample (docs/decisions/0073-sample-entries.md). */
const sampleTick = {
  name: 'sample',
  label: SAMPLE_FIELD_LABEL,
  widget: 'boolean',
  default: false,
  required: false,
  hint: 'Стоит у примеров, которые пришли с сайтом. Впишите своё и снимите отметку: пока она стоит, сайт не запустится.',
}

// Groups: docs/decisions/0075-groups-and-trials.md.
const groupTime = (name: 'start' | 'end') => ({
  name,
  label: label('group', name),
  widget: 'string',
  hint: name === 'start' ? 'Например, 10:00' : 'Например, 11:30: позже начала',
})

/** The group's fields. Its course is one of the saved courses, listed by the editor as it opens. */
const groupFields = [
  {
    name: 'course',
    label: label('group', 'course'),
    widget: 'select',
    collection: 'courses',
  },
  {
    name: 'days',
    label: label('group', 'days'),
    widget: 'select',
    multiple: true,
    min: 1,
    options: WEEKDAYS.map((value) => ({ value, label: WEEKDAY_NAMES[value] })),
  },
  groupTime('start'),
  groupTime('end'),
  wholeNumber('group', 'ageMin', AGE_RANGE.min, AGE_RANGE.max),
  {
    ...wholeNumber('group', 'ageMax', AGE_RANGE.min, AGE_RANGE.max),
  },
  choice('group', 'format', COURSE_FORMATS),
  {
    name: 'place',
    label: label('group', 'place'),
    widget: 'string',
    required: false,
    hint: `Коротко, до ${GROUP_PLACE_MAX} знаков: «кабинет 2». На сайте после формата: «Оффлайн, кабинет 2». Можно оставить пустым.`,
  },
  {
    // One of the saved teachers, by name; the file keeps the teacher's file name.
    name: 'teacher',
    label: label('group', 'teacher'),
    widget: 'select',
    collection: 'teachers',
    required: false,
    default: '',
    hint: 'Кто ведёт группу: выберите из преподавателей, сохранённых в разделе «Преподаватели». На сайте его имя будет на карточке группы. Можно оставить пустым.',
  },
  date(
    'group',
    'startDate',
    'Когда группа начнёт заниматься. Пусто или прошедшая дата — на сайте «Группа уже занимается».',
  ),
  {
    ...wholeNumber('group', 'seats', 0, GROUP_SEATS_MAX),
    hint: 'Сколько детей ещё можно взять. 0 — на сайте «мест нет — запишем в лист ожидания»: родители всё равно могут оставить заявку в эту группу.',
  },
  {
    ...wholeNumber('group', 'size', 1, GROUP_SEATS_MAX),
    required: false,
    hint: 'Сколько детей в группе всего, вместе с уже записанными: не меньше, чем свободных мест. На сайте: «В группе до 8 детей». Можно оставить пустым.',
  },
  {
    ...wholeNumber('group', 'order', 0, ORDER_MAX),
    default: 0,
    hint: 'Меньше — выше в списке групп курса. Одинаковые — по дате создания.',
  },
  sampleTick,
]

// Teachers and the school's photos: docs/decisions/0074-teachers-and-school-photos.md.

/** A photo for a kind cut at build: any proportion, at least the kind's size once cut. */
const cutPhoto = (kind: 'teacher' | 'photo', name: string, shape: string) => {
  const { minSize } = PICTURE_KINDS[kind]
  return {
    name,
    label: label(kind, name),
    widget: 'image',
    hint: `Фото JPG, PNG, WebP или AVIF до ${IMAGE_MAX_BYTES / 1024 / 1024} МБ, можно прямо с телефона. На сайте оно в пропорции ${pictureProportion(kind)} (${shape}): лишнее по краям сайт обрежет сам. Нужно хотя бы ${minSize.width}×${minSize.height}.`,
  }
}

/** «Порядок» of a teacher or a photo: smaller first. */
const teacherPhotoOrder = (kind: 'teacher' | 'photo', hint: string) => ({
  ...wholeNumber(kind, 'order', 1, ORDER_MAX),
  default: 1,
  hint,
})

const teacherFields = [
  text('teacher', 'name', TEACHER_NAME_MAX, 'Как его или её называют родителям.'),
  cutPhoto('teacher', 'photo', 'чуть выше, чем в ширину, как портрет'),
  {
    name: 'courses',
    label: label('teacher', 'courses'),
    // The saved courses as chips, by title; the file keeps each course's number.
    widget: 'relation',
    collection: 'courses',
    required: false,
    hint: 'Выберите курсы из списка: на сайте они станут ссылками, а преподаватель появится на странице каждого из них. Скрытый курс не показывается.',
  },
  text(
    'teacher',
    'text',
    TEACHER_TEXT_MAX,
    'Пара предложений для родителей: чему учит детей, как проходят занятия.',
  ),
  {
    ...wholeNumber('teacher', 'experience', 1, TEACHER_EXPERIENCE_MAX),
    required: false,
    hint: 'Сколько полных лет преподаёт. На сайте: «Опыт преподавания: 5 лет». Можно оставить пустым.',
  },
  {
    name: 'education',
    label: label('teacher', 'education'),
    widget: 'string',
    required: false,
    default: '',
    hint: `Коротко, до ${TEACHER_EDUCATION_MAX} знаков: учебное заведение и специальность. На сайте — на карточке преподавателя. Можно оставить пустым.`,
  },
  teacherPhotoOrder('teacher', 'Меньше — раньше: преподаватель с порядком 1 стоит первым.'),
  sampleTick,
]

const photoFields = [
  cutPhoto('photo', 'image', 'как снимает телефон, если держать его боком'),
  {
    ...text('photo', 'alt', PHOTO_ALT_MAX),
    hint: 'Что на фото, одной фразой: например, «Дети собирают робота на занятии». Её прочтёт вслух программа для незрячих, и её покажет браузер, если фото не загрузится.',
  },
  {
    name: 'caption',
    label: label('photo', 'caption'),
    widget: 'string',
    required: false,
    default: '',
    hint: 'Необязательно: подпись под фото на сайте.',
  },
  teacherPhotoOrder('photo', 'Меньше — раньше: фото с порядком 1 стоит первым.'),
  sampleTick,
]

// Questions and reviews: docs/decisions/0076-answers-reviews-way-licence.md.
const faqFields = [
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
  sampleTick,
]

const reviewFields = [
  text(
    'review',
    'text',
    REVIEW_TEXT_MAX,
    `Слово в слово, как родитель написал, до ${REVIEW_TEXT_MAX} знаков. Звёзды и оценки не переносите.`,
  ),
  text(
    'review',
    'author',
    REVIEW_AUTHOR_MAX,
    'Как родитель согласился подписаться, например «мама Маши, 9 лет».',
  ),
  date('review', 'date', 'День, когда отзыв написан, как его показывает сайт, где он опубликован.'),
  {
    ...choice('review', 'source', REVIEW_SOURCES, REVIEW_SOURCE_NAMES),
    default: 'yandex',
    hint: 'Где родитель опубликовал отзыв. «Письменно» — только если у вас есть его письменное согласие на публикацию.',
  },
  {
    name: 'link',
    label: label('review', 'link'),
    widget: 'string',
    default: '',
    hint: 'Нужна для отзыва с Яндекс Карт (yandex.ru/maps/…), 2ГИС (2gis.ru/…) и ВКонтакте (vk.com/…): откройте отзыв там и скопируйте его адрес. Для отзыва с письменным согласием оставьте пустым.',
  },
  sampleTick,
]

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

const schoolFields = [
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

// The promises and their terms: docs/decisions/0089-every-promise-is-content.md.

/** A text that is not shown while empty. */
const optional = <T extends object>(field: T, hint: string) => ({
  ...field,
  required: false,
  default: '',
  hint,
})

/** A promise's own «Образец» tick, inside its group: the launch lists each still ticked. */
const promiseTick = (hint: string) => ({
  name: 'sample',
  label: SAMPLE_FIELD_LABEL,
  widget: 'boolean',
  default: false,
  required: false,
  hint,
})

const drawFields = [
  date('prizes', 'draw.start', 'Первый день розыгрыша.'),
  date(
    'prizes',
    'draw.end',
    'Последний день. На следующий день после него призы с сайта пропадут.',
  ),
  optional(
    text('prizes', 'draw.organiser', DRAW_ORGANISER_MAX),
    'Кто проводит розыгрыш, как в документах: «ИП Иванова Анна Петровна, ИНН 301234567878».',
  ),
  optional(
    text('prizes', 'draw.rulesUrl', 300),
    'Адрес страницы с полными правилами (например, записи в группе школы во ВКонтакте), начинается с https://. В правилах — организатор, сроки, сколько призов, где, когда и как их получить.',
  ),
  optional(
    text('prizes', 'draw.receiving', DRAW_RECEIVING_MAX),
    'Необязательно: одной-двумя фразами, где и когда вручаете призы, например «Призы вручаем в школе на последнем занятии месяца».',
  ),
].map((field) => ({ ...field, name: field.name.replace(/^draw\./, '') }))

const prizeFields = [
  text('prizes', 'heading', 120),
  text('prizes', 'intro', 400),
  text('prizes', 'note', 200),
  {
    name: 'items',
    label: label('prizes', 'items'),
    widget: 'russian-list',
    item_names: ['приз', 'приза', 'призов'],
    max: 8,
    min: 0,
    hint: 'Удалите все призы, и раздела призов на сайте не будет.',
    fields: [
      { ...text('prizes', 'items.title', TITLE_MAX), name: 'title' },
      { ...text('prizes', 'items.description', 300), name: 'description' },
      { ...choice('prizes', 'items.colour', PRIZE_COLOURS, COLOUR_NAMES), name: 'colour' },
      { ...choice('prizes', 'items.icon', PRIZE_ICONS, ICON_NAMES), name: 'icon' },
    ],
  },
  {
    name: 'draw',
    label: label('prizes', 'draw'),
    widget: 'object',
    hint: 'Розыгрыш призов — стимулирующее мероприятие: по закону о рекламе (38-ФЗ, статья 9) на сайте должны быть его сроки и где узнать об организаторе и правилах. Без сроков, организатора и ссылки на правила сайт не запустится, пока на нём есть призы.',
    fields: drawFields,
  },
  sampleTick,
]

const trialOfferFields = [
  text('trialOffer', 'heading', 120),
  text('trialOffer', 'subheading', 120),
  text('trialOffer', 'button', 40),
  {
    name: 'points',
    label: label('trialOffer', 'points'),
    widget: 'russian-list',
    item_names: POINT_NAMES,
    min: 1,
    max: 6,
    fields: [
      { ...text('trialOffer', 'points.title', 120), name: 'title' },
      { ...text('trialOffer', 'points.description', 300), name: 'description' },
      { ...choice('trialOffer', 'points.icon', TRIAL_ICONS, ICON_NAMES), name: 'icon' },
    ],
  },
  {
    name: 'details',
    label: label('trialOffer', 'details'),
    widget: 'object',
    hint: 'Что родители спрашивают до записи. Сайт показывает это в окне записи, рядом с формой, в ответе «Как проходит пробный урок?» среди частых вопросов и после заявки. Пустое поле не показывается.',
    fields: [
      {
        ...wholeNumber('trialOffer', 'details.minutes', TRIAL_MINUTES.min, TRIAL_MINUTES.max),
        name: 'minutes',
        required: false,
        hint: `Сколько длится пробный урок, от ${TRIAL_MINUTES.min} до ${TRIAL_MINUTES.max}. На сайте — «Пробный урок длится 60 минут».`,
      },
      {
        ...optional(
          text('trialOffer', 'details.parent', TRIAL_DETAIL_MAX),
          'Одним предложением: остаётся ли родитель на уроке. Например, «Вы можете остаться в классе и посмотреть, как занимается ребёнок».',
        ),
        name: 'parent',
      },
      {
        ...optional(
          text('trialOffer', 'details.bring', TRIAL_DETAIL_MAX),
          'Одним предложением. Например, «Ничего брать не нужно: компьютеры есть в классе».',
        ),
        name: 'bring',
      },
      {
        ...optional(
          text('trialOffer', 'details.callBack', CALL_BACK_MAX),
          'Продолжение фразы «Мы перезвоним …», без точки: например, «в течение рабочего дня» или «в течение двух часов в рабочее время». Пусто — на сайте «Мы свяжемся с вами в ближайшее время».',
        ),
        name: 'callBack',
      },
      promiseTick(
        'Эти сведения пришли с сайтом как пример. Проверьте каждое, исправьте и снимите отметку: с ней сайт не запустится.',
      ),
    ],
  },
]

const promiseFields = [
  {
    name: 'format',
    label: label('promises', 'format'),
    widget: 'object',
    hint: 'На главной, в разделе «Как проходит обучение». Пишите только то, что верно для всех курсов и групп: если есть онлайн-группы, не пишите, что все занятия очные. Сотрите оба поля, и этого пункта не будет.',
    fields: [
      {
        ...optional(
          text('promises', 'format.title', PROMISE_TITLE_MAX),
          `До ${PROMISE_TITLE_MAX} знаков.`,
        ),
        name: 'title',
      },
      {
        ...optional(
          text('promises', 'format.text', PROMISE_TEXT_MAX),
          `До ${PROMISE_TEXT_MAX} знаков.`,
        ),
        name: 'text',
      },
      promiseTick('Пришло с сайтом как пример. Проверьте, исправьте и снимите отметку.'),
    ],
  },
  {
    name: 'completion',
    label: label('promises', 'completion'),
    widget: 'object',
    hint: 'Что ребёнок получит, закончив курс: на странице каждого курса («По завершении курса вы получите:») и на главной. Пустое поле — этого обещания на сайте нет.',
    fields: [
      {
        ...optional(
          text('promises', 'completion.project', PROMISE_TEXT_MAX),
          'Какой проект ребёнок сделает к концу курса.',
        ),
        name: 'project',
      },
      {
        ...optional(
          text('promises', 'completion.projectPrizes', PROMISE_TEXT_MAX),
          'Кто и какие призы получает за итоговые проекты.',
        ),
        name: 'projectPrizes',
      },
      {
        ...wholeNumber('promises', 'completion.discountPercent', 1, DISCOUNT_PERCENT_MAX),
        name: 'discountPercent',
        required: false,
        hint: 'Сколько процентов скидки на следующий курс. Пусто — на сайте скидки нет.',
      },
      {
        ...optional(
          text('promises', 'completion.discountTerms', PROMISE_TEXT_MAX),
          'На что скидка и как её получить, например «На первый месяц, если записаться в течение месяца после окончания курса».',
        ),
        name: 'discountTerms',
      },
      {
        ...optional(
          text('promises', 'completion.certificate', PROMISE_TEXT_MAX),
          'Какой документ получает ребёнок. Пусто — о сертификате на сайте ни слова.',
        ),
        name: 'certificate',
      },
      promiseTick(
        'Пришло с сайтом как пример. Проверьте каждое обещание, исправьте и снимите отметку.',
      ),
    ],
  },
  {
    name: 'quizPromo',
    label: label('promises', 'quizPromo'),
    widget: 'object',
    hint: 'Промокод, который родители получают в конце теста на главной. Сотрите промокод, и тест его не обещает. С промокодом сайт не запустится, пока не написано, на что скидка и суммируется ли она со скидкой абонемента.',
    fields: [
      {
        ...optional(
          text('promises', 'quizPromo.code', 20),
          'Буквы, цифры и дефис, без пробелов, например ТЕСТ-10.',
        ),
        name: 'code',
      },
      {
        ...wholeNumber('promises', 'quizPromo.percent', 1, DISCOUNT_PERCENT_MAX),
        name: 'percent',
        required: false,
        hint: 'Сколько процентов скидки даёт промокод.',
      },
      {
        ...wholeNumber('promises', 'quizPromo.validDays', 1, PROMO_DAYS_MAX),
        name: 'validDays',
        required: false,
        hint: 'Сколько дней промокод действует со дня, когда родитель прошёл тест. Сайт назовёт последний день.',
      },
      {
        ...optional(
          text('promises', 'quizPromo.appliesTo', PROMO_APPLIES_MAX),
          'Продолжение фразы «Скидка действует на …», без точки: например, «первый месяц занятий любого курса».',
        ),
        name: 'appliesTo',
      },
      {
        ...choice('promises', 'quizPromo.combines', ['no', 'yes'], {
          no: 'Не суммируется со скидкой абонемента',
          yes: 'Суммируется со скидкой абонемента',
        }),
        name: 'combines',
      },
      promiseTick(
        'Пришло с сайтом как пример. Проверьте промокод и условия, исправьте и снимите отметку.',
      ),
    ],
  },
]

/** A folder of JSON files under content/, one entry a file, which the owner adds and deletes. */
const folderCollection = (name: EntryFolder, label: string, labelSingular: string) => ({
  name,
  label,
  label_singular: labelSingular,
  folder: `${CONTENT_ROOT}/${name}`,
})

/**
 * The editor's sections (apps/site/admin/sections.ts reads them): baked into the editor's script
 * at build, so the list of sections shows without a request.
 */
export function editorSections(): Record<string, unknown>[] {
  return [
    {
      // The editor's gateway deletes the course's picture with it when nothing else uses it.
      ...folderCollection('courses', 'Курсы', 'курс'),
      slug: '{{fields.id}}',
      fields: courseFields,
    },
    {
      ...folderCollection('announcements', 'Объявления', 'объявление'),
      slug: '{{year}}-{{month}}-{{day}}-{{hour}}{{minute}}{{second}}',
      fields: announcementFields,
    },
    {
      ...folderCollection('groups', 'Группы', 'группа'),
      // Latin and stable: the file's name is the group's id, which leads name.
      slug: 'kurs-{{fields.course}}-{{year}}{{month}}{{day}}-{{hour}}{{minute}}{{second}}',
      fields: groupFields,
    },
    {
      // The editor's gateway deletes the teacher's photo with them when nothing else uses it.
      ...folderCollection('teachers', 'Преподаватели', 'преподаватель'),
      slug: 'teacher-{{year}}-{{month}}-{{day}}-{{hour}}{{minute}}{{second}}',
      fields: teacherFields,
    },
    {
      ...folderCollection('photos', 'Фото школы', 'фото'),
      slug: 'photo-{{year}}-{{month}}-{{day}}-{{hour}}{{minute}}{{second}}',
      fields: photoFields,
    },
    {
      ...folderCollection('faq', 'Частые вопросы', 'вопрос'),
      slug: 'vopros-{{year}}-{{month}}-{{day}}-{{hour}}{{minute}}{{second}}',
      fields: faqFields,
    },
    {
      ...folderCollection('reviews', 'Отзывы', 'отзыв'),
      slug: 'otzyv-{{year}}-{{month}}-{{day}}-{{hour}}{{minute}}{{second}}',
      fields: reviewFields,
    },
    {
      name: 'school',
      label: 'Сведения о школе',
      files: [
        {
          name: 'facts',
          label: 'Контакты и реквизиты',
          file: 'content/school.json',
          fields: schoolFields,
        },
        { name: 'prizes', label: 'Призы', file: 'content/prizes.json', fields: prizeFields },
        {
          name: 'trial',
          label: 'Пробный урок',
          file: 'content/trial-offer.json',
          fields: trialOfferFields,
        },
        {
          name: 'promises',
          label: 'Обещания и скидки',
          file: 'content/promises.json',
          description:
            'Что сайт обещает родителям: как проходят занятия, что ребёнок получит после курса, промокод за тест. Пустое поле — этого обещания на сайте нет.',
          fields: promiseFields,
        },
      ],
    },
    pageTextCollection,
  ]
}

/**
 * The editor's page: its own script and stylesheet from this folder, nothing from another host.
 * Until the script starts, the page says so; without JavaScript it says that it needs it.
 */
export const ADMIN_HTML = `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Редактор сайта</title>
<link href="/admin/editor.css" rel="stylesheet">
<script src="/admin/editor.js" type="module"></script>
</head>
<body>
<div id="editor"><p class="starting">Загружаем редактор…</p><noscript><p>Редактору нужен JavaScript: включите его в настройках браузера.</p></noscript></div>
</body>
</html>
`

/**
 * The editor's Content-Security-Policy, for /admin/ only (the pages keep theirs): its own script
 * and stylesheet, its API on this origin, and the pictures' previews as data: and blob: URLs
 * (a saved picture's small preview, a chosen one before it is saved).
 */
export const ADMIN_CONTENT_SECURITY_POLICY = Object.entries({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
})
  .map(([name, sources]) => `${name} ${sources.join(' ')}`)
  .join('; ')
