import { readFileSync } from 'node:fs'
import { parseEnv } from 'node:util'

// The operator's commands are functions `run(argv, env, io)` returning their exit status, so tests
// call them in-process; each runs itself only as the entry point (`import.meta.main`).
// (docs/decisions/0092-the-operators-trade-in-deploy.md)

/** Where a command writes: the process's own streams, or a test's. */
export interface Io {
  stdout: { write(text: string): unknown }
  stderr: { write(text: string): unknown }
}

/** A refusal: its message printed as it is, and the exit status (1 unless said). */
export class Refused extends Error {
  readonly status: number

  constructor(message: string, status = 1) {
    super(message)
    this.status = status
  }
}

/**
 * `env` with an env file's settings under it, as `process.loadEnvFile` does (a setting the
 * environment already has wins), but into a copy: a command run in-process changes no one else's.
 */
export function withEnvFile(env: NodeJS.ProcessEnv, file: string): NodeJS.ProcessEnv {
  return { ...parseEnv(readFileSync(file, 'utf8')), ...env }
}
