import { describe, expect, it } from 'vitest'
import type { Io } from '../lib/cli.ts'
import { run as deploy } from './deploy.ts'
import { run as editorUndo } from './editor-undo.ts'
import { run as publish } from './publish.ts'

// The commands called in-process, as run(argv, env, io): their refusals before anything is read
// or changed (the runs themselves: check:deploy, and editor-undo.test.ts).
function streams() {
  const out: string[] = []
  const err: string[] = []
  const io: Io = {
    stdout: { write: (text: string) => out.push(text) },
    stderr: { write: (text: string) => err.push(text) },
  }
  return { io, out: () => out.join(''), err: () => err.join('') }
}

describe('the operator commands in-process', () => {
  it('npm run deploy without --env-file: exit 1 and its usage, nothing on stdout', async () => {
    const { io, out, err } = streams()
    expect(await deploy([], {}, io)).toBe(1)
    expect(err()).toMatch(/^deploy: usage: npm run deploy -- --env-file \/etc\/it-lab\/deploy\.env/)
    expect(out()).toBe('')
  })

  it('npm run deploy with an unknown option or a missing env file: exit 1, said in one line', async () => {
    const unknown = streams()
    expect(await deploy(['--nope'], {}, unknown.io)).toBe(1)
    expect(unknown.err()).toContain("deploy: Unknown option '--nope'")
    const missing = streams()
    expect(await deploy(['--env-file', '/nonexistent/deploy.env'], {}, missing.io)).toBe(1)
    expect(missing.err()).toMatch(/^deploy: .*\/nonexistent\/deploy\.env/)
  })

  it('npm run publish without --env-file: exit 2 and its usage', async () => {
    const { io, err } = streams()
    expect(await publish([], {}, io)).toBe(2)
    expect(err()).toBe('publish: usage: npm run publish -- --env-file /etc/it-lab/deploy.env\n')
  })

  it('npm run editor:undo without --env-file: exit 1 and its usage; the env given is not changed', () => {
    const { io, err } = streams()
    const env = { EDITOR_REPO: 'relative' }
    expect(editorUndo([], env, io)).toBe(1)
    expect(err()).toBe(
      'editor:undo: usage: npm run editor:undo -- --env-file /etc/it-lab/editor.env\n',
    )
    expect(env).toEqual({ EDITOR_REPO: 'relative' })
  })
})
