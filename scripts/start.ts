// `npm start`: builds the site if no build is there yet, then serves the site and the lead service.
// `npm run dev`: the Vite dev server with the lead service beside it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const dev = process.argv.includes('--dev')
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

if (!dev && !existsSync(path.join(root, 'apps/site/build/client/index.html'))) {
  console.log('No site build yet: building it first.')
  const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

// The lead service accepts the site's origin: follow SITE_PORT unless SITE_ORIGIN says otherwise.
const sitePort = process.env.SITE_PORT ?? '3000'
const leadEnv = {
  ...process.env,
  SITE_ORIGIN:
    process.env.SITE_ORIGIN ?? `http://127.0.0.1:${sitePort},http://localhost:${sitePort}`,
}

const children: ChildProcess[] = [
  spawn(process.execPath, ['apps/lead-bot/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: leadEnv,
  }),
  dev
    ? spawn(npm, ['run', 'dev', '-w', '@it-lab/site'], { cwd: root, stdio: 'inherit' })
    : spawn(process.execPath, ['apps/site/server/main.ts'], { cwd: root, stdio: 'inherit' }),
]

let stopping = false
function stopAll(code: number) {
  if (stopping) return
  stopping = true
  for (const child of children) child.kill('SIGTERM')
  process.exitCode = code
}

for (const child of children) {
  // If either service dies, stop the other too, so a half-running site is never left behind.
  child.on('exit', (code) => stopAll(code ?? 1))
}
process.once('SIGINT', () => stopAll(0))
process.once('SIGTERM', () => stopAll(0))
