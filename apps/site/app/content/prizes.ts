// Prizes drawn among pupils who attend regularly (docs/behaviour.md, "Course page"), from
// content/prizes.json.
import {
  contentSchemas,
  ContentError,
  FIELD_LABELS,
  readContentFile,
  type PrizeColour,
  type PrizeIcon,
  type PrizesFile,
} from '@it-lab/shared/content'

export type { PrizeColour, PrizeIcon }

export type Prize = PrizesFile['items'][number]

/** content/prizes.json, checked; throws a ContentError naming each problem. */
export function readPrizes(): PrizesFile {
  const read = readContentFile('prizes.json', contentSchemas().prizes, FIELD_LABELS.prizes)
  if (!read.ok) throw new ContentError(read.problems)
  return read.value
}

const file: PrizesFile = typeof __PRIZES__ === 'undefined' ? readPrizes() : __PRIZES__

export const PRIZES_HEADING = file.heading
export const PRIZES_INTRO = file.intro
export const PRIZES_NOTE = file.note
export const prizes: readonly Prize[] = file.items
