import { parseSchoolFacts, type SchoolFacts } from '@it-lab/shared/school-facts-schema'
import { readSchoolFactsFile } from './school-facts.ts'

// The school's facts, validated (a bad value fails the build here), with the forms the pages use.

/**
 * The facts as checked. Node (the build, its scripts, the tests) parses them here, and
 * vite.config.ts bakes the result into the bundles: building the schema and parsing in the browser
 * would hold up hydration for no gain.
 */
export const checkedSchoolFacts: SchoolFacts =
  typeof __SCHOOL_FACTS__ === 'undefined'
    ? parseSchoolFacts(readSchoolFactsFile()).facts
    : __SCHOOL_FACTS__

const facts = checkedSchoolFacts

export const school = {
  ...facts,
  address: {
    ...facts.address,
    /** As shown on the site: 'г. Астрахань, ул. …'. */
    full: `г. ${facts.city}, ${facts.address.street}`,
  },
  /** The proprietor's legal line shown in the footer. */
  legalLine: `${facts.owner.name}, ИНН ${facts.owner.inn}, ОГРНИП ${facts.owner.ogrnip}`,
  /** The suffix of page titles: 'IT Lab, Астрахань'. */
  titleSuffix: `${facts.name}, ${facts.city}`,
}

/** Shown in the footer (a constant of the spec, not of the owner). */
export const COPYRIGHT_YEAR = 2025
