import { PassThrough, Readable } from 'node:stream'
import { describe, expect, it, vi } from 'vitest'
import { verifyPassword } from './password.ts'
import { passwordCommand, type PasswordIo } from './password-prompt.ts'

const PASSWORD = 'пароль владелицы'

/** The command's output streams, as text. */
function outputs() {
  const written = { stdout: '', stderr: '' }
  return {
    written,
    stdout: { write: (text: string) => (written.stdout += text) },
    stderr: { write: (text: string) => (written.stderr += text) },
  }
}

/** A terminal that types each answer's keys once the next prompt (`…: `) is shown. */
function terminal(...answers: string[][]) {
  const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode: vi.fn() })
  const { written, stdout } = outputs()
  const stderr = {
    write(text: string) {
      written.stderr += text
      const keys = text.endsWith(': ') ? answers.shift() : undefined
      // After the command has started listening for them.
      if (keys) queueMicrotask(() => keys.forEach((key) => stdin.write(key)))
    },
  }
  const io: PasswordIo = { stdin, stdout, stderr }
  return { io, written, setRawMode: stdin.setRawMode }
}

describe('npm run editor:password', () => {
  it('piped: hashes the first line', async () => {
    const { written, stdout, stderr } = outputs()
    const stdin = Readable.from([`${PASSWORD}\r\nне пароль\n`])
    expect(await passwordCommand({ stdin, stdout, stderr })).toBe(0)
    expect(written.stderr).toBe('')
    expect(await verifyPassword(PASSWORD, written.stdout.trim())).toBe(true)
  })

  it('piped: refuses fewer than 10 characters', async () => {
    const { written, stdout, stderr } = outputs()
    expect(await passwordCommand({ stdin: Readable.from(['короткий\n']), stdout, stderr })).toBe(1)
    expect(written).toEqual({ stdout: '', stderr: 'editor:password: use at least 10 characters\n' })
  })

  it('at a terminal: reads it unseen until Enter, Backspace erasing, twice; prints only the hash', async () => {
    const typo = [...'пароль вл', 'x', '\u007f', ...'аделицы', '\u001b[D', '\r']
    const { io, written, setRawMode } = terminal(typo, [...PASSWORD, '\r'])
    expect(await passwordCommand(io)).toBe(0)
    expect(written.stderr).toBe('Password: \nPassword again: \n')
    expect(setRawMode.mock.calls).toEqual([[true], [false], [true], [false]])
    expect(written.stdout).not.toContain('пароль')
    expect(await verifyPassword(PASSWORD, written.stdout.trim())).toBe(true)
  })

  it('at a terminal: two different passwords print nothing', async () => {
    const { io, written } = terminal([...PASSWORD, '\r'], [...`${PASSWORD}!`, '\r'])
    expect(await passwordCommand(io)).toBe(1)
    expect(written.stdout).toBe('')
    expect(written.stderr).toContain('the two passwords differ')
  })

  it('at a terminal: Ctrl-C stops it with status 130, the terminal back to normal', async () => {
    const { io, written, setRawMode } = terminal([...'пароль', '\u0003'])
    expect(await passwordCommand(io)).toBe(130)
    expect(written.stdout).toBe('')
    expect(setRawMode.mock.calls).toEqual([[true], [false]])
  })
})
