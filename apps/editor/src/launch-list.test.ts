import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { putBackShippedSamples } from '@it-lab/content-check/shipped-fixture'
import { contentDir } from '@it-lab/shared/content'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentCheck, launchCheck } from './content-check.ts'
import { ContentService } from './content-service.ts'
import { developerGit } from '../test/developer-git.ts'

// What is left before the launch, as the editor asks the content service (`launchBlockers`), on
// the content the repository ships (its samples and stand-in facts): the same items, and so the
// same count, as the release check refuses.

const ROOT = path.resolve(import.meta.dirname, '../../..')
const RELEASE_CHECK = path.join(ROOT, 'apps/site/release/release-check.ts')
const SITE_URL = 'https://itlab-school.ru'

const scratch = mkdtempSync(path.join(tmpdir(), 'it-lab-launch-list-'))
const repo = path.join(scratch, 'repo')
const warnings: string[] = []
let siteUrlBefore: string | undefined

const service = new ContentService({
  repo,
  branch: 'main',
  identity: { name: 'Редактор сайта', email: 'editor@it-lab.local' },
  check: contentCheck,
  launchCheck: launchCheck(),
  warn: (message) => warnings.push(message),
})

type Answer = { items: { path: string; kind: string; text: string }[]; count: number }
const launchBlockers = async () => {
  const answer = await service.handle({ action: 'launchBlockers', params: {} })
  expect(answer.status).toBe(200)
  return answer.body as Answer
}

const git = developerGit(repo)

/**
 * The problems the release check itself refuses the repository's content with that block only
 * the launch (run as the deploy runs it, on a build with no page: that problem is not one of them).
 */
function releaseLaunchProblems(): { file: string; text: string }[] {
  const build = path.join(scratch, 'build')
  mkdirSync(build, { recursive: true })
  const problemsFile = path.join(scratch, 'release-problems.json')
  const run = spawnSync(process.execPath, [RELEASE_CHECK, build], {
    cwd: path.join(ROOT, 'apps/site'),
    env: {
      ...process.env,
      CONTENT_DIR: path.join(repo, 'content'),
      SITE_URL,
      CHECK_PROBLEMS_FILE: problemsFile,
    },
    encoding: 'utf8',
  })
  expect(run.status).toBe(1)
  const { problems } = JSON.parse(readFileSync(problemsFile, 'utf8')) as {
    problems: { file: string; text: string; launch?: boolean }[]
  }
  return problems.filter((problem) => problem.launch)
}

beforeAll(() => {
  // The server's SITE_URL reaches the check as the gateway's environment gives it.
  siteUrlBefore = process.env.SITE_URL
  process.env.SITE_URL = SITE_URL
  cpSync(contentDir(), path.join(repo, 'content'), { recursive: true })
  putBackShippedSamples(path.join(repo, 'content'))
  git('init', '--quiet', '--initial-branch=main')
  git('add', '--all')
  git('commit', '--quiet', '--message', 'shipped content')
})
afterAll(() => {
  if (siteUrlBefore === undefined) delete process.env.SITE_URL
  else process.env.SITE_URL = siteUrlBefore
  rmSync(scratch, { recursive: true, force: true })
})

describe('what is left before the launch', () => {
  it("lists the shipped samples and stand-ins, as many as the release check's", async () => {
    const answer = await launchBlockers()
    const release = releaseLaunchProblems()
    expect(release.length).toBeGreaterThan(0)
    expect(answer.count).toBe(release.length)
    expect(answer.items).toHaveLength(answer.count)
    expect(answer.items.map((item) => item.path)).toEqual(release.map((problem) => problem.file))
    const kinds = new Set(answer.items.map((item) => item.kind))
    expect(kinds).toContain('sample-entry')
    expect(kinds).toContain('sample-fact')
    // Her words: no field's path after its label.
    const phone = answer.items.find((item) => item.text.startsWith('«Телефон»'))
    expect(phone?.text).toMatch(/^«Телефон» — ещё пример/)
    expect(warnings).toEqual([])
  })

  it('follows a save: an entry that is no longer a sample leaves the list', async () => {
    const before = await launchBlockers()
    const sample = before.items.find((item) => item.kind === 'sample-entry')
    expect(sample).toBeDefined()
    git('rm', '--quiet', sample?.path ?? '')
    git('commit', '--quiet', '--message', 'a sample removed')
    const after = await launchBlockers()
    expect(after.count).toBe(before.count - 1)
    expect(after.items.map((item) => item.path)).not.toContain(sample?.path)
  })

  it('tells the owner plainly when the list cannot be made', async () => {
    const broken = new ContentService({
      repo,
      branch: 'main',
      identity: { name: 'Редактор сайта', email: 'editor@it-lab.local' },
      check: contentCheck,
      launchCheck: () => Promise.reject(new Error('the check could not run')),
      warn: (message) => warnings.push(message),
    })
    const answer = await broken.handle({ action: 'launchBlockers', params: {} })
    expect(answer.status).toBe(500)
    expect((answer.body as { error: string }).error).toMatch(/^Не удалось составить список/)
    expect(warnings).toContain('the launch items could not be listed')
  })
})
