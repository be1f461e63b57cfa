import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import * as z from 'zod'

// The publish check itself (apps/site/scripts/content-check.ts), run by the gateway as a process
// on a copy of content/: for each save (its problems) and for the owner's list of what is left
// before the launch (its launch items, docs/decisions/0084-preview-before-the-launch.md). It
// writes both as data to the file CHECK_PROBLEMS_FILE names (apps/site/scripts/check-problems.ts),
// so the editor's refusals and count are the release check's own.

const run = promisify(execFile)

/** The content's problems, one Russian line each (`content/courses/4.json: поле …`). */
export type ContentCheck = (contentDir: string) => Promise<string[]>

export type LaunchItem = { path: string; kind: string; text: string }

/** The launch's items of the content in `contentDir`; undefined when the check could not list them. */
export type LaunchCheck = (contentDir: string) => Promise<LaunchItem[] | undefined>

const written = z.object({
  problems: z.array(z.object({ file: z.string(), text: z.string() })).optional(),
  launch: z.array(z.object({ file: z.string(), kind: z.string(), text: z.string() })).optional(),
})

/** What the check wrote for `contentDir`. Throws when it could not run or wrote nothing readable. */
async function runContentCheck(script: string, contentDir: string) {
  const scratch = await mkdtemp(path.join(tmpdir(), 'it-lab-editor-check-result-'))
  const file = path.join(scratch, 'check.json')
  // The gateway's own settings (the password hash) are no business of the check; SITE_URL is.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('EDITOR_')),
  )
  try {
    // It exits 1 when the content has problems; any other failure is a failure to check.
    await run(process.execPath, [script], {
      // A hung check must not hold every later save: it is then a failure to check.
      timeout: 120_000,
      env: { ...env, CONTENT_DIR: contentDir, CHECK_PROBLEMS_FILE: file },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: unknown) => {
      if ((error as { code?: unknown }).code !== 1) throw error
    })
    return written.parse(JSON.parse(await readFile(file, 'utf8')))
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

/** One problem of a refused change, for the owner's editor to show at its field. */
export type FieldProblem = {
  /** The content file (`content/courses/4.json`); empty for a line that names none. */
  file: string
  /** The field's path in the file (`prices.basic`, `skills[2]`); empty for the whole file. */
  field: string
  /** The rule in Russian, with its «(сейчас: …)» when the line has one. */
  message: string
}

// A line as formatProblem (@it-lab/shared/content) words it after `<file>: `: the field with its
// label, the field alone, or the whole file. A label may hold «» or brackets of its own: it ends
// where `» (<path>): ` first follows it.
const LABELLED = /^поле «[\s\S]*?» \(([^\s()]+)\): ([\s\S]*)$/
const UNLABELLED = /^поле ([^\s«»()]+): ([\s\S]*)$/
const WHOLE_FILE = /^весь файл: ([\s\S]*)$/

/**
 * A check's line back into its file, field and rule. The file ends at the first `: `, as the check
 * itself splits it (apps/site/scripts/check-problems.ts problemOf); a line of another form keeps
 * its text after the file as the message.
 */
export function fieldProblem(line: string): FieldProblem {
  const at = line.indexOf(': ')
  if (at < 0) return { file: '', field: '', message: line }
  const file = line.slice(0, at)
  const text = line.slice(at + 2)
  const field = LABELLED.exec(text) ?? UNLABELLED.exec(text)
  if (field) return { file, field: field[1] ?? '', message: field[2] ?? '' }
  return { file, field: '', message: WHOLE_FILE.exec(text)?.[1] ?? text }
}

/** The check's problems, one line each; none when the content passes. */
export function contentCheckScript(script: string): ContentCheck {
  return async (contentDir) => {
    const { problems = [] } = await runContentCheck(script, contentDir)
    return problems.map(({ file, text }) => (file ? `${file}: ${text}` : text))
  }
}

/** The check's launch items. */
export function launchCheckScript(script: string): LaunchCheck {
  return async (contentDir) => {
    const { launch } = await runContentCheck(script, contentDir)
    return launch?.map(({ file, kind, text }) => ({ path: file, kind, text }))
  }
}
