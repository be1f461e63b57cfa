// What a CLI runs with, so that a test can call it in-process: its arguments, its environment and
// its streams; it returns its exit code instead of ending the process.
import type { Readable, Writable } from 'node:stream'

export interface CliIo {
  stdout: Writable & { isTTY?: boolean }
  stderr: Writable
  stdin?: Readable
}

export type Cli = (argv: string[], env: NodeJS.ProcessEnv, io: CliIo) => Promise<number>

/** Ends a CLI's run with this exit code, from however deep it is thrown. */
export class CliExit extends Error {
  readonly code: number
  constructor(code: number) {
    super(`exit code ${code}`)
    this.code = code
  }
}

/** Runs `body`: the code it returns (0 if none), or that of a CliExit it throws. */
export async function exitCode(body: () => Promise<unknown>): Promise<number> {
  try {
    const code = await body()
    return typeof code === 'number' ? code : 0
  } catch (error) {
    if (error instanceof CliExit) return error.code
    throw error
  }
}

/** Runs a CLI as the process, when its file is the entry point: its code is the process's. */
export async function runAsProcess(run: Cli): Promise<void> {
  process.exit(await run(process.argv.slice(2), process.env, process))
}
