// `npm start`: builds the site if no build is there yet, then serves the site, the lead service
// and the editor gateway (apps/editor) on this checkout, so /admin/ saves commit here.
// `npm run dev`: the Vite dev server with the lead service beside it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { hashPassword } from '@it-lab/editor/password'

const root = path.resolve(import.meta.dirname, '..')
const dev = process.argv.includes('--dev')
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

// SITE_BUILD_DIR as the site server reads it (relative to apps/site).
const buildDir = path.resolve(root, 'apps/site', process.env.SITE_BUILD_DIR ?? 'build')
if (!dev && !existsSync(path.join(buildDir, 'client/index.html'))) {
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

/** The branch this checkout is on: the editor commits there (none when HEAD is detached). */
function checkoutBranch(): string | undefined {
  const run = spawnSync('git', ['symbolic-ref', '--quiet', '--short', 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
  })
  return run.status === 0 ? run.stdout.trim() : undefined
}

/** The editor gateway on this checkout, and the site server's EDITOR_URL for it. */
async function editorGateway(): Promise<{ child: ChildProcess; url: string } | undefined> {
  const branch = checkoutBranch()
  if (branch === undefined) {
    console.log('Editor: off (this checkout is not on a branch, so there is none to commit to).')
    return undefined
  }
  // The editor's page names no branch: the gateway commits to the one it is given (CMS_BRANCH
  // matters only to publishing, which npm start does not do).
  const editorBranch = process.env.EDITOR_BRANCH ?? branch
  const port = process.env.EDITOR_PORT ?? '3096'
  let passwordHash = process.env.EDITOR_PASSWORD_HASH
  if (!passwordHash) {
    const password = randomBytes(9).toString('base64url')
    passwordHash = await hashPassword(password)
    console.log(
      `Editor: http://127.0.0.1:${sitePort}/admin/ (password for this run: ${password}; ` +
        `saves commit to ${branch} here)`,
    )
  }
  const child = spawn(process.execPath, ['apps/editor/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
    env: {
      ...process.env,
      EDITOR_PASSWORD_HASH: passwordHash,
      EDITOR_REPO: root,
      EDITOR_BRANCH: editorBranch,
      EDITOR_PORT: port,
      EDITOR_ORIGIN: process.env.EDITOR_ORIGIN ?? `http://127.0.0.1:${sitePort}`,
      EDITOR_INSECURE_COOKIE: '1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
  })
  return { child, url: `http://127.0.0.1:${port}` }
}

const editor = dev ? undefined : await editorGateway()
const siteEnv = editor ? { ...process.env, EDITOR_URL: editor.url } : process.env

// Each child leads a process group of its own (`detached`), so a stop reaches what it started in
// turn (`npm run dev` → react-router's dev server, which outlived a plain kill of npm).
const own = { cwd: root, stdio: 'inherit', detached: true } as const
const children: ChildProcess[] = [
  spawn(process.execPath, ['apps/lead-bot/src/main.ts'], { ...own, env: leadEnv }),
  dev
    ? spawn(npm, ['run', 'dev', '-w', '@it-lab/site'], own)
    : spawn(process.execPath, ['apps/site/server/main.ts'], { ...own, env: siteEnv }),
  ...(editor ? [editor.child] : []),
]

/** Signals `child`'s whole group; false once nothing in it is left. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals | 0): boolean {
  if (child.pid === undefined) return false
  try {
    process.kill(-child.pid, signal)
    return true
  } catch {
    return false
  }
}

/** How long a stopped service may take (the editor finishes a save's commit) before SIGKILL. */
const STOP_WAIT_MS = 10_000

let stopping = false
/** Stops every group and waits until none is left; the exit status is the first one's. */
async function stopAll(code: number): Promise<void> {
  if (stopping) return
  stopping = true
  process.exitCode = code
  for (const child of children) signalGroup(child, 'SIGTERM')
  const deadline = Date.now() + STOP_WAIT_MS
  while (children.some((child) => signalGroup(child, 0))) {
    if (Date.now() > deadline) {
      for (const child of children) signalGroup(child, 'SIGKILL')
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

for (const child of children) {
  // If one service stops, stop the others too, so a half-running site is never left behind; a
  // service that stopped by itself is an error even with status 0.
  child.on('exit', (code) => void stopAll(code || 1))
}
// The children are in groups of their own: the terminal's Ctrl-C and hang-up reach this process only.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => void stopAll(0))
}
