// The release folders under DEPLOY_ROOT and their states (docs/decisions/0061-release-health.md):
// which one is live, which are good to go back to, which are pruned. Node's own modules only:
// `--list` and `--rollback` must work while the checkout's content or code is broken.
import { createHash } from 'node:crypto'
import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'

/**
 * `new`: built, not yet checked (a deploy in progress, or one cut short); `good`: its lead service
 * answered healthy, live; `broken`: refused at its trial start or after the switch; `unknown`: made
 * before releases had states.
 */
export type ReleaseState = 'new' | 'good' | 'broken' | 'unknown'

export interface ReleaseInfo {
  id: string
  commit: string
  /** The commit's subject line, for `--list` and the summary. */
  subject?: string
  builtAt: string
  /** The hashed assets this release's own build made (kept by the next release). */
  assets: string[]
  state: ReleaseState
  /** When it was last found healthy or broken. */
  checkedAt?: string
  /** Why it is broken, one line. */
  reason?: string
  /** Built as a preview before the launch (docs/decisions/0084-preview-before-the-launch.md). */
  preview?: true
}

export const releasesDir = (root: string) => path.join(root, 'releases')
const currentLink = (root: string) => path.join(root, 'current')
const infoFile = (root: string, id: string) => path.join(releasesDir(root), id, 'release.json')

export function readRelease(root: string, id: string): ReleaseInfo {
  try {
    const info = JSON.parse(readFileSync(infoFile(root, id), 'utf8')) as Partial<ReleaseInfo>
    // The folder's name is the id, whatever the file says.
    return {
      ...info,
      id,
      commit: info.commit ?? 'unknown',
      builtAt: info.builtAt ?? '',
      assets: info.assets ?? [],
      state: info.state ?? 'unknown',
    }
  } catch {
    return { id, commit: 'unknown', builtAt: '', assets: [], state: 'unknown' }
  }
}

export function writeRelease(root: string, info: ReleaseInfo): void {
  writeFileSync(infoFile(root, info.id), `${JSON.stringify(info, null, 2)}\n`)
}

/** Records what a check found (the time with it). */
export function markRelease(
  root: string,
  id: string,
  state: 'good' | 'broken',
  reason?: string,
): void {
  // An earlier reason goes: JSON leaves out a key whose value is undefined.
  writeRelease(root, {
    ...readRelease(root, id),
    state,
    checkedAt: new Date().toISOString(),
    reason,
  })
}

/** All releases, oldest first (ids begin with their UTC build time). */
export function listReleases(root: string): ReleaseInfo[] {
  if (!existsSync(releasesDir(root))) return []
  return readdirSync(releasesDir(root))
    .filter((id) => !id.startsWith('.'))
    .sort()
    .map((id) => readRelease(root, id))
}

export function liveRelease(root: string): string | undefined {
  try {
    return path.basename(readlinkSync(currentLink(root)))
  } catch {
    return undefined
  }
}

/** Points `current` at release `id` in one rename, so nginx never sees a missing folder. */
export function switchTo(root: string, id: string): void {
  const link = currentLink(root)
  const next = `${link}.next`
  rmSync(next, { force: true })
  symlinkSync(path.join('releases', id), next)
  renameSync(next, link)
}

/** A release worth going back to: found healthy, or older than the states. */
const usable = (release: ReleaseInfo) => release.state === 'good' || release.state === 'unknown'

/**
 * Where `--rollback` goes: release `to` when given (any but a broken one), else the newest good
 * release older than the live one (an `unknown` one only when no good one is left).
 */
export function rollbackTarget(
  releases: readonly ReleaseInfo[],
  live: string | undefined,
  to?: string,
): { id: string } | { problem: string } {
  if (to !== undefined) {
    const chosen = releases.find((release) => release.id === to)
    if (!chosen) return { problem: `there is no release ${to} (npm run deploy -- --list)` }
    if (chosen.id === live) return { problem: `release ${to} is already live` }
    if (chosen.state === 'broken') {
      return { problem: `release ${to} is broken (${chosen.reason ?? 'see --list'})` }
    }
    return { id: chosen.id }
  }
  const older = releases.filter((release) => live === undefined || release.id < live)
  const target =
    older.findLast((release) => release.state === 'good') ??
    older.findLast((release) => release.state === 'unknown')
  if (!target) return { problem: 'there is no good release before the live one to go back to' }
  return { id: target.id }
}

/**
 * What pruning deletes: it keeps the live release and the newest `keep - 1` usable others (so
 * `--rollback` always has somewhere to go), and at most the newest broken one, to look at; a
 * broken or unfinished release never takes a good one's place.
 */
export function releasesToPrune(
  releases: readonly ReleaseInfo[],
  live: string | undefined,
  keep: number,
): string[] {
  const kept = new Set<string>()
  if (live) kept.add(live)
  const others = releases.filter((release) => release.id !== live)
  for (const release of others.filter(usable).slice(-(keep - 1))) kept.add(release.id)
  const broken = others.findLast((release) => release.state === 'broken')
  if (broken) kept.add(broken.id)
  return releases.map((release) => release.id).filter((id) => !kept.has(id))
}

export function removeRelease(root: string, id: string): void {
  rmSync(path.join(releasesDir(root), id), { recursive: true, force: true })
}

/**
 * `--list`: one line a release, oldest first, the live one marked, and those a rollback went back
 * from (`rolledBack`: publishing holds their commits back, rollback-hold.ts).
 */
export function releaseTable(
  releases: readonly ReleaseInfo[],
  live: string | undefined,
  rolledBack: readonly { release: string }[] = [],
): string {
  if (releases.length === 0) return 'no releases yet'
  return releases
    .map((release) => {
      const mark = release.id === live ? '* ' : '  '
      const state = [
        release.state,
        release.preview && 'preview',
        release.id === live && 'live',
        rolledBack.some((held) => held.release === release.id) && 'rolled back',
      ]
        .filter(Boolean)
        .join(', ')
        .padEnd(12)
      const subject = release.subject ? ` «${release.subject}»` : ''
      const reason = release.state === 'broken' && release.reason ? ` — ${release.reason}` : ''
      return `${mark}${release.id}  ${state}${subject}${reason}`.trimEnd()
    })
    .join('\n')
}

/** The file in a release's app folder naming the package manifests its packages were installed from. */
const INSTALL_KEY_FILE = '.install-key'

/**
 * The key of an install: the manifests' bytes as the checkout has them (npm rewrites the lockfile
 * it installs from), so two releases with the same key have the same packages.
 */
export function installKey(repo: string, manifests: readonly string[]): string {
  const hash = createHash('sha256').update(`${process.platform} ${process.arch}\0`)
  for (const file of manifests) hash.update(`${file}\0`).update(readFileSync(path.join(repo, file)))
  return hash.digest('hex')
}

export function writeInstallKey(appDir: string, key: string): void {
  writeFileSync(path.join(appDir, INSTALL_KEY_FILE), `${key}\n`)
}

export function readInstallKey(appDir: string): string | undefined {
  const file = path.join(appDir, INSTALL_KEY_FILE)
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined
}

/**
 * Makes `dir` the same tree as `from`, each file a hard link to its twin and each symlink copied
 * as it reads (the workspace links are relative): the packages of a release whose manifests are
 * unchanged, without the registry. A release folder is never written once made, so sharing is safe.
 */
export function linkTree(from: string, dir: string): void {
  mkdirSync(dir, { recursive: true })
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name)
    const target = path.join(dir, entry.name)
    if (entry.isDirectory()) linkTree(source, target)
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target)
    else if (entry.isFile()) linkSync(source, target)
  }
}

/**
 * Makes each file under `dir` that `previous` (the same folder of another release) holds with the
 * same bytes a hard link to that one: the packages, Node 24 among them (~125 MB), are mostly the
 * same from one release to the next, and a release folder is never written once made. Returns the
 * bytes shared.
 */
export function shareUnchangedFiles(dir: string, previous: string): number {
  let shared = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    const twin = path.join(previous, path.relative(dir, file))
    const mine = lstatSync(file)
    const theirs = lstatSync(twin, { throwIfNoEntry: false })
    if (!theirs?.isFile() || theirs.size !== mine.size || theirs.ino === mine.ino) continue
    if (!readFileSync(file).equals(readFileSync(twin))) continue
    const aside = `${file}.share`
    linkSync(twin, aside)
    renameSync(aside, file)
    shared += mine.size
  }
  return shared
}
