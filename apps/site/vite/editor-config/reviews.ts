import {
  REVIEW_AUTHOR_MAX,
  REVIEW_SOURCE_NAMES,
  REVIEW_SOURCES,
  REVIEW_TEXT_MAX,
} from '@it-lab/shared/content'
import { choice, date, label, sampleTick, text } from './fields.ts'

// Reviews: docs/decisions/0076-answers-reviews-way-licence.md.

export const reviewFields = [
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
  sampleTick(),
]
