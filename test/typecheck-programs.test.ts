import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

// `npm run typecheck` checks the site as one program and every other workspace together as another
// (tsconfig.node.json, docs/decisions/0102-a-check-loop-under-a-minute.md): a folder a workspace's
// own tsconfig includes and that program leaves out would never be type-checked.
const ROOT = path.resolve(import.meta.dirname, '..')
const includes = (folder: string, file = 'tsconfig.json'): string[] =>
  (
    JSON.parse(readFileSync(path.join(ROOT, folder, file), 'utf8')) as { include: string[] }
  ).include.map((entry) => path.posix.join(folder, entry))

it('checks every folder the Node workspaces include', () => {
  const workspaces = [
    ...['packages', 'apps'].flatMap((parent) =>
      readdirSync(path.join(ROOT, parent)).map((name) => `${parent}/${name}`),
    ),
    'deploy',
    'scripts',
    'test',
  ].filter(
    (folder) => folder !== 'apps/site' && existsSync(path.join(ROOT, folder, 'tsconfig.json')),
  )
  expect(workspaces.length).toBeGreaterThanOrEqual(7)
  const program = new Set(includes('.', 'tsconfig.node.json'))
  expect(
    workspaces.flatMap((folder) => includes(folder)).filter((entry) => !program.has(entry)),
  ).toEqual([])
})
