// What the deploy prints when something is refused (docs/decisions/0061-release-health.md): one
// short paragraph, then what to fix one a line, with no stack trace, ANSI codes or npm noise.
import { stripVTControlCharacters } from 'node:util'

/** Output as plain lines: colours dropped, npm's own lines, stack frames and blanks left out. */
export function plainLines(output: string): string[] {
  return stripVTControlCharacters(output)
    .split('\n')
    .map((line) => line.trimEnd())
    .filter(
      (line) =>
        line.trim() !== '' &&
        !/^npm (error|ERR!|warn|notice)/.test(line) &&
        !/^\s+at /.test(line) &&
        !/^> /.test(line),
    )
}

/** The paragraph and the problems, indented two spaces (the publish step lists those in the chat). */
export function refusal(paragraph: string, problems: readonly string[]): string {
  return [paragraph, ...problems.map((problem) => `  ${problem}`)].join('\n')
}
