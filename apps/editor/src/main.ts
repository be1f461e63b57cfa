// `npm start -w @it-lab/editor` (or `node apps/editor/src/main.ts [--env-file FILE]`): the editor
// gateway and decap-server, its child. If the child dies the gateway exits too, so systemd (or
// `npm start`) restarts both together (apps/editor/README.md).
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { buildEditorApp } from './app.ts'
import { ConfigError, parseConfig, type Config } from './config.ts'
import { startDecap } from './decap-child.ts'
import { contentCheckScript } from './guard.ts'

const CONTENT_CHECK = path.resolve(import.meta.dirname, '../../site/scripts/content-check.ts')

const { values } = parseArgs({ options: { 'env-file': { type: 'string' } } })
if (values['env-file'] !== undefined) process.loadEnvFile(values['env-file'])

function fail(message: string): never {
  process.stderr.write(`editor: ${message}\n`)
  process.exit(1)
}

function loadConfig(): Config {
  try {
    return parseConfig(process.env)
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message)
    throw error
  }
}

const config = loadConfig()

// decap-server commits with `git add .` on EDITOR_BRANCH: the repository must be a work tree.
let branch = ''
try {
  branch = execFileSync('git', ['symbolic-ref', '--quiet', '--short', 'HEAD'], {
    cwd: config.repo,
    encoding: 'utf8',
  }).trim()
} catch {
  fail(`EDITOR_REPO ${config.repo} is not a git work tree on a branch`)
}
if (branch !== config.branch) {
  fail(`EDITOR_REPO ${config.repo} is on branch ${branch}, EDITOR_BRANCH is ${config.branch}`)
}

const decap = await startDecap(config, (line) => process.stderr.write(`decap-server: ${line}\n`))
let stopping = false
decap.process.once('exit', (code, signal) => {
  if (stopping) return
  process.stderr.write(`editor: decap-server exited (${signal ?? `code ${code}`}); stopping\n`)
  process.exit(1)
})

const app = await buildEditorApp({
  config,
  decapUrl: decap.url,
  check: contentCheckScript(CONTENT_CHECK),
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
})
try {
  await app.listen({ host: config.host, port: config.port })
} catch (error) {
  await decap.stop()
  fail(`cannot listen on ${config.host}:${config.port}: ${String(error)}`)
}
app.log.info(
  { repo: config.repo, branch: config.branch, origin: config.origin, decap: decap.url },
  'editor gateway listening',
)

async function shutdown(): Promise<void> {
  if (stopping) return
  stopping = true
  await app.close()
  await decap.stop()
  process.exit(0)
}
process.once('SIGTERM', () => void shutdown())
process.once('SIGINT', () => void shutdown())
