import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { useThreadTime } from './lighthouse-runner.ts'

let dir: string | undefined
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

it('gives each complete event its thread time, leaving other events and metadata alone', async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'thread-time-'))
  const file = path.join(dir, 'trace.json')
  const events = [
    { name: 'RunTask', ph: 'X', ts: 10, dur: 80, tdur: 30 },
    { name: 'Layout', ph: 'X', ts: 12, dur: 20, tdur: 25 },
    { name: 'RunTask', ph: 'X', ts: 100, dur: 5 },
    { name: 'thread_name', ph: 'M', args: { name: 'CrRendererMain' } },
  ]
  await writeFile(file, JSON.stringify({ traceEvents: events, metadata: { source: 'test' } }))

  await useThreadTime(file)

  const trace = JSON.parse(await readFile(file, 'utf8'))
  expect(trace.metadata).toEqual({ source: 'test' })
  expect(trace.traceEvents.map((event: { dur?: number }) => event.dur)).toEqual([
    30,
    20,
    5,
    undefined,
  ])
})
