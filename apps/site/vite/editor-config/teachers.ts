import {
  TEACHER_EDUCATION_MAX,
  TEACHER_EXPERIENCE_MAX,
  TEACHER_NAME_MAX,
  TEACHER_TEXT_MAX,
} from '@it-lab/shared/content'
import {
  label,
  text,
  wholeNumber,
  optionalNumber,
  sampleTick,
  cutPhoto,
  teacherPhotoOrder,
} from './fields.ts'

// Teachers: docs/decisions/0074-teachers-and-school-photos.md.

export const teacherFields = [
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
  optionalNumber(
    wholeNumber('teacher', 'experience', 1, TEACHER_EXPERIENCE_MAX),
    'Сколько полных лет преподаёт. На сайте: «Опыт преподавания: 5 лет». Можно оставить пустым.',
  ),
  {
    name: 'education',
    label: label('teacher', 'education'),
    widget: 'string',
    required: false,
    default: '',
    hint: `Коротко, до ${TEACHER_EDUCATION_MAX} знаков: учебное заведение и специальность. На сайте — на карточке преподавателя. Можно оставить пустым.`,
  },
  teacherPhotoOrder('teacher', 'Меньше — раньше: преподаватель с порядком 1 стоит первым.'),
  sampleTick(),
]
