import { ANNOUNCEMENT_TEXT_MAX, TITLE_MAX } from '@it-lab/shared/content'
import { text, date } from './fields.ts'

// The announcements: what, when and for whom, and the day each leaves the site.

export const announcementFields = [
  text('announcement', 'title', TITLE_MAX),
  text('announcement', 'text', ANNOUNCEMENT_TEXT_MAX, 'Коротко: что, когда и для кого.'),
  date(
    'announcement',
    'date',
    'Если у объявления есть день события (день открытых дверей, начало группы).',
  ),
  date(
    'announcement',
    'endDate',
    'После этого дня объявление исчезнет с сайта. Пусто — исчезнет после дня события, а без него останется, пока вы его не удалите.',
  ),
]
