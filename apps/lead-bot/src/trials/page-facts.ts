// What her trial's page tells besides the trial (docs/decisions/0103-a-trial-she-holds.md): the
// school's phone and address with the map links (content/school.json) and the trial's length and
// what to bring (content/trial-offer.json), read once when the service starts, as the site's
// build reads them.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  FIELD_LABELS,
  contentDir,
  contentSchemas,
  readContentFile,
  type TrialDetails,
} from '@it-lab/shared/content'
import { mapLinks, type MapLink } from '@it-lab/shared/map-links'
import { parseSchoolFacts } from '@it-lab/shared/school-facts-schema'

export interface PageFacts {
  /** The school's name: 'IT Lab'. */
  school: string
  /** As the school answers it: '+7 (8512) 00-00-00'. */
  phone: string
  /** As shown on the site: 'г. Астрахань, ул. …'. */
  address: string
  maps: MapLink[]
  details: TrialDetails
}

/**
 * The facts as content holds them. A file that does not pass its check leaves its part out (the
 * content check and the site's build name the problem): her page still shows her trial.
 */
export function readPageFacts(dir = contentDir()): PageFacts {
  const offer = readContentFile(
    'trial-offer.json',
    contentSchemas().trialOffer,
    FIELD_LABELS.trialOffer,
    dir,
  )
  const details = offer.ok
    ? offer.value.details
    : { parent: '', bring: '', callBack: '', sample: false }
  try {
    const { facts } = parseSchoolFacts(JSON.parse(readFileSync(join(dir, 'school.json'), 'utf8')))
    return {
      school: facts.name,
      phone: facts.phone.number,
      address: `г. ${facts.city}, ${facts.address.street}`,
      maps: mapLinks({ address: `${facts.city}, ${facts.address.street}`, geo: facts.geo }),
      details,
    }
  } catch {
    return { school: '', phone: '', address: '', maps: [], details }
  }
}
