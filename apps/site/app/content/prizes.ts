import { school } from '#app/config/school.ts'

// Prizes drawn among pupils who attend regularly (docs/behaviour.md, "Course page").

/** lucide-react icon names (kebab-case); the component maps each to its icon. */
export type PrizeIcon = 'notebook-pen' | 'shirt' | 'watch' | 'speaker'

/** Tailwind colour family for the prize card accent. */
export type PrizeColour = 'blue' | 'orange' | 'green' | 'purple'

export type Prize = {
  title: string
  description: string
  colour: PrizeColour
  icon: PrizeIcon
}

export const PRIZES_HEADING = 'За частое посещение — ценные призы'

export const PRIZES_INTRO =
  'Ученики, которые регулярно приходят на занятия, участвуют в розыгрыше призов среди активных учеников. Занимайтесь без пропусков — и следующий приз может достаться именно вашему ребёнку.'

export const PRIZES_NOTE = 'Список призов периодически обновляется.'

export const prizes: readonly Prize[] = [
  {
    title: 'Блокнот и ручка',
    description: 'Набор для идей, заметок и схем будущих игр и проектов.',
    colour: 'blue',
    icon: 'notebook-pen',
  },
  {
    title: 'Фирменная футболка',
    description: `Футболка с символикой ${school.name} — на занятия и на каждый день.`,
    colour: 'orange',
    icon: 'shirt',
  },
  {
    title: 'Смарт-часы',
    description: 'Современный гаджет, который пригодится ребёнку каждый день.',
    colour: 'green',
    icon: 'watch',
  },
  {
    title: 'Умная колонка',
    description: 'Небольшая смарт-колонка: включит музыку и ответит на вопросы голосом.',
    colour: 'purple',
    icon: 'speaker',
  },
]
