// Prizes drawn among pupils who attend regularly (docs/behaviour.md, "Course page"), from
// content/prizes.json.
import type { PrizeColour, PrizeIcon, PrizesFile } from '@it-lab/shared/content'
import { readPrizes } from './content-files.ts'

export type { PrizeColour, PrizeIcon }

export type Prize = PrizesFile['items'][number]

const file: PrizesFile = typeof __PRIZES__ === 'undefined' ? readPrizes() : __PRIZES__

export const PRIZES_HEADING = file.heading
export const PRIZES_INTRO = file.intro
export const PRIZES_NOTE = file.note
export const prizes: readonly Prize[] = file.items
