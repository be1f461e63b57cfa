import { contentDir } from '@it-lab/shared/content'

// THE SCHOOL'S FACTS live in content/school.json, which the owner edits at /admin («Сведения о
// школе») or by hand (README, "Launching for the school"). Every page, the policies, the
// structured data and the footer read them, checked by @it-lab/shared/school-facts-schema, which names the
// field and the rule a value breaks.
//
// - The repository ships sample values so that `npm start` works on a fresh machine; `demo` lists
//   the facts still holding one, and `npm run build:release` refuses while it lists any (and
//   refuses the shipped samples by value: release/release-check.ts).
// - Optional facts (messenger, openingHours) may be left empty: what they feed is then left out.

/** content/school.json as written (Node only: the build parses it, the bundles get the result). */
export function readSchoolFactsFile(dir = contentDir()): unknown {
  const fs = process.getBuiltinModule('node:fs')
  const path = process.getBuiltinModule('node:path')
  return JSON.parse(fs.readFileSync(path.join(dir, 'school.json'), 'utf8'))
}
