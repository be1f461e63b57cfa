// `npm start`: builds the site if no build is there yet, then serves the site, the lead service
// and the editor gateway (apps/editor) on this checkout, so /admin/ saves commit here.
// `npm run dev`: the Vite dev server with the lead service beside it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { hashPassword } from '../apps/editor/src/password.ts'

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
  // The editor's page asks for the branch of the build's configuration (CMS_BRANCH), and the
  // content service refuses any other than its own (docs/decisions/0081).
  const editorBranch = process.env.EDITOR_BRANCH ?? branch
  const cmsBranch = process.env.CMS_BRANCH || 'main'
  if (editorBranch !== cmsBranch) {
    console.log(
      `Editor: off (this checkout is on ${editorBranch}; the editor saves to ${cmsBranch}: ` +
        'check it out, or build with CMS_BRANCH set to this branch).',
    )
    return undefined
  }
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

const children: ChildProcess[] = [
  spawn(process.execPath, ['apps/lead-bot/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: leadEnv,
  }),
  dev
    ? spawn(npm, ['run', 'dev', '-w', '@it-lab/site'], { cwd: root, stdio: 'inherit' })
    : spawn(process.execPath, ['apps/site/server/main.ts'], {
        cwd: root,
        stdio: 'inherit',
        env: siteEnv,
      }),
  ...(editor ? [editor.child] : []),
]

let stopping = false
function stopAll(code: number) {
  if (stopping) return
  stopping = true
  for (const child of children) child.kill('SIGTERM')
  process.exitCode = code
}

for (const child of children) {
  // If one service dies, stop the others too, so a half-running site is never left behind.
  child.on('exit', (code) => stopAll(code ?? 1))
}
process.once('SIGINT', () => stopAll(0))
process.once('SIGTERM', () => stopAll(0))
