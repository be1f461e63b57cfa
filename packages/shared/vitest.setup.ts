import { afterEach } from 'vitest'

// Any console.error during a test is a bug (React warnings, unhandled failures): fail the test.
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
