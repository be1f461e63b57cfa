import { parseSchoolFacts, type ParsedSchoolFacts } from './school-facts-schema.ts'
import { schoolFacts } from './school-facts.ts'

// The school's facts, validated (a bad value fails the build here), with the forms the pages use.
// The site's bundles take them as the build checked them (vite.config.ts): building the schema
// and parsing in the browser would hold up hydration for no gain. Node (the build scripts, the
// tests) parses them here.
const parsed: ParsedSchoolFacts =
  typeof __SCHOOL_FACTS__ === 'undefined' ? parseSchoolFacts(schoolFacts) : __SCHOOL_FACTS__

/** Fields still holding a shipped demo value (the release check refuses them). */
export const demoFields = parsed.demoFields

const { facts } = parsed

export const school = {
  ...facts,
  address: {
    ...facts.address,
    /** As shown on the site: 'г. Астрахань, ул. …'. */
    full: `г. ${facts.city}, ${facts.address.street}`,
    /** With the postal code, for the policies. */
    postal: `${facts.address.postalCode}, г. ${facts.city}, ${facts.address.street}`,
  },
  /** The proprietor's legal line shown in the footer. */
  legalLine: `${facts.owner.name}, ИНН ${facts.owner.inn}, ОГРНИП ${facts.owner.ogrnip}`,
  /** The suffix of page titles: 'IT Lab, Астрахань'. */
  titleSuffix: `${facts.name}, ${facts.city}`,
}

/** Shown in the footer (a constant of the spec, not of the owner). */
export const COPYRIGHT_YEAR = 2025
