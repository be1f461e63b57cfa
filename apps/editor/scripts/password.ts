// `npm run editor:password`: reads the editor's password, unseen at a terminal (twice) or piped
// (the first line), and prints the line for EDITOR_PASSWORD_HASH (src/password-prompt.ts).
import { passwordCommand } from '../src/password-prompt.ts'

process.exitCode = await passwordCommand(process)
