import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { contentDir, SAMPLE_BADGE, SAMPLE_FIELD_LABEL } from '@it-lab/shared/content'
import { BuildSettingsError, readBuildSettings } from '../build-settings.ts'
import { readSchoolFactsFile } from '#app/config/school-facts.ts'
import { channelMentions, type LeadChannels } from '#app/content/policies/policy-context.ts'
import { SHIPPED_SAMPLE_TEXTS } from './shipped-samples.ts'
import {
  FACT_NAME_LABELS,
  FACTS_FILE,
  parseSchoolFacts,
  SchoolFactsError,
} from '#app/config/school-facts-schema.ts'

// The release check (`npm run build:release` runs it after the build): refuses to publish demo
// or placeholder values, a non-https or loopback SITE_URL, or a non-https LEAD_API_URL. It lists
// every problem at once, so the owner fixes them in one go.

/** Text that marks a stand-in, wherever it appears. */
const PLACEHOLDER_PATTERNS: RegExp[] = [
  /\[[^\]\n]{1,60}\]/, // '[Улица]', '[0]'
  /ДЕМО|PLACEHOLDER|TODO/i,
  /https?:\/\/(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[::1\])(?::\d+)?/,
  /[\w.-]+\.(?:example|test|invalid|localhost)\b/, // reserved domains (RFC 2606)
  /\bexample\.(?:com|org|net)\b/,
]

/**
 * Every value the repository ships as a stand-in in content/school.json. Kept here, not read from
 * that file, so that a value is refused even after the owner clears its `demo` mark and leaves
 * the value (release-check.test.ts checks the list knows every shipped one).
 */
/** A fact still marked as the shipped example, as the owner reads it in the chat. */
function demoMessage(field: string): string {
  const label = FACT_NAME_LABELS[field as keyof typeof FACT_NAME_LABELS] ?? field
  return `«${label}» (${field}) — ещё пример, а не сведения школы: впишите настоящее значение и уберите «${label}» из списка «Ещё образец»`
}

export const SHIPPED_STAND_INS: readonly string[] = [
  '+7 (8512) 00-00-00',
  '00-00-00',
  'ул. [Улица], д. [0]',
  'Мессенджер',
  '+7 (900) 000-00-00',
  'https://example.com/messenger',
  'info@itlab.example',
  'ИП [Фамилия Имя Отчество]',
  '000000000000',
  '300000000000004',
  'https://itlab.example',
  '[номер лицензии]',
]

/**
 * Stand-ins by shape: a phone with six zeros in a row, separators aside ('00-00-00'); any other
 * fact with eight (an ИНН or ОГРНИП of zeros between a real-looking first and last digit). A real
 * ОГРНИП may hold six zeros in its serial number, not eight.
 */
const ZERO_RUN = { phone: /0(?:[\s-]*0){5,}/, other: /0{8,}/ }

function placeholderIn(text: string): string | undefined {
  for (const pattern of PLACEHOLDER_PATTERNS) {
    const match = text.match(pattern)
    if (match) return match[0]
  }
  return undefined
}

/** A shipped stand-in, or a value shaped like one, in the fact `field` of the owner's file. */
function standInIn(field: string, text: string): string | undefined {
  const shipped = SHIPPED_STAND_INS.find((value) => text.trim() === value)
  if (shipped) return shipped
  const isPhone = field.startsWith('phone.') || field === 'messenger.contact'
  return text.match(isPhone ? ZERO_RUN.phone : ZERO_RUN.other)?.[0]
}

function isLoopback(url: URL): boolean {
  return /^(localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[::1\])$/.test(url.hostname)
}

/** Every string leaf of a value, with its dotted path. */
function stringLeaves(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return [[at, value]]
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) =>
      stringLeaves(inner, Array.isArray(value) ? `${at}[${key}]` : at ? `${at}.${key}` : key),
    )
  }
  return []
}

/** The strings of the facts the file marks as samples: if a page shows one, it shows a sample. */
function demoStrings(factsFile: unknown): string[] {
  if (factsFile === null || typeof factsFile !== 'object') return []
  const facts = factsFile as Record<string, unknown>
  const demo = Array.isArray(facts.demo) ? facts.demo.map(String) : []
  return demo.flatMap((field) => stringLeaves(facts[field]).map(([, text]) => text))
}

export type BuiltDocument = { file: string; html: string }

/** What a person reads in a page: its text nodes, link and meta values, and JSON-LD strings. */
export function visibleStrings(html: string): string[] {
  const jsonLd = [
    ...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
  ].flatMap((match) => stringLeaves(JSON.parse(match[1] ?? 'null')).map(([, text]) => text))
  const markup = html.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '')
  const texts = [...markup.matchAll(/>([^<]+)</g)].map((match) => match[1] ?? '')
  const attributes = [...markup.matchAll(/\s(?:href|content|src)="([^"]*)"/g)].map(
    (match) => match[1] ?? '',
  )
  return [...texts, ...attributes, ...jsonLd]
    .map((text) =>
      text
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
        .trim(),
    )
    .filter(Boolean)
}

/**
 * A lead channel the lead service's settings turn on that no page of this build names: the
 * policies were built without those settings, and a lead would go somewhere they do not say
 * (docs/decisions/0077).
 */
function unnamedChannels(channels: LeadChannels, documents: BuiltDocument[]): string[] {
  const texts = documents.flatMap(({ html }) => visibleStrings(html))
  return channelMentions(channels)
    .filter(({ names }) => !texts.some((text) => text.includes(names)))
    .map(
      ({ variable, names }) =>
        `${variable}: the lead service sends leads to «${names}», but no page of this build names it in the policies; build the site with the lead service's settings (the same env file)`,
    )
}

export type ReleaseInput = {
  /** The facts file as the owner wrote it (content/school.json, its `demo` list included). */
  factsFile: unknown
  /** The environment the build ran with. */
  env: NodeJS.ProcessEnv
  /** Every HTML document of the build. */
  documents: BuiltDocument[]
  /** The deployment's configuration files (deploy/nginx/…), whose host must be the site's. */
  deployConfigs?: BuiltDocument[]
  /** The content files still ticked «Образец», each with the words that name it. */
  sampleEntries?: SampleEntry[]
}

export type SampleEntry = { file: string; name: string }

/** Every reason not to publish this build; empty when it may go live. */
export function releaseProblems({
  factsFile,
  env,
  documents,
  deployConfigs = [],
  sampleEntries = [],
}: ReleaseInput): string[] {
  const problems: string[] = []
  for (const { file, name } of sampleEntries) {
    problems.push(
      `${file}: «${name}» — образец из репозитория, а не сведения школы: впишите своё и снимите ` +
        `отметку «${SAMPLE_FIELD_LABEL}» или удалите запись`,
    )
  }

  let siteUrlFact: string | undefined
  try {
    const { facts, demoFields } = parseSchoolFacts(factsFile)
    siteUrlFact = facts.siteUrl
    for (const field of demoFields) {
      problems.push(`${FACTS_FILE}: ${demoMessage(field)}`)
    }
  } catch (error) {
    if (!(error instanceof SchoolFactsError)) throw error
    problems.push(...error.problems.map((problem) => `${FACTS_FILE}: ${problem}`))
  }
  const factLeaves = stringLeaves(factsFile)
  for (const [field, text] of factLeaves) {
    const marker = placeholderIn(text)
    if (marker) problems.push(`${FACTS_FILE}: ${field} — заглушка «${marker}»`)
    const standIn = marker ? undefined : standInIn(field, text)
    if (standIn) {
      problems.push(
        `${FACTS_FILE}: ${field} — образец «${standIn}» из репозитория, а не сведения школы`,
      )
    }
  }

  try {
    const settings = readBuildSettings(env)
    problems.push(...unnamedChannels(settings.LEAD_CHANNELS, documents))
  } catch (error) {
    if (!(error instanceof BuildSettingsError)) throw error
    problems.push(...error.problems)
  }
  const siteUrl = env.SITE_URL ? URL.parse(env.SITE_URL) : null
  if (!env.SITE_URL) {
    problems.push('SITE_URL: missing; set it to the public https address of the site')
  } else if (siteUrl) {
    if (siteUrl.protocol !== 'https:')
      problems.push(`SITE_URL: must be https (got "${env.SITE_URL}")`)
    if (isLoopback(siteUrl))
      problems.push(`SITE_URL: must not be a loopback address (got "${env.SITE_URL}")`)
    if (siteUrlFact && siteUrl.host !== URL.parse(siteUrlFact)?.host) {
      problems.push(
        `SITE_URL: "${env.SITE_URL}" differs from siteUrl in ${FACTS_FILE} ("${siteUrlFact}")`,
      )
    }
  }
  const leadApiUrl = URL.parse(env.LEAD_API_URL || 'http://127.0.0.1:3001')
  if (leadApiUrl?.protocol !== 'https:') {
    problems.push(
      `LEAD_API_URL: must be https (got ${env.LEAD_API_URL ? `"${env.LEAD_API_URL}"` : 'nothing: the default http://127.0.0.1:3001'})`,
    )
  } else if (isLoopback(leadApiUrl)) {
    problems.push(`LEAD_API_URL: must not be a loopback address (got "${env.LEAD_API_URL}")`)
  }

  if (documents.length === 0) {
    problems.push('build: no HTML found; the release check runs after the build')
  }
  // Shown on a page: the demo values of this file and the shipped stand-ins that no real text
  // contains (a number, an address, a link; not a plain word such as «Мессенджер»).
  const demo = [
    ...demoStrings(factsFile).filter((text) => text.length >= 4),
    ...SHIPPED_STAND_INS.filter((text) => /[\d@[/]/.test(text)),
    ...Object.values(SHIPPED_SAMPLE_TEXTS).flat(),
  ]
  // One line per stand-in, naming the pages that show it.
  const pagesByMarker = new Map<string, string[]>()
  for (const { file, html } of documents) {
    const markers = new Set<string>()
    for (const text of visibleStrings(html)) {
      const marker =
        (text === SAMPLE_BADGE ? text : placeholderIn(text)) ??
        demo.find((value) => text.includes(value))
      if (marker) markers.add(marker)
    }
    for (const marker of markers)
      pagesByMarker.set(marker, [...(pagesByMarker.get(marker) ?? []), file])
  }
  for (const [marker, files] of pagesByMarker) {
    const shown = files.slice(0, 3).join(', ') + (files.length > 3 ? ', …' : '')
    problems.push(`build: "${marker}" is on ${files.length} page(s): ${shown}`)
  }

  // The web server must answer for the site's host, not the example one the repository ships.
  for (const { file, html: text } of deployConfigs) {
    const hosts = new Set(
      text
        .split('\n')
        .map((line) => line.replace(/#.*/, ''))
        .flatMap((line) => [...line.matchAll(/[\w.-]+\.(?:example|test|invalid|localhost)\b/g)])
        .map((match) => match[0]),
    )
    for (const host of hosts) {
      problems.push(
        `${file}: still names the example host "${host}"; replace it with ${siteUrl?.host ?? 'the SITE_URL host'}`,
      )
    }
  }
  return problems
}

async function builtDocuments(buildDir: string): Promise<BuiltDocument[]> {
  const entries = await readdir(buildDir, { recursive: true }).catch(() => [])
  const files = entries.filter((entry) => entry.endsWith('.html')).sort()
  return Promise.all(
    files.map(async (file) => ({ file, html: await readFile(path.join(buildDir, file), 'utf8') })),
  )
}

/**
 * The nginx site the deploy rendered for this release (RELEASE_NGINX_CONF, set by
 * `npm run deploy`): it must name the site's host. The repository's own file is an example that
 * always names itlab.example, so a plain `build:release` has none to check.
 */
async function deployConfigs(env: NodeJS.ProcessEnv): Promise<BuiltDocument[]> {
  const file = env.RELEASE_NGINX_CONF
  if (!file) return []
  return [{ file, html: await readFile(file, 'utf8') }]
}

/** The words that name an entry: its first text among these fields. */
const NAME_FIELDS = ['name', 'title', 'question', 'author', 'alt', 'place'] as const

/** Every JSON file under content/ ticked as a shipped sample (`"sample": true`). */
export async function sampleEntries(dir = contentDir()): Promise<SampleEntry[]> {
  const entries = await readdir(dir, { recursive: true })
  const found: SampleEntry[] = []
  for (const entry of entries.filter((name) => name.endsWith('.json')).sort()) {
    const value: unknown = JSON.parse(await readFile(path.join(dir, entry), 'utf8'))
    if (value === null || typeof value !== 'object' || !('sample' in value)) continue
    if (value.sample !== true) continue
    const fields = value as Record<string, unknown>
    const name = NAME_FIELDS.map((field) => fields[field]).find((text) => typeof text === 'string')
    found.push({ file: path.posix.join('content', entry), name: String(name ?? entry) })
  }
  return found
}

/** Every reason not to publish the build in `buildDir`, with the facts and deploy files. */
export async function checkRelease(buildDir: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  return releaseProblems({
    factsFile: readSchoolFactsFile(),
    env,
    documents: await builtDocuments(buildDir),
    deployConfigs: await deployConfigs(env),
    sampleEntries: await sampleEntries(),
  })
}

/** The refusal the owner reads: every problem, one a line, `where` saying what was checked. */
export function releaseFailure(problems: string[], where: string): string {
  return (
    `Release check failed: ${problems.length} problem(s)${where}\n` +
    `  ${problems.join('\n  ')}\n` +
    'Fill in content/school.json (the editor at /admin, «Сведения о школе») and the settings (README, "Launching for the school").'
  )
}

if (import.meta.main) {
  const siteDir = path.join(import.meta.dirname, '..')
  const buildDir = path.resolve(siteDir, process.argv[2] ?? process.env.SITE_BUILD_DIR ?? 'build')
  const problems = await checkRelease(buildDir, process.env)
  if (problems.length > 0) {
    console.error(releaseFailure(problems, ` in ${path.relative(process.cwd(), buildDir) || '.'}`))
    process.exitCode = 1
  } else {
    console.log('Release check passed: no demo value, https SITE_URL and LEAD_API_URL.')
  }
}
