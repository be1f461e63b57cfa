import { execFile } from 'node:child_process'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { BUILD_DIR, LEAD_API_URL } from './e2e-env.ts'
import { expect, test } from './fixtures'

const run = promisify(execFile)

// The real release check on the real e2e build, which is made with the shipped demo facts.
test('the release check refuses the demo build and names each problem', async () => {
  const siteDir = path.join(import.meta.dirname, '..')
  const failure = await run(process.execPath, ['scripts/release-check.ts', BUILD_DIR], {
    cwd: siteDir,
    env: { PATH: process.env.PATH, SITE_URL: 'https://it-lab.test', LEAD_API_URL },
  }).then(
    () => null,
    (error: { code: number; stderr: string }) => error,
  )
  expect(failure?.code).toBe(1)
  const lines = (failure?.stderr ?? '').split('\n').map((line) => line.trim())
  expect(lines[0]).toMatch(/^Release check failed: \d+ problem\(s\)/)
  for (const field of ['phone', 'address', 'email', 'owner', 'siteUrl']) {
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^content/school\\.json: «[^»]+» \\(${field}\\) — ещё пример`),
      ),
    )
  }
  expect(lines).toContain(
    'content/school.json: «Адрес» (address) — ещё пример, а не сведения школы: впишите настоящее значение и уберите «Адрес» из списка «Ещё образец»',
  )
  expect(lines).toContain(`LEAD_API_URL: must be https (got "${LEAD_API_URL}")`)
  expect(lines).toContainEqual(
    expect.stringMatching(/^SITE_URL: "https:\/\/it-lab\.test" differs from siteUrl/),
  )
  expect(lines).toContainEqual(
    expect.stringMatching(/^build: "\[Фамилия Имя Отчество\]" is on \d+ page/),
  )
  expect(lines).toContainEqual(expect.stringMatching(/^build: "it-lab\.test" is on \d+ page/))
  // The sample groups (docs/decisions/0075): ticked files, and their words on the pages.
  expect(lines).toContainEqual(
    expect.stringMatching(
      /^content\/groups\/python-saturday\.json: «Образец: кабинет 1» — образец/,
    ),
  )
  expect(lines).toContainEqual(expect.stringMatching(/^build: "Образец: кабинет 1" is on \d+ page/))
  // The shipped sample questions and reviews, by file, and the badge on the home page.
  for (const folder of ['faq', 'reviews']) {
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^content/${folder}/[\\w-]+\\.json: «.+» — образец из репозитория`),
      ),
    )
  }
  expect(lines).toContainEqual(expect.stringMatching(/^build: "Образец" is on \d+ page/))
  // The sample licence and ways to pay are facts still marked as examples.
  for (const field of ['geo', 'licence', 'payments']) {
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^content/school\\.json: «[^»]+» \\(${field}\\) — ещё пример`),
      ),
    )
  }
})

test('a refused release build leaves nothing to deploy', async () => {
  test.setTimeout(180_000)
  const siteDir = path.join(import.meta.dirname, '..')
  // Inside the site's folder, as a real build is (prerendering resolves modules from there).
  const parent = await mkdtemp(path.join(siteDir, 'build-e2e-release-'))
  const target = path.join(parent, 'build')
  try {
    const failure = await run(process.execPath, ['scripts/build-release.ts'], {
      cwd: siteDir,
      env: {
        PATH: process.env.PATH,
        SITE_BUILD_DIR: target,
        SITE_URL: 'https://it-lab.test',
        LEAD_API_URL: 'https://it-lab.test/lead',
      },
    }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    )
    expect(failure?.code).toBe(1)
    expect(failure?.stderr).toMatch(/^Release check failed: \d+ problem\(s\);/m)
    // Neither the target nor the folder it was built in is left.
    expect(await readdir(parent)).toEqual([])
  } finally {
    await rm(parent, { recursive: true, force: true })
  }
})
