// Prizes drawn among pupils who attend regularly (docs/behaviour.md, "Course page"), from
// content/prizes.json, with the draw's terms the advertising law asks for (38-ФЗ, ст. 9;
// docs/decisions/0089-every-promise-is-content.md).
import type { PrizeColour, PrizeIcon, PrizesFile } from '@it-lab/shared/content'
import { readPrizes } from './content-files.ts'
import { russianDate } from './russian-date.ts'

export type { PrizeColour, PrizeIcon, PrizesFile }

export type Prize = PrizesFile['items'][number]
export type PrizeDraw = PrizesFile['draw']

export const PRIZES: PrizesFile = typeof __PRIZES__ === 'undefined' ? readPrizes() : __PRIZES__

export const PRIZES_HEADING = PRIZES.heading
export const PRIZES_INTRO = PRIZES.intro
export const PRIZES_NOTE = PRIZES.note
export const prizes: readonly Prize[] = PRIZES.items

/** «Розыгрыш проходит с 1 сентября 2026 по 31 мая 2027.», or what of it is known. */
export function drawDates({ start, end }: PrizeDraw): string | undefined {
  if (start && end) return `Розыгрыш проходит с ${russianDate(start)} по ${russianDate(end)}.`
  if (start) return `Розыгрыш проходит с ${russianDate(start)}.`
  if (end) return `Розыгрыш проходит по ${russianDate(end)}.`
  return undefined
}
