import { spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { constants } from 'node:os'
import path from 'node:path'
import { prepareLaunch, renameCourses } from '@it-lab/site/harness/owner-edits'

// `npm run test:owner-content`: the unit tests on content a school has made its own (courses
// renamed, samples deleted, single files confirmed), not only on the shipped samples
// (docs/decisions/0053-tests-read-the-data.md, 0101-tests-on-the-schools-content.md). The copy lives
// inside the repository, where Vite serves files from, and is removed however the run ends.

const root = path.resolve(import.meta.dirname, '..')
const cache = path.join(root, 'node_modules/.cache')
mkdirSync(cache, { recursive: true })
const scratch = mkdtempSync(path.join(cache, 'owner-content-'))
const remove = () => rmSync(scratch, { recursive: true, force: true })

// Named content/, so problems name its files `content/…` as on the school's checkout.
const content = path.join(scratch, 'content')
cpSync(path.join(root, 'content'), content, { recursive: true })
renameCourses(content)
prepareLaunch(content)

// Vitest itself, in this Node (not through npx, which would not pass a stop on): it stops when this
// process is told to, and the copy is removed once it has.
const vitest = spawn(
  process.execPath,
  [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--project',
    '!drills',
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, CONTENT_DIR: content } },
)
// Ctrl+C reaches vitest too (one process group); a stop sent to this process alone is passed on.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => vitest.kill(signal))
}
vitest.on('error', (error) => {
  remove()
  throw error
})
vitest.on('exit', (code, signal) => {
  remove()
  // Stopped by a signal: 128 + its number, as a shell says (130 for Ctrl+C).
  process.exitCode = code ?? 128 + (signal ? constants.signals[signal] : 0)
})
