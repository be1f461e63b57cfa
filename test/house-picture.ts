// `npm run docs:architecture`: redraws the picture in docs/architecture.md from the code itself.
// A room is a folder with a README.md (each says what lives there); an arrow is an import from a
// file of one room to a file of another, whether written as a relative path, as `#app/…` (the
// site's alias) or as a workspace package (`@it-lab/…`, through its package.json exports). Tests
// and their folders are left out: the picture is the house that runs. test/house-picture.test.ts
// fails when the picture in the page is not the one the code draws.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')
const PAGE = path.join(ROOT, 'docs/architecture.md')
const START = '<!-- house picture: npm run docs:architecture -->'
const END = '<!-- end of house picture -->'

const SKIPPED = new Set(['node_modules', '.git', '.react-router', 'docs', 'content', 'data'])
const isSkipped = (name: string) =>
  SKIPPED.has(name) || name.startsWith('build') || name.endsWith('-results') || name === 'e2e'
const isSource = (name: string) =>
  /\.(ts|tsx)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts')

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (isSkipped(entry.name)) continue
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'test') walk(full, out)
    } else out.push(full)
  }
  return out
}

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/')

type Workspace = { name: string; dir: string; exports: Record<string, unknown> }

function workspaces(): Workspace[] {
  const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    workspaces: string[]
  }
  return root.workspaces.flatMap((pattern) => {
    const dirs = pattern.endsWith('/*')
      ? readdirSync(path.join(ROOT, pattern.slice(0, -2))).map((name) =>
          path.join(ROOT, pattern.slice(0, -2), name),
        )
      : [path.join(ROOT, pattern)]
    return dirs
      .filter((dir) => existsSync(path.join(dir, 'package.json')))
      .map((dir) => {
        const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
          name: string
          exports?: Record<string, unknown>
        }
        return { name: manifest.name, dir, exports: manifest.exports ?? {} }
      })
  })
}

/** An exports target as a path: a string, or the first string among its conditions. */
function target(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) {
      const found = target(inner)
      if (found) return found
    }
  }
  return undefined
}

function resolvePackage(specifier: string, all: Workspace[]): string | undefined {
  const owner = all.find(({ name }) => specifier === name || specifier.startsWith(`${name}/`))
  if (!owner) return undefined
  const subpath = `.${specifier.slice(owner.name.length)}`
  for (const [key, value] of Object.entries(owner.exports)) {
    const to = target(value)
    if (!to) continue
    if (key === subpath) return path.join(owner.dir, to)
    const star = key.indexOf('*')
    if (star < 0) continue
    const [before, after] = [key.slice(0, star), key.slice(star + 1)]
    if (subpath.startsWith(before) && subpath.endsWith(after)) {
      const middle = subpath.slice(before.length, subpath.length - after.length)
      return path.join(owner.dir, to.replace('*', middle))
    }
  }
  return owner.dir
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]/g

function imports(file: string, all: Workspace[]): string[] {
  const source = readFileSync(file, 'utf8')
  return [...source.matchAll(IMPORT)].flatMap((match) => {
    const specifier = match[1] ?? match[2] ?? ''
    if (specifier.startsWith('.')) return [path.resolve(path.dirname(file), specifier)]
    if (specifier.startsWith('#app/')) return [path.join(ROOT, 'apps/site/app', specifier.slice(5))]
    const resolved = resolvePackage(specifier, all)
    return resolved ? [resolved] : []
  })
}

/** The rooms, deepest first, so a file belongs to the innermost folder with a README. */
function rooms(files: string[]): string[] {
  const folders = new Set(files.map((file) => path.dirname(file)))
  const withReadme = new Set<string>()
  for (const folder of folders) {
    for (let dir = folder; dir.startsWith(ROOT) && dir !== ROOT; dir = path.dirname(dir)) {
      if (existsSync(path.join(dir, 'README.md'))) withReadme.add(dir)
    }
  }
  return [...withReadme].sort((a, b) => b.length - a.length)
}

const roomOf = (file: string, all: string[]) =>
  all.find((room) => file === room || file.startsWith(`${room}${path.sep}`))

/** The picture as Mermaid: one box a room, grouped by workspace; one arrow a pair of rooms that import. */
export function housePicture(): string {
  const all = workspaces()
  const files = walk(ROOT).filter((file) => isSource(path.basename(file)))
  const roomList = rooms(files)
  const arrows = new Set<string>()
  for (const file of files) {
    const from = roomOf(file, roomList)
    if (!from) continue
    for (const imported of imports(file, all)) {
      const to = roomOf(imported, roomList)
      if (!to || to === from || !existsSync(to) || !statSync(to).isDirectory()) continue
      const key = `${relative(from)} ${relative(to)}`
      arrows.add(key)
    }
  }
  const id = (room: string) => room.replace(/[^a-z0-9]/gi, '_')
  const names = roomList.map(relative).sort()
  // Grouped by workspace (deploy/, apps/site/, …), the root's own folders by their name.
  const homes = all.map(({ dir }) => relative(dir)).sort((a, b) => b.length - a.length)
  const groups = new Map<string, string[]>()
  for (const name of names) {
    const group =
      homes.find((home) => name === home || name.startsWith(`${home}/`)) ??
      name.split('/')[0] ??
      name
    groups.set(group, [...(groups.get(group) ?? []), name])
  }
  const lines = ['```mermaid', 'flowchart LR']
  for (const [group, members] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`  subgraph ${id(`g_${group}`)} ["${group}"]`)
    for (const member of members) lines.push(`    ${id(member)}["${member}"]`)
    lines.push('  end')
  }
  for (const key of [...arrows.keys()].sort()) {
    const [from = '', to = ''] = key.split(' ')
    lines.push(`  ${id(from)} --> ${id(to)}`)
  }
  lines.push('```')
  return lines.join('\n')
}

/** The page with its picture replaced by `picture`. */
export function withPicture(page: string, picture: string): string {
  const start = page.indexOf(START)
  const end = page.indexOf(END)
  if (start < 0 || end < start) throw new Error(`${relative(PAGE)} has no ${START} … ${END}`)
  return `${page.slice(0, start + START.length)}\n\n${picture}\n\n${page.slice(end)}`
}

export const HOUSE_PAGE = PAGE

if (import.meta.main) {
  const page = readFileSync(PAGE, 'utf8')
  const fresh = withPicture(page, housePicture())
  writeFileSync(PAGE, fresh)
  console.log(
    `${relative(PAGE)}: ${fresh === page ? 'picture already current' : 'picture redrawn'}`,
  )
}
