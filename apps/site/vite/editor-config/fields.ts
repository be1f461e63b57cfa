import {
  FIELD_LABELS,
  IMAGE_MAX_BYTES,
  ORDER_MAX,
  PICTURE_KINDS,
  pictureProportion,
  SAMPLE_FIELD_LABEL,
} from '@it-lab/shared/content'

// The shapes the editor's fields share, each said once: a field is labelled as the content check
// names it (FIELD_LABELS), and limited as it checks it, so a value the editor accepts is one the
// build accepts (docs/decisions/0055-decap-cms-editor.md).

/** The kinds of content FIELD_LABELS names. */
export type Kind = keyof typeof FIELD_LABELS

/** A field's label, as the content check names the field (FIELD_LABELS, without its group). */
export const label = (kind: Kind, name: string) =>
  (FIELD_LABELS[kind][name] ?? name).replace(/^.* → /, '')

/** A text; a long one gets a box of several lines. */
export const text = (kind: Kind, name: string, max: number, hint?: string) => ({
  name,
  label: label(kind, name),
  widget: max > 120 ? 'text' : 'string',
  ...(hint ? { hint } : {}),
})

/**
 * A whole number typed as text and read exactly (admin/widgets.ts): «1600», «1 600», and for a
 * price «1600 ₽»; «1600.50», «12e3», «-5» are refused at the field, never rounded or cut.
 */
export const wholeNumber = (kind: Kind, name: string, min: number, max: number) => ({
  name,
  label: label(kind, name),
  widget: 'whole-number',
  min,
  max,
})

/** A whole number the owner may leave empty. */
export const optionalNumber = <T extends object>(field: T, hint: string) => ({
  ...field,
  required: false,
  hint,
})

/** One of `options`, each shown by its name in `names`. */
export const choice = (
  kind: Kind,
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
export const date = (kind: Kind, name: string, hint: string) => ({
  name,
  label: label(kind, name),
  widget: 'date-ru',
  required: false,
  default: '',
  hint,
})

/** What a list's items are called: for 1, for 2–4, for 5 and more (the counter and «Добавить …»). */
export const POINT_NAMES = ['пункт', 'пункта', 'пунктов']

/** A list of short texts, one point each. */
export const textList = (kind: Kind, name: string, hint: string) => ({
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

/** A text that is not shown while empty. */
export const optional = <T extends object>(field: T, hint: string) => ({
  ...field,
  required: false,
  default: '',
  hint,
})

/**
 * The «Образец» tick of a shipped sample (docs/decisions/0073-sample-entries.md); a single file's
 * groups say in their own words what to check before it is taken off.
 */
export const sampleTick = (
  hint = 'Стоит у примеров, которые пришли с сайтом. Впишите своё и снимите отметку: пока она стоит, сайт не запустится.',
) => ({
  name: 'sample',
  label: SAMPLE_FIELD_LABEL,
  widget: 'boolean',
  default: false,
  required: false,
  hint,
})

/** A field inside a group or a list's item, named there without the group's name ('draw.start'). */
export const unprefixed = <T extends { name: string }>(field: T) => ({
  ...field,
  name: field.name.replace(/^\w+\./, ''),
})

/** A list of entries of several fields each ('items.title'), counted in Russian by `itemNames`. */
export const entryList = (
  kind: Kind,
  name: string,
  itemNames: readonly string[],
  limits: { min: number; max: number; hint?: string },
  fields: { name: string }[],
) => ({
  name,
  label: label(kind, name),
  widget: 'russian-list',
  item_names: itemNames,
  ...limits,
  fields: fields.map(unprefixed),
})

/** A group of fields, each labelled as the content check names it ('details.minutes'). */
export const group = (kind: Kind, name: string, hint: string, fields: { name: string }[]) => ({
  name,
  label: label(kind, name),
  widget: 'object',
  hint,
  fields: fields.map(unprefixed),
})

/** The icons' names in the editor's lists (prizes, the trial's points). */
export const ICON_NAMES: Record<string, string> = {
  'notebook-pen': 'Блокнот',
  shirt: 'Футболка',
  watch: 'Часы',
  speaker: 'Колонка',
  'user-round': 'Человек',
  presentation: 'Доска',
  'message-circle-question-mark': 'Вопрос',
  sparkles: 'Звёздочки',
}

/** A photo for a kind cut at build: any proportion, at least the kind's size once cut. */
export const cutPhoto = (kind: 'teacher' | 'photo', name: string, shape: string) => {
  const { minSize } = PICTURE_KINDS[kind]
  return {
    name,
    label: label(kind, name),
    widget: 'image',
    hint: `Фото JPG, PNG, WebP или AVIF до ${IMAGE_MAX_BYTES / 1024 / 1024} МБ, можно прямо с телефона. На сайте оно в пропорции ${pictureProportion(kind)} (${shape}): лишнее по краям сайт обрежет сам. Нужно хотя бы ${minSize.width}×${minSize.height}.`,
  }
}

/** «Порядок» of a teacher or a photo: smaller first. */
export const teacherPhotoOrder = (kind: 'teacher' | 'photo', hint: string) => ({
  ...wholeNumber(kind, 'order', 1, ORDER_MAX),
  default: 1,
  hint,
})
