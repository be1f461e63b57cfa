import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import path from 'node:path'
import { createInterface } from 'node:readline'
import type { Config } from './config.ts'

// decap-server (Decap's own proxy, from npm) in git mode: every save is a commit in EDITOR_REPO.
// It listens on a free loopback port that only this gateway talks to; it has no login of its own.

const ENTRY = path.join(
  path.dirname(createRequire(import.meta.url).resolve('decap-server/package.json')),
  'dist',
  'index.js',
)

/** How long decap-server may take to answer after it is started (a busy machine included). */
const START_TIMEOUT_MS = 60_000
/** decap-server logs a failed request with its whole body (a photo in base64): lines are cut. */
const LOG_LINE_MAX = 500

export type DecapChild = { url: string; process: ChildProcess; stop: () => Promise<void> }

async function freeLoopbackPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (address === null || typeof address === 'string') throw new Error('no free port')
  return address.port
}

/** Whether decap-server answers its `info` action. */
async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'info', params: {} }),
      signal: AbortSignal.timeout(5_000),
    })
    return response.ok
  } catch {
    return false
  }
}

/** Starts decap-server and resolves once it answers; rejects when it exits or never answers. */
export async function startDecap(
  config: Pick<Config, 'repo' | 'git'>,
  log: (line: string) => void,
): Promise<DecapChild> {
  const port = await freeLoopbackPort()
  const identity = config.git
  const child = spawn(process.execPath, [ENTRY], {
    // Its own folder: decap-server reads a .env from its working directory.
    cwd: path.dirname(ENTRY),
    // Only what it needs: none of the gateway's settings (the password hash) reach it.
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? config.repo,
      MODE: 'git',
      PORT: String(port),
      BIND_HOST: '127.0.0.1',
      GIT_REPO_DIRECTORY: config.repo,
      LOG_LEVEL: 'warn',
      GIT_AUTHOR_NAME: identity.name,
      GIT_AUTHOR_EMAIL: identity.email,
      GIT_COMMITTER_NAME: identity.name,
      GIT_COMMITTER_EMAIL: identity.email,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  for (const stream of [child.stdout, child.stderr]) {
    if (stream === null) continue
    createInterface({ input: stream }).on('line', (line) => {
      log(line.length > LOG_LINE_MAX ? `${line.slice(0, LOG_LINE_MAX)}…` : line)
    })
  }
  const url = `http://127.0.0.1:${port}/api/v1`
  const exited = new Promise<never>((_resolve, reject) =>
    child.once('exit', (code, signal) =>
      reject(new Error(`decap-server exited (${signal ?? `code ${code}`}) before answering`)),
    ),
  )
  exited.catch(() => undefined)
  const deadline = Date.now() + START_TIMEOUT_MS
  const ready = (async () => {
    while (!(await answers(url))) {
      if (Date.now() > deadline) throw new Error(`decap-server did not answer on ${url}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })()
  try {
    await Promise.race([ready, exited])
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const gone = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await gone
  }
  return { url, process: child, stop }
}
