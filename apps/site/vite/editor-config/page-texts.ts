import {
  COURSE_SECTION_NAMES,
  HOME_SECTION_NAMES,
  OTHER_BLOCK_NAMES,
  PAGE_TEXT_FILES,
  PAGE_TEXT_LIMITS as L,
  PRICE_PLAN_NAMES,
  SAMPLE_FIELD_LABEL,
  SEARCH_PAGE_NAMES,
  WEEKDAY_NAMES,
} from '@it-lab/shared/content'

// The editor's fields for the fixed pages' own words (content/pages/,
// docs/decisions/0071-page-texts.md) and for the opening hours: the same limits the build checks
// (packages/shared/src/content/page-texts.ts), told in the hint and refused before saving.

/** An object's keys with their type (Object.keys gives strings). */
const keys = <T extends object>(object: T) => Object.keys(object) as (keyof T & string)[]

/** A text shown on a page; a long one gets a box of several lines. */
function shown(name: string, label: string, max: number, hint?: string, optional = false) {
  return {
    name,
    label,
    widget: max > 120 ? 'text' : 'string',
    ...(optional ? { required: false, default: '' } : {}),
    hint: hint ? `${hint} До ${max} знаков.` : `До ${max} знаков.`,
  }
}

const group = (name: string, label: string, fields: unknown[], hint?: string) => ({
  name,
  label,
  widget: 'object',
  ...(hint ? { hint } : {}),
  fields,
})

const sectionHeading = (name: keyof typeof HOME_SECTION_NAMES) =>
  group(name, HOME_SECTION_NAMES[name], [
    shown(
      'eyebrow',
      'Надпись над заголовком',
      L.eyebrow,
      'Мелкими заглавными буквами. Пусто — без надписи.',
      true,
    ),
    shown('title', 'Заголовок', L.heading),
    shown('lead', 'Пояснение', L.lead, 'Строка под заголовком. Пусто — без неё.', true),
  ])

const homeFields = [
  group(
    'hero',
    'Первый экран',
    [
      shown('badge', 'Надпись над заголовком', L.heroBadge),
      shown(
        'heading',
        'Заголовок',
        L.heroHeading,
        'Самый крупный текст сайта; на телефоне это 4–5 строк.',
      ),
      shown('text', 'Текст', L.heroText),
      shown('audience', 'Для кого', L.heroAudience),
      {
        name: 'tags',
        label: 'Направления',
        // The word's forms: the editor's list counts in Russian («3 направления»).
        item_names: ['направление', 'направления', 'направлений'],
        widget: 'russian-list',
        max: L.heroTagsMax,
        required: false,
        hint: `Короткие метки под текстом, не больше ${L.heroTagsMax}. Пусто — без них.`,
        field: {
          name: 'tag',
          label: 'Направление',
          widget: 'string',
        },
      },
      {
        // docs/decisions/0089-every-promise-is-content.md
        name: 'sample',
        label: SAMPLE_FIELD_LABEL,
        widget: 'boolean',
        default: false,
        required: false,
        hint: 'Заголовок, пришедший с сайтом, обещает научить «до уровня профессионала». Оставьте его, только если это правда для ваших учеников, или напишите своё, и снимите отметку: с ней сайт не запустится.',
      },
    ],
    'То, что родители видят первым: заголовок, текст и кнопки записи.',
  ),
  ...keys(HOME_SECTION_NAMES).map(sectionHeading),
]

const planCard = (name: keyof typeof PRICE_PLAN_NAMES) =>
  group(name, PRICE_PLAN_NAMES[name], [
    shown('label', 'Название на карточке', L.planLabel),
    shown('note', 'Строка под названием', L.planNote),
    shown(
      'badge',
      'Значок на карточке',
      L.planBadge,
      'Например, «Выгодно»: карточка со значком выделена рамкой. Пусто — без значка.',
      true,
    ),
    shown(
      'offerName',
      'Название для поисковиков',
      L.offerName,
      'Так цена подписана в результатах поиска, без карточки вокруг.',
    ),
  ])

const courseFields = [
  group(
    'sections',
    'Заголовки разделов',
    keys(COURSE_SECTION_NAMES).map((name) => shown(name, COURSE_SECTION_NAMES[name], L.heading)),
    'Одинаковые на странице каждого курса.',
  ),
  group(
    'plans',
    'Карточки цен',
    keys(PRICE_PLAN_NAMES).map(planCard),
    'Цены у каждого курса свои (в разделе «Курсы»); здесь — слова на карточках.',
  ),
]

const otherFields = keys(OTHER_BLOCK_NAMES).map((name) =>
  group(name, OTHER_BLOCK_NAMES[name], [
    name === 'contact'
      ? shown('title', 'Заголовок', L.heading)
      : shown('title', 'Заголовок', L.pageHeading),
    shown('lead', 'Текст под заголовком', L.lead),
  ]),
)

const searchFields = keys(SEARCH_PAGE_NAMES).map((name) =>
  group(name, SEARCH_PAGE_NAMES[name], [
    {
      name: 'title',
      label: 'Заголовок в поиске',
      widget: 'string',
      hint: `Его показывают вкладка браузера и поисковики. До ${L.searchTitle} знаков.`,
    },
    {
      name: 'description',
      label: 'Описание в поиске',
      widget: 'text',
      hint: `Строки под заголовком в результатах поиска. От ${L.searchDescriptionMin} до ${L.searchDescription} знаков.`,
    },
  ]),
)

/** «Тексты страниц»: a file entry for each of content/pages/. */
export const pageTextCollection = {
  name: 'pages',
  label: 'Тексты страниц',
  editor: { preview: false },
  files: [
    {
      name: 'home',
      label: 'Главная страница',
      file: `content/${PAGE_TEXT_FILES.home}`,
      fields: homeFields,
    },
    {
      name: 'course',
      label: 'Страница курса',
      file: `content/${PAGE_TEXT_FILES.course}`,
      fields: courseFields,
    },
    {
      name: 'other',
      label: 'Каталог, объявления и запись',
      file: `content/${PAGE_TEXT_FILES.other}`,
      fields: otherFields,
    },
    {
      name: 'search',
      label: 'Заголовки и описания для поиска',
      file: `content/${PAGE_TEXT_FILES.search}`,
      description:
        'Для каждой страницы: заголовок вкладки и результата поиска и строки под ним. Название школы пишите здесь сами: при его смене поправьте и эти тексты.',
      fields: searchFields,
    },
  ],
}

/** The school's opening hours (content/school.json); none entered, none shown. */
export const openingHoursField = {
  name: 'openingHours',
  label: 'Часы работы',
  item_names: ['период', 'периода', 'периодов'],
  widget: 'russian-list',
  required: false,
  hint: 'Необязательно: пока пусто, часы нигде не показываются. Например, «Понедельник–пятница, 10:00–20:00» — один период, «Суббота, 10:00–16:00» — другой.',
  fields: [
    {
      name: 'days',
      label: 'Дни',
      widget: 'select',
      multiple: true,
      min: 1,
      options: Object.entries(WEEKDAY_NAMES).map(([value, label]) => ({ value, label })),
    },
    { name: 'opens', label: 'С', widget: 'string', hint: 'Например, 09:00' },
    { name: 'closes', label: 'До', widget: 'string', hint: 'Например, 20:00' },
  ],
}
