import { PHOTO_ALT_MAX } from '@it-lab/shared/content'
import { cutPhoto, label, sampleTick, teacherPhotoOrder, text } from './fields.ts'

// The school's photos: docs/decisions/0074-teachers-and-school-photos.md.

export const photoFields = [
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
  sampleTick(),
]
