import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { PROBLEMS_FILE_ENV, problemLine, readProblems } from '../release/check-problems.ts'
import { BUILD_DIR, LEAD_API_URL } from './e2e-env.ts'
import { expect, test } from './fixtures'

const run = promisify(execFile)
const CONTENT_DIR = path.join(import.meta.dirname, '..', '..', '..', 'content')

/**
 * The entries of these folders that content/ ticks as samples, as `content/groups/x.json`: read
 * from the data, so the spec holds once the owner has deleted some (docs/decisions/0053).
 */
function sampleEntries(folders: string[]): string[] {
  return folders.flatMap((folder) =>
    readdirSync(path.join(CONTENT_DIR, folder))
      .filter((file) => file.endsWith('.json'))
      .filter((file) => {
        const entry = JSON.parse(readFileSync(path.join(CONTENT_DIR, folder, file), 'utf8')) as {
          sample?: boolean
        }
        return entry.sample === true
      })
      .map((file) => `content/${folder}/${file}`),
  )
}

// The real release check on the real e2e build, which is made with the shipped demo facts and
// samples: its problems as the deploy reads them (CHECK_PROBLEMS_FILE), `file: text`.
test('the release check refuses the demo build and names each problem once', async () => {
  const siteDir = path.join(import.meta.dirname, '..')
  const scratch = await mkdtemp(path.join(tmpdir(), 'release-check-'))
  const problemsFile = path.join(scratch, 'problems.json')
  const failure = await run(process.execPath, ['release/release-check.ts', BUILD_DIR], {
    cwd: siteDir,
    env: {
      PATH: process.env.PATH,
      SITE_URL: 'https://it-lab.test',
      LEAD_API_URL,
      [PROBLEMS_FILE_ENV]: problemsFile,
    },
  }).then(
    () => null,
    (error: { code: number; stderr: string }) => error,
  )
  const lines = (readProblems(problemsFile) ?? []).map(problemLine)
  await rm(scratch, { recursive: true, force: true })
  expect(failure?.code).toBe(1)
  expect(failure?.stderr).toMatch(
    new RegExp(`^Release check failed in .+: ${lines.length} problem\\(s\\)`),
  )
  for (const field of [
    'phone',
    'address',
    'email',
    'owner',
    'siteUrl',
    'geo',
    'licence',
    'payments',
  ]) {
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^content/school\\.json: «[^»]+» \\(${field}\\) — ещё пример`),
      ),
    )
  }
  expect(lines).toContain(
    'content/school.json: «Адрес» (address) — ещё пример, а не сведения школы: впишите настоящее значение и уберите «Адрес» из списка «Ещё образец»',
  )
  expect(lines).toContain(
    `LEAD_API_URL: нужен адрес, который начинается с https:// (сейчас «${LEAD_API_URL}»)`,
  )
  // The sample groups (docs/decisions/0075), questions and reviews: ticked files, by file.
  for (const file of sampleEntries(['groups', 'faq', 'reviews'])) {
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^${file.replace(/[.]/g, '\\.')}: «.+» — образец`)),
    )
  }
  // The pages add what no content file holds (the example host), not the samples they show.
  expect(lines).toContainEqual(expect.stringMatching(/^страницы: «it-lab\.test» на \d+ страниц/))
  expect(lines.filter((line) => line.startsWith('страницы') && line.includes('Образец'))).toEqual(
    [],
  )
})
