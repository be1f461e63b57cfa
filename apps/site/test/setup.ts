import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'

// A console.error during a test is a bug we want to see, so it fails the test.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error called: ${args.map(String).join(' ')}`)
  })
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})
