import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { scratchDir } from './scratch.ts'

const SCRATCH = path.join(import.meta.dirname, 'scratch.ts')

describe("a check's temporary folder", () => {
  it('is removed when a step fails, after what runs in it is stopped', async () => {
    const stopped: string[] = []
    const scratch = scratchDir('scratch-test-', { stop: () => void stopped.push('nginx') })
    writeFileSync(path.join(scratch.dir, 'privkey.pem'), 'a TLS private key')
    const failingStep = async () => {
      try {
        throw new Error('git commit failed')
      } finally {
        await scratch.close()
      }
    }
    await expect(failingStep()).rejects.toThrow('git commit failed')
    expect(stopped).toEqual(['nginx'])
    expect(existsSync(scratch.dir)).toBe(false)
  })

  it('is removed even if stopping its processes fails', async () => {
    const scratch = scratchDir('scratch-test-', {
      stop: () => {
        throw new Error('nginx would not stop')
      },
    })
    await expect(scratch.close()).rejects.toThrow('nginx would not stop')
    expect(existsSync(scratch.dir)).toBe(false)
  })

  it('is removed only once what runs in it has stopped, so nothing writes into it as it goes', async () => {
    // As the lead service under its supervisor may, for a second after it was told to stop.
    const running: ChildProcess[] = []
    const scratch = scratchDir('scratch-test-', {
      stop: async () => {
        await Promise.all(running.map((child) => once(child, 'exit')))
      },
    })
    const sub = path.join(scratch.dir, 'lead-service')
    const writer = spawn(
      process.execPath,
      [
        '-e',
        `const fs = require('node:fs'); const end = Date.now() + 1000; let n = 0
while (Date.now() < end) { fs.mkdirSync(${JSON.stringify(sub)}, { recursive: true }); fs.writeFileSync(${JSON.stringify(sub)} + '/state-' + n++, 'x') }`,
      ],
      { stdio: 'ignore' },
    )
    running.push(writer)
    await scratch.close()
    expect(writer.exitCode).toBe(0)
    expect(existsSync(scratch.dir)).toBe(false)
  })

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'is removed when the check is stopped by %s, and the check exits as killed by it',
    async (signal) => {
      const script = `import { scratchDir } from ${JSON.stringify(SCRATCH)}
const scratch = scratchDir('scratch-test-')
process.stdout.write(scratch.dir + '\\n')
setInterval(() => {}, 1000)
`
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      const [line] = (await once(child.stdout, 'data')) as [Buffer]
      const dir = line.toString('utf8').trim()
      expect(existsSync(dir)).toBe(true)
      child.kill(signal)
      const [code] = (await once(child, 'exit')) as [number | null]
      expect(code).toBe(signal === 'SIGINT' ? 130 : 143)
      expect(existsSync(dir)).toBe(false)
    },
  )
})
