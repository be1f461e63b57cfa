import { afterEach } from 'vitest'

// Shared by every Vitest project: any console.error during a test is a bug (a React warning, an
// unhandled failure), so the test that caused it fails. A project with `isolate: false` runs this
// file again before each test file in the same process: console.error is wrapped once, and each
// file's own hook reads what was logged.
const LOGGED = Symbol.for('it-lab.console-errors')
const shared = globalThis as typeof globalThis & { [LOGGED]?: unknown[][] }

function wrapConsoleError(): unknown[][] {
  const logged: unknown[][] = []
  const original = console.error.bind(console)
  console.error = (...args: unknown[]) => {
    logged.push(args)
    original(...args)
  }
  return logged
}

const logged = (shared[LOGGED] ??= wrapConsoleError())

afterEach(() => {
  if (logged.length === 0) return
  const messages = logged.splice(0).map((args) => args.map(String).join(' '))
  throw new Error(`console.error was called:\n${messages.join('\n')}`)
})
