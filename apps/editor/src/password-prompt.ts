import { text } from 'node:stream/consumers'
import { hashPassword } from './password.ts'

// `npm run editor:password` (scripts/password.ts): the password typed at a terminal, unseen and
// twice, or piped in (its first line); prints the line for EDITOR_PASSWORD_HASH. The password is
// never echoed, stored or printed.

export interface PasswordIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown }
  stdout: { write(text: string): unknown }
  stderr: { write(text: string): unknown }
}

const MIN_LENGTH = 10
/** The exit status of a command stopped by Ctrl-C (128 + SIGINT), as the shell reports it. */
const ABORTED = 130

const ENTER = new Set(['\r', '\n'])
const BACKSPACE = new Set(['\u007f', '\b'])
const CTRL_C = '\u0003'
const CTRL_D = '\u0004'

/** One line typed in raw mode, nothing echoed; null for Ctrl-C, or Ctrl-D on an empty line. */
function readUnseen(io: PasswordIo, prompt: string): Promise<string | null> {
  const { stdin, stderr } = io
  stderr.write(prompt)
  // Raw: every key comes as typed, Enter ends the line (no Ctrl-D), Ctrl-C is ours to handle.
  stdin.setRawMode?.(true)
  stdin.setEncoding('utf8')
  stdin.resume()
  return new Promise((resolve) => {
    const typed: string[] = []
    const finish = (line: string | null) => {
      stdin.removeListener('data', onData)
      stdin.setRawMode?.(false)
      stdin.pause()
      stderr.write('\n')
      resolve(line)
    }
    function onData(chunk: string | Buffer) {
      const keys = String(chunk)
      // An arrow or another function key (an escape sequence) types nothing.
      if (keys.startsWith('\u001b')) return
      for (const key of keys) {
        if (ENTER.has(key)) return finish(typed.join(''))
        if (key === CTRL_C || (key === CTRL_D && typed.length === 0)) return finish(null)
        if (BACKSPACE.has(key)) typed.pop()
        else if (key >= ' ') typed.push(key)
      }
    }
    stdin.on('data', onData)
  })
}

/** Reads the password, prints its hash; the exit status. */
export async function passwordCommand(io: PasswordIo): Promise<number> {
  let password: string
  if (io.stdin.isTTY && io.stdin.setRawMode) {
    const typed = await readUnseen(io, 'Password: ')
    if (typed === null) return ABORTED
    if (typed.length >= MIN_LENGTH) {
      const again = await readUnseen(io, 'Password again: ')
      if (again === null) return ABORTED
      if (again !== typed) {
        io.stderr.write('editor:password: the two passwords differ; run it again\n')
        return 1
      }
    }
    password = typed
  } else {
    password = (await text(io.stdin)).split(/\r?\n/)[0] ?? ''
  }
  if (password.length < MIN_LENGTH) {
    io.stderr.write(`editor:password: use at least ${MIN_LENGTH} characters\n`)
    return 1
  }
  io.stdout.write(`${await hashPassword(password)}\n`)
  return 0
}
