import { checkContentFolder } from '@it-lab/content-check'
import { ruleText, type ContentProblem } from '@it-lab/shared/content'

// The publish check itself (@it-lab/content-check, docs/decisions/0094), called in-process on a
// copy of content/: for each save (its problems) and for the owner's list of what is left before
// the launch (its launch items, docs/decisions/0084-preview-before-the-launch.md), so the editor's
// refusals and count are the release check's own.

/** The content's problems, as data; none when the content passes. */
export type ContentCheck = (contentDir: string) => Promise<ContentProblem[]>

export type LaunchItem = { path: string; kind: string; text: string }

/** The launch's items of the content in `contentDir`; undefined when the check could not list them. */
export type LaunchCheck = (contentDir: string) => Promise<LaunchItem[] | undefined>

/** One problem of a refused change, for the owner's editor to show at its field. */
export type FieldProblem = {
  /** The content file (`content/courses/4.json`). */
  file: string
  /** The field's path in the file (`prices.basic`, `skills[2]`); empty for the whole file. */
  field: string
  /** The rule in Russian, with its «(сейчас: …)» when the value is quoted. */
  message: string
}

/** A problem as the editor shows it at its field. */
export const fieldProblem = (problem: ContentProblem): FieldProblem => ({
  file: problem.file,
  field: problem.field,
  message: ruleText(problem),
})

/** The check's problems of a save; the launch's items are not listed for it. */
export const contentCheck: ContentCheck = async (contentDir) =>
  (await checkContentFolder(contentDir, { launch: false })).problems

/** The check's launch items; `siteUrl` (SITE_URL) is the address the facts must name. */
export function launchCheck(siteUrl?: string): LaunchCheck {
  return async (contentDir) => {
    const { launch } = await checkContentFolder(contentDir, { siteUrl })
    return launch?.map(({ file, kind, text }) => ({ path: file, kind, text }))
  }
}
