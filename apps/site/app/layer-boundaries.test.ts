// @vitest-environment node
import path from 'node:path'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

// Proves the layer rule of eslint.config.js bites: each snippet is linted as if it were a file
// at that place in the app, with the repository's own configuration.
const ROOT = path.resolve(import.meta.dirname, '../../..')
const eslint = new ESLint({ cwd: ROOT })

async function importErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = imported\n`, {
    filePath: path.join(ROOT, 'apps/site/app', file),
  })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message)
}

describe('layer boundaries', () => {
  // Loading the configuration and its plugins is the slow part: once, with time to spare.
  beforeAll(() => importErrors('routes/x.tsx', 'const imported = 1'), 60_000)

  it.each([
    ['a feature importing a section', 'features/course/x.tsx', '#app/sections/contact-section.tsx'],
    [
      'a feature importing another feature',
      'features/course/x.tsx',
      '#app/features/shell/header.tsx',
    ],
    ['a feature climbing into another feature', 'features/course/x.tsx', '../quiz/quiz'],
    ['a feature importing a route', 'features/quiz/x.tsx', '#app/routes/home.tsx'],
    ['a component importing a feature', 'components/x.tsx', '#app/features/quiz/quiz.tsx'],
    ['lib importing a component', 'lib/x.ts', '#app/components/logo.tsx'],
    ['content importing lib', 'content/x.ts', '#app/lib/analytics.ts'],
    ['content climbing into a component', 'content/policies/x.ts', '../../components/logo'],
    ['a section importing a route', 'sections/x.tsx', '#app/routes/course.tsx'],
  ])('rejects %s', async (_case, file, target) => {
    const errors = await importErrors(file, `import { imported } from '${target}'`)
    expect(errors).toHaveLength(1)
  })

  it('names the rule in its message', async () => {
    const [error] = await importErrors(
      'features/course/x.tsx',
      "import { imported } from '#app/sections/contact-section.tsx'",
    )
    expect(error).toContain('features/ may not import routes, sections, features')
  })

  it.each([
    [
      'a route importing sections and features',
      'routes/x.tsx',
      '#app/sections/contact-section.tsx',
    ],
    ['a section importing a feature', 'sections/x.tsx', '#app/features/quiz/quiz.tsx'],
    ['a feature importing within itself', 'features/course/x.tsx', './course-card'],
    ['a feature importing a component', 'features/course/x.tsx', '#app/components/logo.tsx'],
    ['a component importing lib', 'components/x.tsx', '#app/lib/analytics.ts'],
    ['lib importing content', 'lib/x.ts', '#app/content/courses.ts'],
    ['content importing config by a relative path', 'content/policies/x.ts', '../../config/paths'],
  ])('allows %s', async (_case, file, target) => {
    expect(await importErrors(file, `import { imported } from '${target}'`)).toEqual([])
  })
})
