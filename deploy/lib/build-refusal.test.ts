import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  PROBLEMS_FILE_ENV,
  readAllProblems,
  readProblems,
  writeProblems,
  type CheckProblem,
} from '@it-lab/site/check-problems'
import { buildRefusal } from './build-refusal.ts'

const scratch: string[] = []
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** 32 problems: 15 sample entries, 17 on the facts, as the first deploy of a real school had. */
const problems: CheckProblem[] = [
  ...Array.from({ length: 15 }, (_, i) => ({
    file: `content/teachers/sample-${i + 1}.json`,
    text: `«Образец ${i + 1}» — образец из репозитория`,
    launch: true,
  })),
  ...Array.from({ length: 16 }, (_, i) => ({
    file: 'content/school.json',
    text: `факт ${i + 1} — заглушка`,
    launch: true,
  })),
  { file: 'LEAD_API_URL', text: 'must be https' },
]

/** What `npm run build:release` printed: Vite's own indented report, then the check's. */
const output = `
> build:release
> node release/build-release.ts

vite v8.0.0 building for production...
  plugin @tailwindcss/vite:generate:build transform (25%, 3.9s, 2 calls)
  plugin react-router transform (12%, 1.8s, 140 calls)
✓ 212 modules transformed.
Release check failed; build was left as it was: 32 problem(s), 31 of them blocking only the launch:
  content/school.json (16):
    факт 1 — заглушка
npm error Lifecycle script \`build:release\` failed with error:
`

describe("the deploy's refusal of a release build", () => {
  it('lists every problem the check wrote, grouped by file and counted, and no line of the build', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'build-refusal-'))
    scratch.push(dir)
    const file = path.join(dir, 'problems.json')
    writeProblems({ [PROBLEMS_FILE_ENV]: file }, problems)
    const said = buildRefusal(output, readProblems(file), { preview: false, offerPreview: true })
    const lines = said.split('\n')
    expect(lines[0]).toBe(
      'nothing was deployed: the release build was refused, 32 problems, 31 of them blocking only the launch. Fix them (the content in the editor or content/, the settings in the env files) and deploy again; --verbose shows the whole build.',
    )
    expect(lines).not.toContainEqual(expect.stringMatching(/plugin|vite|npm error|… and/))
    expect(lines.slice(1, 16)).toEqual(
      problems.slice(0, 15).map(({ file, text }) => `  ${file}: ${text}`),
    )
    expect(lines[16]).toBe('  content/school.json (16):')
    expect(lines.slice(17, 33)).toEqual(problems.slice(15, 31).map(({ text }) => `    ${text}`))
    expect(lines[33]).toBe('  LEAD_API_URL: must be https')
    expect(lines[34]).toMatch(/can go out as a preview .* --preview/)
    expect(lines).toHaveLength(35)
  })

  it('offers a preview only to a first deploy', () => {
    const said = buildRefusal(output, problems, { preview: false, offerPreview: false })
    expect(said).not.toContain('--preview')
  })

  it("shows a build's last lines when it failed before its check wrote any", () => {
    const crashed = `${output}\nError: [vite]: Rollup failed to resolve import "x"\nRelease build failed; nothing was published.\nnpm error code 1\n`
    const lines = buildRefusal(crashed, undefined, { preview: true, offerPreview: true }).split(
      '\n',
    )
    expect(lines[0]).toMatch(/^nothing was deployed: the release build failed before its check/)
    expect(lines.slice(-2)).toEqual([
      '  Error: [vite]: Rollup failed to resolve import "x"',
      '  Release build failed; nothing was published.',
    ])
  })
})

describe('the check before a release is built', () => {
  it('reads the content check’s problems and its launch items as one list, the items marked', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'build-refusal-'))
    scratch.push(dir)
    const file = path.join(dir, 'problems.json')
    writeProblems(
      { [PROBLEMS_FILE_ENV]: file },
      [{ file: 'content/courses/4.json', text: 'поле «Цена»: не меньше 1' }],
      [{ file: 'content/teachers/a.json', kind: 'sample', text: 'образец из репозитория' }],
    )
    expect(readAllProblems(file)).toEqual([
      { file: 'content/courses/4.json', text: 'поле «Цена»: не меньше 1' },
      { file: 'content/teachers/a.json', text: 'образец из репозитория', launch: true },
    ])
    expect(readAllProblems(path.join(dir, 'none.json'))).toEqual([])
  })
})
