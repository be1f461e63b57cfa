// The home page's first screen and section headings (content/pages/home.json,
// docs/decisions/0071-page-texts.md), apart from the other pages' texts so that only the home
// page's chunk carries them.
import type { HomeTextsFile } from '@it-lab/shared/content'
import { readPageTexts } from './content-files.ts'

export const HOME_TEXTS: HomeTextsFile =
  typeof __HOME_TEXTS__ === 'undefined' ? readPageTexts().home : __HOME_TEXTS__
