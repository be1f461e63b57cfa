// `npm run build:release`: builds into a folder of its own, runs the release check on it, and
// only when the check passes puts it where a deployment takes it from (SITE_BUILD_DIR or
// build/). A refused build is deleted, so nothing half-checked can be deployed
// (docs/decisions/0025-release-check-by-value.md). With SITE_PREVIEW=1 it is a preview before the
// launch: samples and stand-ins accepted, indexed nowhere (docs/decisions/0084). A refusal also
// goes to CHECK_PROBLEMS_FILE as data, for the deploy and the publishing step (check-problems.ts).
import { spawnSync } from 'node:child_process'
import { rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { checkContentFolder } from '@it-lab/content-check'
import { contentDir, formatProblem, problemText } from '@it-lab/shared/content'
import { RELEASE_BUILD_FLAG } from '../vite/build-settings.ts'
import { writeProblems } from './check-problems.ts'
import { checkRelease, releaseFailure } from './release-check.ts'

const siteDir = path.join(import.meta.dirname, '..')
const target = path.resolve(siteDir, process.env.SITE_BUILD_DIR ?? 'build')
const staging = `${target}.release-${process.pid}`
const preview = process.env.SITE_PREVIEW === '1'

const where = path.relative(process.cwd(), target) || '.'

// The content first, all of it: the owner reads every problem at once, in Russian, and a broken
// edit is never built (docs/decisions/0056-publishing-from-the-editor.md).
const { problems: contentProblems } = await checkContentFolder(contentDir(), { launch: false })
if (contentProblems.length > 0) {
  writeProblems(
    process.env,
    contentProblems.map((problem) => ({ file: problem.file, text: problemText(problem) })),
  )
  console.error(
    `Содержимое сайта не прошло проверку (${contentProblems.length}); папка ${where} осталась прежней:\n  ${contentProblems.map(formatProblem).join('\n  ')}`,
  )
  process.exit(1)
}

await rm(staging, { recursive: true, force: true })
const build = spawnSync('react-router', ['build'], {
  cwd: siteDir,
  env: { ...process.env, SITE_BUILD_DIR: staging, [RELEASE_BUILD_FLAG]: '1' },
  stdio: 'inherit',
})
if (build.status !== 0) {
  await rm(staging, { recursive: true, force: true })
  console.error('Release build failed; nothing was published.')
  process.exit(1)
}

const problems = await checkRelease(staging, process.env, preview)
if (problems.length > 0) {
  await rm(staging, { recursive: true, force: true })
  writeProblems(process.env, problems)
  console.error(releaseFailure(problems, `; ${where} was left as it was`))
  process.exit(1)
}
await rm(target, { recursive: true, force: true })
await rename(staging, target)
console.log(
  `Release check passed${preview ? ' for a preview before the launch' : ''}: the build is in ${path.relative(process.cwd(), target)}.`,
)
