import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { contentDir, SAMPLE_BADGE } from '@it-lab/shared/content'
import { BuildSettingsError, readBuildSettings } from '../vite/build-settings.ts'
import { readSchoolFactsFile } from '#app/config/school-facts.ts'
import { channelMentions, type LeadChannels } from '#app/content/policies/policy-context.ts'
import { FACTS_FILE, parseSchoolFacts, SchoolFactsError } from '@it-lab/shared/school-facts-schema'
import { groupedLines, problemOf, writeProblems, type CheckProblem } from './check-problems.ts'
import {
  launchBlockers,
  placeholderIn,
  readContentFiles,
  SHIPPED_SAMPLE_TEXTS,
  SHIPPED_STAND_INS,
  stringLeaves,
  type ContentFile,
  type LaunchItem,
} from '@it-lab/content-check'

// The release check (`npm run build:release` runs it after the build): refuses to publish what
// still blocks the launch (launch-blockers.ts: samples, stand-in facts), a non-https or loopback
// SITE_URL, or a non-https LEAD_API_URL. It lists every problem at once, so the owner fixes them in
// one go. A preview build (SITE_PREVIEW=1) accepts the launch's items and refuses the rest
// (docs/decisions/0084-preview-before-the-launch.md).

function isLoopback(url: URL): boolean {
  return /^(localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[::1\])$/.test(url.hostname)
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
function unnamedChannels(channels: LeadChannels, documents: BuiltDocument[]): CheckProblem[] {
  const texts = documents.flatMap(({ html }) => visibleStrings(html))
  return channelMentions(channels)
    .filter(({ names }) => !texts.some((text) => text.includes(names)))
    .map(({ variable, names }) => ({
      file: variable,
      text: `сервис заявок передаёт заявки получателю «${names}», но в политиках на страницах этой сборки он не назван: соберите сайт с настройками сервиса заявок (из того же env-файла)`,
    }))
}

export type ReleaseInput = {
  /** The facts file as the owner wrote it (content/school.json, its `demo` list included). */
  factsFile: unknown
  /** The other content files (launch-blockers.ts reads their samples and placeholders). */
  contentFiles?: ContentFile[]
  /** The environment the build ran with. */
  env: NodeJS.ProcessEnv
  /** Every HTML document of the build. */
  documents: BuiltDocument[]
  /** The deployment's configuration files (deploy/nginx/…), whose host must be the site's. */
  deployConfigs?: BuiltDocument[]
  /** A preview before the launch: what blocks only the launch is accepted. */
  preview?: boolean
}

const plural = new Intl.PluralRules('ru-RU')

/** «на 1 странице», «на 21 странице», «на 18 страницах» (the prepositional has two forms). */
const onPages = (count: number) =>
  `на ${count} ${plural.select(count) === 'one' ? 'странице' : 'страницах'}`

/**
 * The stand-ins the built pages show that no launch item explains: a page shows a sample's badge,
 * a stand-in or a placeholder whose content the launch list already names only because of it, so
 * that list alone says what to fix; anything else comes from the code or a setting.
 */
function shownStandIns(documents: BuiltDocument[], items: LaunchItem[]): CheckProblem[] {
  // The values of the facts still marked «Ещё образец», the shipped stand-ins that no real text
  // contains (a number, an address, a link; not a plain word such as «Мессенджер»), the samples'.
  const standIns = [
    ...items
      .filter(({ kind }) => kind === 'sample-fact')
      .flatMap(({ values }) => values)
      .filter((text) => text.length >= 4),
    ...SHIPPED_STAND_INS.filter((text) => /[\d@[/]/.test(text)),
    ...Object.values(SHIPPED_SAMPLE_TEXTS).flat(),
  ]
  const explained = (marker: string) =>
    marker === SAMPLE_BADGE
      ? items.some(({ kind }) => kind === 'sample-entry')
      : items.some(({ values }) => values.some((value) => value.includes(marker)))
  // One line per stand-in, naming the pages that show it.
  const pagesByMarker = new Map<string, string[]>()
  for (const { file, html } of documents) {
    const markers = new Set<string>()
    for (const text of visibleStrings(html)) {
      const marker =
        (text === SAMPLE_BADGE ? text : placeholderIn(text)) ??
        standIns.find((value) => text.includes(value))
      if (marker && !explained(marker)) markers.add(marker)
    }
    for (const marker of markers)
      pagesByMarker.set(marker, [...(pagesByMarker.get(marker) ?? []), file])
  }
  return [...pagesByMarker].map(([marker, files]) => ({
    file: 'страницы',
    text: `«${marker}» ${onPages(files.length)} (${files.slice(0, 3).join(', ')}${files.length > 3 ? ', …' : ''}): образец или заглушка, а не сведения школы`,
  }))
}

/** Every reason not to publish this build; empty when it may go live. */
export function releaseProblems({
  factsFile,
  contentFiles = [],
  env,
  documents,
  deployConfigs = [],
  preview = false,
}: ReleaseInput): CheckProblem[] {
  const items = launchBlockers(factsFile, contentFiles, env.SITE_URL)
  const problems: CheckProblem[] = preview
    ? []
    : items.map(({ file, text }) => ({ file, text, launch: true }))
  try {
    parseSchoolFacts(factsFile)
  } catch (error) {
    if (!(error instanceof SchoolFactsError)) throw error
    problems.push(...error.problems.map((text) => ({ file: FACTS_FILE, text })))
  }

  try {
    const settings = readBuildSettings(env)
    problems.push(...unnamedChannels(settings.LEAD_CHANNELS, documents))
  } catch (error) {
    if (!(error instanceof BuildSettingsError)) throw error
    problems.push(...error.problems.map(problemOf))
  }
  const setting = (file: string, text: string) => problems.push({ file, text })
  const siteUrl = env.SITE_URL ? URL.parse(env.SITE_URL) : null
  const httpsOnly = 'нужен адрес, который начинается с https://'
  const loopback = 'это адрес самого сервера, а нужен публичный адрес'
  if (!env.SITE_URL) {
    setting('SITE_URL', 'не задан — впишите публичный адрес сайта, который начинается с https://')
  } else if (siteUrl) {
    if (siteUrl.protocol !== 'https:')
      setting('SITE_URL', `${httpsOnly} (сейчас «${env.SITE_URL}»)`)
    if (isLoopback(siteUrl)) setting('SITE_URL', `${loopback} (сейчас «${env.SITE_URL}»)`)
  }
  const leadApiUrl = URL.parse(env.LEAD_API_URL || 'http://127.0.0.1:3001')
  if (leadApiUrl?.protocol !== 'https:') {
    setting(
      'LEAD_API_URL',
      `${httpsOnly} (${env.LEAD_API_URL ? `сейчас «${env.LEAD_API_URL}»` : 'сейчас не задан, поэтому берётся http://127.0.0.1:3001'})`,
    )
  } else if (isLoopback(leadApiUrl)) {
    setting('LEAD_API_URL', `${loopback} (сейчас «${env.LEAD_API_URL}»)`)
  }

  if (documents.length === 0) {
    setting(
      'сборка',
      'в ней нет ни одной HTML-страницы, а проверка выпуска идёт только после сборки сайта',
    )
  }
  problems.push(...shownStandIns(documents, items))

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
      setting(
        file,
        `всё ещё указан адрес из примера «${host}» — замените его на ${siteUrl?.host ?? 'адрес сайта из SITE_URL'}`,
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

/** Every reason not to publish the build in `buildDir`, with the content and deploy files. */
export async function checkRelease(
  buildDir: string,
  env: NodeJS.ProcessEnv,
  preview = false,
): Promise<CheckProblem[]> {
  return releaseProblems({
    factsFile: readSchoolFactsFile(),
    contentFiles: await readContentFiles(contentDir()),
    env,
    documents: await builtDocuments(buildDir),
    deployConfigs: await deployConfigs(env),
    preview,
  })
}

/** The refusal the operator reads: the count, every problem grouped by file, what to do. */
export function releaseFailure(problems: CheckProblem[], where: string): string {
  const launch = problems.filter((problem) => problem.launch).length
  const only =
    launch === 0
      ? ''
      : launch === problems.length
        ? ', all of them blocking only the launch'
        : `, ${launch} of them blocking only the launch`
  const hints = [
    launch > 0 &&
      'The launch waits for the samples and stand-ins (npm run check:content lists the same); until then the site can go out as a preview: npm run deploy -- --preview (deploy/README.md, "The first hour").',
    problems.some(({ file }) => /^[A-Z][A-Z0-9_]+$/.test(file)) &&
      'The settings are in the env files (deploy/*.env.example).',
  ].filter((hint) => hint !== false)
  return [
    `Release check failed${where}: ${problems.length} problem(s)${only}:`,
    ...groupedLines(problems).map((line) => `  ${line}`),
    ...hints,
  ].join('\n')
}

if (import.meta.main) {
  const siteDir = path.join(import.meta.dirname, '..')
  const buildDir = path.resolve(siteDir, process.argv[2] ?? process.env.SITE_BUILD_DIR ?? 'build')
  const problems = await checkRelease(buildDir, process.env, process.env.SITE_PREVIEW === '1')
  if (problems.length > 0) {
    writeProblems(process.env, problems)
    console.error(releaseFailure(problems, ` in ${path.relative(process.cwd(), buildDir) || '.'}`))
    process.exitCode = 1
  } else {
    console.log('Release check passed: no demo value, https SITE_URL and LEAD_API_URL.')
  }
}
