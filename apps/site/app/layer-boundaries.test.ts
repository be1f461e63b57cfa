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
    ['a feature importing a section', 'features/course/x.tsx', '~/sections/contact-section'],
    ['a feature importing another feature', 'features/course/x.tsx', '~/features/shell/header'],
    ['a feature climbing into another feature', 'features/course/x.tsx', '../quiz/quiz'],
    ['a feature importing a route', 'features/quiz/x.tsx', '~/routes/home'],
    ['a component importing a feature', 'components/x.tsx', '~/features/quiz/quiz'],
    ['lib importing a component', 'lib/x.ts', '~/components/logo'],
    ['content importing lib', 'content/x.ts', '~/lib/analytics'],
    ['content climbing into a component', 'content/policies/x.ts', '../../components/logo'],
    ['a section importing a route', 'sections/x.tsx', '~/routes/course'],
  ])('rejects %s', async (_case, file, target) => {
    const errors = await importErrors(file, `import { imported } from '${target}'`)
    expect(errors).toHaveLength(1)
  })

  it('names the rule in its message', async () => {
    const [error] = await importErrors(
      'features/course/x.tsx',
      "import { imported } from '~/sections/contact-section'",
    )
    expect(error).toContain('features/ may not import routes, sections, features')
  })

  it.each([
    ['a route importing sections and features', 'routes/x.tsx', '~/sections/contact-section'],
    ['a section importing a feature', 'sections/x.tsx', '~/features/quiz/quiz'],
    ['a feature importing within itself', 'features/course/x.tsx', './course-card'],
    ['a feature importing a component', 'features/course/x.tsx', '~/components/logo'],
    ['a component importing lib', 'components/x.tsx', '~/lib/analytics'],
    ['lib importing content', 'lib/x.ts', '~/content/courses'],
    ['content importing config by a relative path', 'content/policies/x.ts', '../../config/paths'],
  ])('allows %s', async (_case, file, target) => {
    expect(await importErrors(file, `import { imported } from '${target}'`)).toEqual([])
  })
})
