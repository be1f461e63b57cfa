import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildKind, readStage, recordStage, stageLine } from './launch-state.ts'

const scratch: string[] = []
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function root(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'launch-state-'))
  scratch.push(dir)
  return dir
}

const none = { preview: false, launch: false }

describe('the preview before the launch', () => {
  it('is built with --preview, and by every deploy after it until --launch', () => {
    const dir = root()
    expect(buildKind(readStage(dir), none)).toEqual({ preview: false })
    expect(buildKind(readStage(dir), { ...none, preview: true })).toEqual({ preview: true })
    recordStage(dir, true)
    expect(buildKind(readStage(dir), none)).toEqual({ preview: true })
    expect(stageLine(readStage(dir))).toMatch(/is a preview .* until npm run deploy -- --launch/)
    expect(buildKind(readStage(dir), { ...none, launch: true })).toEqual({ preview: false })
  })

  it('is never built again once the site is launched, and the launch date stays', () => {
    const dir = root()
    recordStage(dir, true)
    const { at } = recordStage(dir, false) as { at: string }
    expect(buildKind(readStage(dir), none)).toEqual({ preview: false })
    expect(buildKind(readStage(dir), { ...none, preview: true })).toMatchObject({
      problem: expect.stringMatching(/^the site was launched on \d{4}-\d\d-\d\d/),
    })
    expect(recordStage(dir, false)).toEqual({ stage: 'launched', at })
    expect(stageLine(readStage(dir))).toBe(`the site is launched (since ${at.slice(0, 10)})`)
  })

  it('refuses --preview with --launch', () => {
    expect(buildKind(undefined, { preview: true, launch: true })).toHaveProperty('problem')
  })
})
