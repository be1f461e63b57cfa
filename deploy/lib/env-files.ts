// One env file per process, so each holds only its own secrets: the editor gateway, which faces
// the internet, never holds the bot's token or a CRM key, and the lead service never holds the
// owner's password hash (docs/decisions/0083-each-process-its-own-secrets.md). The files live side
// by side (/etc/it-lab/deploy.env, lead-bot.env, editor.env); each unit reads its own, and the
// deploy, as root, reads the three but keeps only its own in its environment. Which file a name
// belongs in is what the shipped examples (deploy/<file>.example) list. Node's own modules only.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseEnv } from 'node:util'

export const ENV_FILES = ['deploy.env', 'lead-bot.env', 'editor.env'] as const
export type EnvFile = (typeof ENV_FILES)[number]
/** Metrika's upload key (`npm run leads -- --upload`): an operator's command's, no process's. */
const METRIKA_FILE = 'metrika.env'

export type EnvValues = Record<string, string>

/** The names an env file lists, commented-out `#NAME=` lines too. */
export function namesIn(text: string): Set<string> {
  return new Set(
    [...text.matchAll(/^#?\s*(?:export\s+)?([A-Z][A-Z0-9_]*)=/gm)].map(([, name = '']) => name),
  )
}

/** Each file's names, from the shipped examples in `repo`/deploy. */
export function exampleNames(repo: string): Record<EnvFile, Set<string>> {
  const read = (file: EnvFile) =>
    namesIn(readFileSync(path.join(repo, 'deploy', `${file}.example`), 'utf8'))
  return {
    'deploy.env': read('deploy.env'),
    'lead-bot.env': read('lead-bot.env'),
    'editor.env': read('editor.env'),
  }
}

/** The file a name belongs in when it is not in `file`'s example, if any other lists it. */
function ownerOf(
  name: string,
  file: EnvFile,
  examples: Record<EnvFile, Set<string>>,
): EnvFile | undefined {
  if (examples[file].has(name)) return undefined
  return ENV_FILES.find((other) => examples[other].has(name))
}

/** One line per name in `file` that another process's file lists: its secret would leak here. */
export function misplaced(
  file: EnvFile,
  values: EnvValues,
  examples: Record<EnvFile, Set<string>>,
): string[] {
  return Object.keys(values).flatMap((name) => {
    const owner = ownerOf(name, file, examples)
    return owner
      ? [`${name} is in ${file}: it belongs in ${owner} only (deploy/${owner}.example)`]
      : []
  })
}

/**
 * The one shared file of before (/etc/it-lab/it-lab.env) split by name: each line goes to every
 * file whose example lists its name (SITE_URL to the deploy's and the editor's), METRIKA_* to
 * metrika.env, anything else to the deploy's. Comments are left out: the examples have them.
 */
export function splitShared(
  text: string,
  examples: Record<EnvFile, Set<string>>,
): Map<string, string> {
  const out = new Map<string, string[]>()
  const add = (file: string, line: string) => out.set(file, [...(out.get(file) ?? []), line])
  for (const line of text.split('\n')) {
    const name = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=/.exec(line)?.[1]
    if (name === undefined) continue
    const files = ENV_FILES.filter((file) => examples[file].has(name))
    if (files.length > 0) for (const file of files) add(file, line)
    else add(name.startsWith('METRIKA_') ? METRIKA_FILE : 'deploy.env', line)
  }
  return new Map(
    [...out].map(([file, lines]) => [
      file,
      `# Split from the one shared env file by \`npm run deploy\`; deploy/${file}.example explains each line.\n${lines.join('\n')}\n`,
    ]),
  )
}

/** The other processes' files, read by the deploy (its own is loaded into its environment). */
export interface ServerEnv {
  /** The lead service's (beside it): for its trial start, the site build and the chat. */
  leadBot: EnvValues
  /** The editor gateway's (beside it, if the server has an editor); never put in an environment. */
  editor: EnvValues
}

export type ServerEnvRead =
  { ok: true; env: ServerEnv } | { ok: false; problems: string[]; written?: string[] }

const read = (file: string): EnvValues => parseEnv(readFileSync(file, 'utf8')) as EnvValues

/**
 * The three files, from the deploy's path; refused when a file holds another's names. The shared
 * file of before is split into files beside it, never over one that exists, and refused all the
 * same: the units must be replaced before anything runs with them (deploy/README.md, "One env
 * file per process").
 */
export function readServerEnv(deployFile: string, repo: string): ServerEnvRead {
  const examples = exampleNames(repo)
  const dir = path.dirname(deployFile)
  const text = readFileSync(deployFile, 'utf8')
  const deploy = parseEnv(text) as EnvValues
  const siblings = { leadBot: path.join(dir, 'lead-bot.env'), editor: path.join(dir, 'editor.env') }
  const foreign = misplaced('deploy.env', deploy, examples)
  if (foreign.length > 0 && !existsSync(siblings.leadBot) && !existsSync(siblings.editor)) {
    const parts = splitShared(text, examples)
    const taken = [...parts.keys()].filter((file) => existsSync(path.join(dir, file)))
    if (taken.length > 0) {
      return {
        ok: false,
        problems: [...foreign, `not split: ${taken.join(', ')} already exist in ${dir}`],
      }
    }
    const written = [...parts].map(([file, content]) => {
      const full = path.join(dir, file)
      writeFileSync(full, content, { mode: 0o600, flag: 'wx' })
      return full
    })
    return {
      ok: false,
      written,
      problems: [
        `${deployFile} holds every process's settings; it was split into ${written.join(', ')} (mode 0600). Install the new units, then deploy with --env-file ${path.join(dir, 'deploy.env')} and delete ${deployFile} (deploy/README.md, "One env file per process")`,
      ],
    }
  }
  if (!existsSync(siblings.leadBot)) {
    return {
      ok: false,
      problems: [
        `no ${siblings.leadBot}: the lead service's settings (deploy/lead-bot.env.example) go there`,
      ],
    }
  }
  const leadBot = read(siblings.leadBot)
  const editor = existsSync(siblings.editor) ? read(siblings.editor) : {}
  const problems = [
    ...foreign,
    ...misplaced('lead-bot.env', leadBot, examples),
    ...misplaced('editor.env', editor, examples),
  ]
  if (problems.length > 0) return { ok: false, problems }
  return { ok: true, env: { leadBot, editor } }
}
