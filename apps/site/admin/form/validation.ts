import {
  contentSchemas,
  fieldPath,
  pageTextSchemas,
  type PageTextKind,
} from '@it-lab/shared/content'
import { schoolFactsIssues } from '@it-lab/shared/school-facts-schema'

// Each field's refusal before saving, from the rules the content check (the publish check) reads
// a file with: the same zod schemas, so the editor never accepts what publishing would refuse.
// Rules across files (a course number taken twice) come back from the gateway's check on saving.

type Issue = { path: readonly PropertyKey[]; message: string }

const FOLDER_SCHEMAS = {
  courses: 'course',
  announcements: 'announcement',
  groups: 'group',
  teachers: 'teacher',
  photos: 'photo',
  faq: 'faq',
  reviews: 'review',
} as const

const FILE_SCHEMAS = {
  'content/prizes.json': 'prizes',
  'content/trial-offer.json': 'trialOffer',
  'content/promises.json': 'promises',
} as const

function issuesOf(path: string, value: unknown): Issue[] {
  if (path === 'content/school.json') return schoolFactsIssues(value)
  const single = FILE_SCHEMAS[path as keyof typeof FILE_SCHEMAS]
  const page = /^content\/pages\/(\w+)\.json$/.exec(path)?.[1]
  const folder = /^content\/(\w+)\/[^/]+\.json$/.exec(path)?.[1]
  const schema = single
    ? contentSchemas()[single]
    : page && page in pageTextSchemas()
      ? pageTextSchemas()[page as PageTextKind]
      : folder && folder in FOLDER_SCHEMAS
        ? contentSchemas()[FOLDER_SCHEMAS[folder as keyof typeof FOLDER_SCHEMAS]]
        : undefined
  if (schema === undefined) return []
  const result = schema.safeParse(value)
  return result.success ? [] : result.error.issues
}

/** A rule as a sentence at its field: «Не должно быть пустым». */
export function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1)
}

/** Each refused field's path (`prices.basic`, `skills[2]`) with its first refusal. */
export function fieldErrors(path: string, value: unknown): Map<string, string> {
  const errors = new Map<string, string>()
  for (const issue of issuesOf(path, value)) {
    const at = fieldPath(issue.path)
    if (!errors.has(at)) errors.set(at, sentence(issue.message))
  }
  return errors
}
