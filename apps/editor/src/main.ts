// `npm start -w @it-lab/editor` (or `node apps/editor/src/main.ts [--env-file FILE]`): the editor
// gateway, its login and its content service (apps/editor/README.md).
import { parseArgs } from 'node:util'
import { buildEditorApp } from './app.ts'
import { ConfigError, parseConfig, type Config } from './config.ts'
import { contentCheck, launchCheck } from './content-check.ts'
import { ContentStore } from './content-store.ts'

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

// Every save is a commit on EDITOR_BRANCH of this work tree: it must be on that branch.
const branch = await new ContentStore({
  repo: config.repo,
  branch: config.branch,
  identity: config.git,
})
  .currentBranch()
  .catch(() => '')
if (branch === '') fail(`EDITOR_REPO ${config.repo} is not a git work tree on a branch`)
if (branch !== config.branch) {
  fail(`EDITOR_REPO ${config.repo} is on branch ${branch}, EDITOR_BRANCH is ${config.branch}`)
}

const app = await buildEditorApp({
  config,
  check: contentCheck,
  // SITE_URL, when set (the server's env file), is the address the facts must name.
  launchCheck: launchCheck(process.env.SITE_URL || undefined),
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
})
try {
  await app.listen({ host: config.host, port: config.port })
} catch (error) {
  fail(`cannot listen on ${config.host}:${config.port}: ${String(error)}`)
}
app.log.info(
  { repo: config.repo, branch: config.branch, origin: config.origin },
  'editor gateway listening',
)

// SIGTERM: no new requests; a save in flight finishes its commit first (app.close waits for it).
let stopping = false
async function shutdown(): Promise<void> {
  if (stopping) return
  stopping = true
  await app.close()
  process.exit(0)
}
process.once('SIGTERM', () => void shutdown())
process.once('SIGINT', () => void shutdown())
