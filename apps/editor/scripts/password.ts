// `npm run editor:password`: reads the editor's password from stdin (typed, or piped) and prints
// the line for EDITOR_PASSWORD_HASH. The password itself is never stored or printed.
import { text } from 'node:stream/consumers'
import { hashPassword } from '../src/password.ts'

if (process.stdin.isTTY) process.stderr.write('Password (then Enter and Ctrl-D): ')
const password = (await text(process.stdin)).replace(/\r?\n$/, '')
if (password.length < 10) {
  process.stderr.write('editor:password: use at least 10 characters\n')
  process.exit(1)
}
process.stdout.write(`${await hashPassword(password)}\n`)
