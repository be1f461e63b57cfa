import { afterEach } from 'vitest'

// Shared by every Vitest project: any console.error during a test is a bug (a React warning, an
// unhandled failure), so the test that caused it fails.
const logged: unknown[][] = []
const original = console.error.bind(console)
console.error = (...args: unknown[]) => {
  logged.push(args)
  original(...args)
}

afterEach(() => {
  if (logged.length === 0) return
  const messages = logged.splice(0).map((args) => args.map(String).join(' '))
  throw new Error(`console.error was called:\n${messages.join('\n')}`)
})
