import {
  PRIZE_COLOURS,
  PRIZE_ICONS,
  TITLE_MAX,
  DRAW_ORGANISER_MAX,
  DRAW_RECEIVING_MAX,
} from '@it-lab/shared/content'
import { text, choice, date, ICON_NAMES, sampleTick, optional, group, entryList } from './fields.ts'

// The prizes and their draw (content/prizes.json): docs/decisions/0089-every-promise-is-content.md.

const COLOUR_NAMES: Record<string, string> = {
  blue: 'Синий',
  orange: 'Оранжевый',
  green: 'Зелёный',
  purple: 'Фиолетовый',
}

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
]

export const prizeFields = [
  text('prizes', 'heading', 120),
  text('prizes', 'intro', 400),
  text('prizes', 'note', 200),
  entryList(
    'prizes',
    'items',
    ['приз', 'приза', 'призов'],
    { max: 8, min: 0, hint: 'Удалите все призы, и раздела призов на сайте не будет.' },
    [
      text('prizes', 'items.title', TITLE_MAX),
      text('prizes', 'items.description', 300),
      choice('prizes', 'items.colour', PRIZE_COLOURS, COLOUR_NAMES),
      choice('prizes', 'items.icon', PRIZE_ICONS, ICON_NAMES),
    ],
  ),
  group(
    'prizes',
    'draw',
    'Розыгрыш призов — стимулирующее мероприятие: по закону о рекламе (38-ФЗ, статья 9) на сайте должны быть его сроки и где узнать об организаторе и правилах. Без сроков, организатора и ссылки на правила сайт не запустится, пока на нём есть призы.',
    drawFields,
  ),
  sampleTick(),
]
