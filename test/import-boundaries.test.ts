import path from 'node:path'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

// Proves the import boundaries of eslint.config.js bite: each probe is linted as if it were a file
// at that place in the workspace, with the repository's own configuration. The imported modules
// are real, so the rules see the path each import resolves to, as they do for real files.
const ROOT = path.resolve(import.meta.dirname, '..')
const eslint = new ESLint({ cwd: ROOT })
// A probe at a path no module imports can close no cycle, so the zones are probed without the
// cycle rule, which would read the whole graph below each import; the cycle case keeps it.
const zonesOnly = new ESLint({
  cwd: ROOT,
  overrideConfig: { rules: { 'import-x/no-cycle': 'off' } },
})
const BOUNDARY_RULES = new Set([
  'import-x/no-restricted-paths',
  'import-x/no-cycle',
  'import-x/no-unresolved',
])

async function boundaryErrors(file: string, source: string, linter = zonesOnly): Promise<string[]> {
  const [result] = await linter.lintText(source, { filePath: path.join(ROOT, file) })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId !== null && BOUNDARY_RULES.has(message.ruleId))
    .map((message) => message.message)
}

const importing = (specifier: string) => `import * as probe from '${specifier}'\nexport { probe }\n`

describe('import boundaries', () => {
  // Loading the configuration and resolving the module graph is the slow part: once, with time.
  beforeAll(() => boundaryErrors('apps/site/app/routes/probe.tsx', 'export {}\n'), 60_000)

  it.each([
    [
      'a feature importing a section',
      'features/course/probe.tsx',
      '#app/sections/contact-section.tsx',
    ],
    [
      'a feature importing another feature',
      'features/course/probe.tsx',
      '#app/features/quiz/quiz.tsx',
    ],
    ['a feature climbing into another feature', 'features/course/probe.tsx', '../quiz/quiz.tsx'],
    ['a feature importing an island', 'features/course/probe.tsx', '#app/islands/island.tsx'],
    ['a feature importing a route', 'features/quiz/probe.tsx', '#app/routes/home.tsx'],
    ['a component importing a feature', 'components/probe.tsx', '#app/features/quiz/quiz.tsx'],
    ['lib importing a component', 'lib/probe.ts', '#app/components/logo.tsx'],
    ['lib importing the root', 'lib/probe.ts', '#app/root.tsx'],
    [
      'an inline script importing a component',
      'inline-scripts/probe.ts',
      '#app/components/logo.tsx',
    ],
    ['lib importing an inline script', 'lib/probe.ts', '#app/inline-scripts/tasks.ts'],
    ['a section importing the route table', 'sections/probe.tsx', '#app/routes.ts'],
    ['content importing lib', 'content/probe.ts', '#app/lib/analytics.ts'],
    ['content climbing into a component', 'content/policies/probe.ts', '../../components/logo.tsx'],
    ['config importing content', 'config/probe.ts', '#app/content/courses.ts'],
    ['a section importing a route', 'sections/probe.tsx', '#app/routes/course.tsx'],
    ['a component importing a route', 'components/probe.tsx', '#app/routes/announcements.tsx'],
    ['lib importing a route', 'lib/probe.ts', '#app/routes/announcements.tsx'],
    // Written without an extension, as TypeScript and Vite accept.
    [
      'a feature importing a section by alias',
      'features/course/probe.tsx',
      '#app/sections/contact-section',
    ],
    [
      'a feature climbing into a section',
      'features/course/probe.tsx',
      '../../sections/contact-section',
    ],
    [
      'a feature climbing into another feature without an extension',
      'features/course/probe.tsx',
      '../quiz/quiz',
    ],
    ['lib importing a route by alias', 'lib/probe.ts', '#app/routes/announcements'],
    [
      'a feature importing a route by its directory',
      'features/quiz/probe.tsx',
      '../../routes/home',
    ],
    // A `.js` standing for the `.ts` beside it: TypeScript accepts it, the resolver cannot follow it.
    [
      'a feature importing a section as .js',
      'features/course/probe.tsx',
      '#app/sections/contact-section.js',
    ],
    [
      'a feature climbing into a section as .js',
      'features/course/probe.tsx',
      '../../sections/contact-section.js',
    ],
  ])('rejects %s', async (_case, file, target) => {
    expect(await boundaryErrors(`apps/site/app/${file}`, importing(target))).toHaveLength(1)
  })

  it('rejects a dynamic import() across a layer', async () => {
    const source = "export const load = () => import('#app/features/quiz/quiz.tsx')\n"
    expect(await boundaryErrors('apps/site/app/components/probe.tsx', source)).toHaveLength(1)
  })

  it('rejects a type imported from a route, with or without an extension', async () => {
    for (const target of ['#app/routes/announcements.tsx', '#app/routes/announcements']) {
      const source = `import type { meta } from '${target}'\nexport type Meta = typeof meta\n`
      expect(await boundaryErrors('apps/site/app/features/quiz/probe.tsx', source)).toHaveLength(1)
    }
  })

  it('names the rule and its record in the message', async () => {
    const [error] = await boundaryErrors(
      'apps/site/app/lib/probe.ts',
      importing('#app/components/logo.tsx'),
    )
    expect(error).toContain(
      'lib/ may not import root or routes, sections, islands, features, components',
    )
    expect(error).toContain('docs/decisions/0048-import-boundaries.md')
  })

  it.each([
    [
      'packages/shared importing an app',
      'packages/shared/src/probe.ts',
      '../../../apps/site/app/config/paths.ts',
    ],
    [
      'the content check importing an app',
      'packages/content-check/src/probe.ts',
      '../../../apps/site/app/config/paths.ts',
    ],
    [
      'the lead service importing the site',
      'apps/lead-bot/src/probe.ts',
      '../../site/app/config/paths.ts',
    ],
    [
      'the site importing the lead service',
      'apps/site/app/lib/probe.ts',
      '../../../lead-bot/src/config.ts',
    ],
    [
      'the site server importing the lead service',
      'apps/site/server/probe.ts',
      '../../lead-bot/src/config.ts',
    ],
    [
      'the editor gateway importing the site',
      'apps/editor/src/probe.ts',
      '../../site/app/config/paths.ts',
    ],
    [
      'the site server importing the editor gateway',
      'apps/site/server/probe.ts',
      '../../editor/src/app.ts',
    ],
    ['the editor gateway importing a test', 'apps/editor/src/probe.ts', './app.test.ts'],
    ['a bench importing a test helper', 'scripts/probe.ts', '../apps/lead-bot/test/helpers.ts'],
    [
      "the site importing the tests' made-up group through the package",
      'apps/site/app/content/probe.ts',
      '@it-lab/shared/test/made-up-group',
    ],
    [
      "the lead service importing the tests' made-up group",
      'apps/lead-bot/src/trials/probe.ts',
      '@it-lab/shared/test/made-up-group',
    ],
    [
      'an operator script importing a test helper',
      'apps/lead-bot/scripts/probe.ts',
      '../test/helpers.ts',
    ],
    [
      'the lead service importing the fake Telegram',
      'apps/lead-bot/src/probe.ts',
      '../harness/fake-telegram.ts',
    ],
    [
      "the site importing its tests' school facts",
      'apps/site/app/config/probe.ts',
      '../../harness/complete-school-facts.ts',
    ],
    ['a site script importing an e2e fixture', 'apps/site/release/probe.ts', '../e2e/fixtures.ts'],
    ['a test file imported by production code', 'apps/lead-bot/src/probe.ts', './app.test.ts'],
    [
      'the lead service importing the harness',
      'apps/lead-bot/src/probe.ts',
      '../harness/sample-leads.ts',
    ],
    [
      'the lead service importing the deploy kit',
      'apps/lead-bot/src/probe.ts',
      '@it-lab/deploy/lib/releases',
    ],
    ['the deploy library importing a command', 'deploy/lib/probe.ts', '../cli/deploy.ts'],
    ['a deploy command importing a check', 'deploy/cli/probe.ts', '../checks/deploy-check.ts'],
    ['a deploy command importing a test helper', 'deploy/cli/probe.ts', './editor-undo.test.ts'],
    [
      'the lead service importing its bench',
      'apps/lead-bot/src/probe.ts',
      '../bench/bench-leads.ts',
    ],
    ['the lead service importing a CLI module', 'apps/lead-bot/src/probe.ts', '../cli/report.ts'],
    [
      'the content check importing the copy of the shipped samples',
      'packages/content-check/src/probe.ts',
      '../fixtures/shipped.ts',
    ],
    [
      'the site importing a build plugin',
      'apps/site/app/lib/probe.ts',
      '../../vite/price-texts.ts',
    ],
    ['the editor importing the bench', 'apps/site/admin/probe.ts', '../bench/first-load.ts'],
    [
      'the site server importing the guide pictures',
      'apps/site/server/probe.ts',
      '../guide-pictures/owner-guide-pictures.ts',
    ],
    ['a build plugin importing the bench', 'apps/site/vite/probe.ts', '../bench/first-load.ts'],
    ['a build plugin importing the harness', 'apps/site/vite/probe.ts', '../harness/pixel-bomb.ts'],
    [
      'the bench importing the guide pictures',
      'apps/site/bench/probe.ts',
      '../guide-pictures/owner-guide-pictures.ts',
    ],
    [
      'the guide pictures importing the bench',
      'apps/site/guide-pictures/probe.ts',
      '../bench/first-load.ts',
    ],
    [
      'the bench importing the release gate',
      'apps/site/bench/probe.ts',
      '../release/check-problems.ts',
    ],
    [
      'the site importing the release gate',
      'apps/site/app/lib/probe.ts',
      '../../release/check-problems.ts',
    ],
  ])('rejects %s', async (_case, file, target) => {
    expect(await boundaryErrors(file, importing(target))).toHaveLength(1)
  })

  it('rejects an import cycle', async () => {
    // telegram-message.ts imports desk-statuses.ts: the reverse import would close a cycle.
    const errors = await boundaryErrors(
      'apps/lead-bot/src/desk-statuses.ts',
      importing('./telegram-message.ts'),
      eslint,
    )
    expect(errors).toEqual([expect.stringContaining('Dependency cycle')])
  })

  it('rejects an import cycle through a workspace package', async () => {
    // The content check imports the facts' schema by its package name: lint follows workspace
    // packages into the cycle rule, and only the registry's packages are left out of it.
    const errors = await boundaryErrors(
      'packages/shared/src/content/school-facts-schema.ts',
      importing('@it-lab/content-check'),
      eslint,
    )
    expect(errors).toEqual([expect.stringContaining('Dependency cycle')])
  })

  it.each([
    [
      'a route importing a section',
      'apps/site/app/routes/probe.tsx',
      '#app/sections/contact-section.tsx',
    ],
    [
      'a section importing a feature',
      'apps/site/app/sections/probe.tsx',
      '#app/features/quiz/quiz.tsx',
    ],
    [
      'a section importing an island',
      'apps/site/app/sections/probe.tsx',
      '#app/islands/island.tsx',
    ],
    [
      'an island importing a feature',
      'apps/site/app/islands/probe.ts',
      '#app/features/quiz/quiz.tsx',
    ],
    [
      'a feature importing within itself',
      'apps/site/app/features/course/probe.tsx',
      './course-card.tsx',
    ],
    [
      'a feature importing a component',
      'apps/site/app/features/course/probe.tsx',
      '#app/components/logo.tsx',
    ],
    ['a component importing lib', 'apps/site/app/components/probe.tsx', '#app/lib/analytics.ts'],
    [
      'an inline script importing lib',
      'apps/site/app/inline-scripts/probe.ts',
      '#app/lib/phone-device.ts',
    ],
    ['lib importing content', 'apps/site/app/lib/probe.ts', '#app/content/courses.ts'],
    ['content importing config', 'apps/site/app/content/policies/probe.ts', '#app/config/paths.ts'],
    ['the site importing the shared package', 'apps/site/app/lib/probe.ts', '@it-lab/shared'],
    [
      "a site test importing the tests' made-up group",
      'apps/site/app/content/probe.test.ts',
      '@it-lab/shared/test/made-up-group',
    ],
    [
      'a colocated test importing the harness',
      'apps/lead-bot/src/probe.test.ts',
      '../harness/sample-leads.ts',
    ],
    ['a bench importing the harness', 'scripts/probe.ts', '../apps/lead-bot/harness/service.ts'],
    [
      'a release test importing the copy of the shipped samples',
      'apps/site/release/probe.ts',
      '@it-lab/content-check/shipped-fixture',
    ],
    [
      "the lead service's bench importing its harness",
      'apps/lead-bot/bench/probe.ts',
      '../harness/service.ts',
    ],
    [
      'an e2e fixture importing the harness through the package',
      'apps/site/e2e/probe.ts',
      '@it-lab/lead-bot/harness/service',
    ],
    [
      'an e2e fixture importing the harness',
      'apps/site/e2e/probe.ts',
      '../../lead-bot/harness/service.ts',
    ],
    ['a test importing a test helper', 'apps/lead-bot/test/probe.test.ts', './helpers.ts'],
    [
      'a route importing a section without an extension',
      'apps/site/app/routes/probe.tsx',
      '#app/sections/contact-section',
    ],
    [
      'a feature importing within itself without an extension',
      'apps/site/app/features/course/probe.tsx',
      './course-card',
    ],
    ['a Vite virtual module', 'apps/site/app/content/probe.ts', 'virtual:content-uploads'],
    [
      "the site's types naming the build settings",
      'apps/site/app/probe.ts',
      '../vite/build-settings.ts',
    ],
    [
      'the release gate importing a build plugin',
      'apps/site/release/probe.ts',
      '../vite/content-plugin.ts',
    ],
    ['the bench importing the harness', 'apps/site/bench/probe.ts', '../harness/large-photo.ts'],
    [
      'the deploy check importing both harnesses',
      'deploy/checks/probe.ts',
      '@it-lab/site/harness/complete-school-facts',
    ],
    ['a deploy command importing the library', 'deploy/cli/probe.ts', '../lib/releases.ts'],
  ])('allows %s', async (_case, file, target) => {
    expect(await boundaryErrors(file, importing(target))).toEqual([])
  })
})
