import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { watchForStaleSaves } from './stale-tab.ts'

const API = '/admin/api/v1'
const sha = (text: string) => createHash('sha256').update(text).digest('hex')

/** A tab's fetch against a fake proxy API that records each request's body. */
function tab(answers: Record<string, unknown>) {
  const sent: { action: string; params: Record<string, unknown> }[] = []
  const target = {
    fetch: (async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as (typeof sent)[number]
      sent.push(body)
      return new Response(JSON.stringify(answers[body.action] ?? {}), { status: 200 })
    }) as typeof fetch,
  }
  watchForStaleSaves(target)
  const call = (action: string, params: Record<string, unknown>) =>
    target.fetch(API, { method: 'POST', body: JSON.stringify({ action, params }) })
  return { sent, call }
}

const course = '{\n  "id": 4,\n  "prices": { "basic": 1500 }\n}\n'

describe('watchForStaleSaves', () => {
  it('sends with a save the fingerprint of the file as this tab read it', async () => {
    const { sent, call } = tab({
      getEntry: { data: course, file: { path: 'content/courses/4.json' } },
    })
    await call('getEntry', { path: 'content/courses/4.json' })
    await call('persistEntry', {
      dataFiles: [{ path: 'content/courses/4.json', raw: 'new', slug: '4' }],
      assets: [],
    })
    expect(sent[1]?.params.baseIds).toEqual({ 'content/courses/4.json': sha(course) })
  })

  it('remembers what it saved, what a list read, and sends null for a file it never saw', async () => {
    const { sent, call } = tab({
      entriesByFolder: [{ data: course, file: { path: 'content/courses/4.json' } }],
    })
    await call('entriesByFolder', { folder: 'content/courses' })
    await call('persistEntry', { dataFiles: [{ path: 'content/courses/4.json', raw: 'saved' }] })
    await call('persistEntry', { dataFiles: [{ path: 'content/courses/4.json', raw: 'again' }] })
    await call('persistEntry', { dataFiles: [{ path: 'content/courses/11.json', raw: 'new' }] })
    expect(sent.slice(1).map((body) => body.params.baseIds)).toEqual([
      { 'content/courses/4.json': sha(course) },
      { 'content/courses/4.json': sha('saved') },
      { 'content/courses/11.json': null },
    ])
  })

  it('sends the fingerprints of what it read with a delete, and leaves other requests as they were', async () => {
    const { sent, call } = tab({
      entriesByFiles: [{ data: '{}', file: { path: 'content/announcements/a.json' } }],
    })
    await call('entriesByFiles', { files: [] })
    await call('deleteFiles', { paths: ['content/announcements/a.json'] })
    await call('getMedia', { mediaFolder: 'content/uploads' })
    await call('deleteFile', { path: 'content/uploads/photo.png' })
    expect(sent[1]?.params.baseIds).toEqual({ 'content/announcements/a.json': sha('{}') })
    expect(sent[2]?.params).toEqual({ mediaFolder: 'content/uploads' })
    // A picture deleted from the picture window was never read as text: no fingerprint to send.
    expect(sent[3]?.params).toEqual({ path: 'content/uploads/photo.png' })
  })
})
