import { spawn, spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PUBLISH_STATE_FILE_NAME } from '@it-lab/shared/publish-state'
import { hashPassword } from '@it-lab/editor/password'
import { freePort } from '@it-lab/shared/free-port'
import { buildSiteServer } from '../server/site-server.ts'

// The editor as the owner meets it, for the e2e and the owner guide's screenshots: the editor
// gateway (apps/editor, its own content service committing each save) on a scratch git repository
// holding a copy of content/, behind a site server of a build that passes it /admin/login,
// /admin/api/v1… and guards the editor's files, as nginx does in production.

const SITE_DIR = path.join(import.meta.dirname, '..')
const REPO = path.join(SITE_DIR, '..', '..')
const GATEWAY = path.join(REPO, 'apps', 'editor', 'src', 'main.ts')

/** The owner's password in these runs. */
export const EDITOR_PASSWORD = 'пароль владелицы 2026'
/** Who the gateway commits as (its EDITOR_GIT_*). */
export const EDITOR_GIT = { name: 'Редактор сайта', email: 'editor@it-lab.local' }

export type EditorGateway = {
  /** The site server's origin: the site and its editor at /admin/. */
  url: string
  /** The scratch repository the editor commits into; its content/ is what the editor edits. */
  repo: string
  /** A file of the scratch repository's content/ (`courses/4.json`). */
  content: (file: string) => string
  /** git in the scratch repository; its output without the last newline. */
  git: (...args: string[]) => string
  /** A scratch deploy root, for a test to play publishing in (its releases, `current`). */
  deployRoot: string
  /**
   * The publishing state the gateway reads (EDITOR_PUBLISH_STATE): the caller's, else
   * editor-publish-state.json in `deployRoot`, beside the releases as on a server. None is there
   * until a test writes one: every save waits until then.
   */
  publishStateFile: string
  stop: () => Promise<void>
}

export type EditorGatewayOptions = {
  /** The build folder the site server serves (relative to apps/site). */
  buildDir: string
  /** Changes the scratch copy before its first commit (e.g. completes school.json). */
  prepare?: (repo: string) => void
}

function gitIn(repo: string, args: string[]): string {
  const run = spawnSync('git', args, {
    cwd: repo,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'e2e',
      GIT_AUTHOR_EMAIL: 'e2e@it-lab.test',
      GIT_COMMITTER_NAME: 'e2e',
      GIT_COMMITTER_EMAIL: 'e2e@it-lab.test',
    },
  })
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`)
  return run.stdout.trimEnd()
}

/** Whether the gateway's session check answers (it listens once it has started). */
const answers = (url: string) =>
  fetch(`${url}/admin/auth`)
    .then((response) => response.status === 401)
    .catch(() => false)

/** Starts the gateway on a fresh scratch repository, and a site server in front of it. */
export async function startEditorGateway(options: EditorGatewayOptions): Promise<EditorGateway> {
  const repo = mkdtempSync(path.join(tmpdir(), 'it-lab-editor-repo-'))
  cpSync(path.join(REPO, 'content'), path.join(repo, 'content'), { recursive: true })
  options.prepare?.(repo)
  const deployRoot = mkdtempSync(path.join(tmpdir(), 'it-lab-editor-deploy-'))
  // Never the machine's own /srv/it-lab/: a run's publishing state is its own.
  const publishStateFile =
    process.env.EDITOR_PUBLISH_STATE ?? path.join(deployRoot, PUBLISH_STATE_FILE_NAME)
  gitIn(repo, ['init', '--quiet', '--initial-branch=main'])
  gitIn(repo, ['add', '--all'])
  gitIn(repo, ['commit', '--quiet', '--message', "The school's content"])

  const gatewayPort = await freePort()
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`
  const site = await buildSiteServer({
    buildDir: path.join(SITE_DIR, options.buildDir),
    editorUrl: gatewayUrl,
  })
  const url = await site.listen({ port: 0, host: '127.0.0.1' })

  let output = ''
  const gateway = spawn(process.execPath, [GATEWAY], {
    env: {
      ...process.env,
      EDITOR_PASSWORD_HASH: await hashPassword(EDITOR_PASSWORD),
      EDITOR_REPO: repo,
      EDITOR_BRANCH: 'main',
      EDITOR_HOST: '127.0.0.1',
      EDITOR_PORT: String(gatewayPort),
      EDITOR_ORIGIN: url,
      EDITOR_GIT_NAME: EDITOR_GIT.name,
      EDITOR_GIT_EMAIL: EDITOR_GIT.email,
      EDITOR_INSECURE_COOKIE: '1',
      EDITOR_PUBLISH_STATE: publishStateFile,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  gateway.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  gateway.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))

  const stop = async () => {
    if (gateway.exitCode === null && gateway.signalCode === null) {
      const gone = new Promise((resolve) => gateway.once('exit', resolve))
      gateway.kill('SIGTERM')
      // Its graceful close may wait on the site server's idle connections; the test is over.
      const stuck = setTimeout(() => gateway.kill('SIGKILL'), 10_000)
      await gone
      clearTimeout(stuck)
    }
    await site.close()
    rmSync(repo, { recursive: true, force: true })
    rmSync(deployRoot, { recursive: true, force: true })
  }

  const deadline = Date.now() + 60_000
  while (!(await answers(gatewayUrl))) {
    if (gateway.exitCode !== null || Date.now() > deadline) {
      await stop()
      throw new Error(`the editor gateway did not start:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }

  return {
    url,
    repo,
    content: (file) => path.join(repo, 'content', file),
    git: (...args) => gitIn(repo, args),
    deployRoot,
    publishStateFile,
    stop,
  }
}
