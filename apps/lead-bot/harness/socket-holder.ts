// The process that holds the listening socket for socket-supervisor.ts, as systemd's .socket unit
// does: it gets the socket as fd 3, never accepts on it (nothing here wraps fd 3 in a server), and
// starts each service process with its own copy of it as fd 3. Connections that arrive while no
// service runs wait in the kernel's backlog. It exits, closing the socket, when the supervisor
// disconnects.
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'

export interface StartRequest {
  command: string
  args: string[]
  cwd: string
  env: NodeJS.ProcessEnv
}

export type HolderEvent =
  | { type: 'started'; pid: number }
  | { type: 'exit'; code: number | null; signal: NodeJS.Signals | null }

const SOCKET_FD = 3
let child: ChildProcess | undefined

const tell = (event: HolderEvent) => process.send?.(event)

process.on('message', (request: StartRequest) => {
  const started = spawn(request.command, request.args, {
    cwd: request.cwd,
    env: request.env,
    stdio: ['ignore', 'inherit', 'inherit', SOCKET_FD],
  })
  child = started
  let ended = false
  const end = (code: number | null, signal: NodeJS.Signals | null) => {
    if (ended) return
    ended = true
    if (child === started) child = undefined
    tell({ type: 'exit', code, signal })
  }
  started.once('spawn', () => tell({ type: 'started', pid: started.pid ?? 0 }))
  // A command that cannot be executed counts as a start that failed, as systemd's 203/EXEC does.
  started.once('error', () => end(203, null))
  started.once('exit', end)
})

process.on('disconnect', () => {
  child?.kill('SIGTERM')
  process.exit(0)
})
