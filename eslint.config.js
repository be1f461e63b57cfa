import js from '@eslint/js'
import { readdirSync } from 'node:fs'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

// Import boundaries, checked on the path each import resolves to (docs/decisions/0048-import-boundaries.md).
// The site's layers: each folder of apps/site/app may import only the layers below it, and a
// feature never imports a section or another feature.
//   routes (and root.tsx) → sections → islands → features → components → inline-scripts → lib → content → config
// (islands/: the parts of a page hydrated on their own, docs/decisions/0079-light-pages.md;
// inline-scripts/: the pages' inline scripts, each bundled on its own into the HTML at build.)
const APP = 'apps/site/app'
const TOP = ['root.tsx', 'entry.server.tsx', 'entry.client.ts', 'routes.ts'].map(
  (file) => `${APP}/${file}`,
)
const LAYERS = [
  'routes',
  'sections',
  'islands',
  'features',
  'components',
  'inline-scripts',
  'lib',
  'content',
  'config',
]
const FEATURES = readdirSync(new URL(`./${APP}/features`, import.meta.url))

function siteLayerZones() {
  const layerZones = LAYERS.slice(1).map((layer, index) => {
    const above = LAYERS.slice(0, index + 1)
    return {
      target: `${APP}/${layer}`,
      from: [...TOP, ...above.map((upper) => `${APP}/${upper}`)],
      message: ` ${layer}/ may not import root or ${above.join(', ')} (docs/decisions/0048-import-boundaries.md).`,
    }
  })
  const featureZones = FEATURES.map((feature) => ({
    target: `${APP}/features/${feature}`,
    from: `${APP}/features`,
    except: [`./${feature}`],
    message: ' A feature never imports another feature: move what both need to components/.',
  }))
  return [...layerZones, ...featureZones]
}

const WORKSPACE_ZONES = [
  {
    target: ['packages/shared', 'packages/content-check'],
    from: 'apps',
    message: ' The packages are used by the apps and import none of them.',
  },
  {
    target: 'apps/lead-bot',
    from: 'apps/site',
    message: ' The lead service imports no site code: what both need lives in packages/shared.',
  },
  {
    target: [APP, 'apps/site/server'],
    from: 'apps/lead-bot',
    message: ' The site talks to the lead service over HTTP only.',
  },
  {
    target: 'apps/editor',
    from: ['apps/site', 'apps/lead-bot'],
    message:
      ' The editor gateway imports no site or lead-service code: it calls the content check of packages/content-check.',
  },
  {
    target: [APP, 'apps/site/server'],
    from: 'apps/editor',
    message: ' The site talks to the editor gateway over HTTP only.',
  },
  // The operator's trade (docs/decisions/0092-the-operators-trade-in-deploy.md): the checks drive
  // the commands, the commands use the library, never back up.
  {
    target: 'deploy/lib',
    from: ['deploy/cli', 'deploy/checks'],
    message: " deploy/lib/ is the commands' library: it imports no command or check.",
  },
  {
    target: 'deploy/cli',
    from: 'deploy/checks',
    message: ' A deploy command imports no check: the checks run the commands.',
  },
]

// The site's tooling rooms, one trade each: measuring, the owner guide's pictures, the release gate.
// The build's own code (apps/site/vite) is not among them: it runs in every build.
const SITE_TOOLING = ['apps/site/bench', 'apps/site/guide-pictures', 'apps/site/release']

// Tests, their fixtures and runners' configuration: code that never runs in production.
const TEST_CODE = [
  '{apps,packages,deploy}/**/*.test.{ts,tsx}',
  '{apps/*/,packages/*/,}{test,e2e}/**',
  '**/{vitest,playwright}{,.*}.config.ts',
]
const PRODUCTION_ZONES = [
  {
    target: '.',
    from: TEST_CODE,
    message: ' Production code and tools import no test code: shared harnesses live in harness/.',
  },
  {
    target: [
      APP,
      'apps/site/admin',
      'apps/site/server',
      'apps/lead-bot/src',
      'apps/editor/src',
      'packages/shared/src',
      'packages/content-check/src',
    ],
    from: [
      'apps/lead-bot/bench',
      'apps/lead-bot/cli',
      'apps/lead-bot/harness',
      'apps/lead-bot/scripts',
      'apps/site/harness',
      ...SITE_TOOLING,
      'deploy',
      'packages/content-check/fixtures',
      'scripts',
    ],
    message: ' What runs in production imports no harness, bench, fixture or tooling script.',
  },
  {
    // The app's types name the build settings it is baked with; no other build code runs in it.
    target: [APP, 'apps/site/admin', 'apps/site/server'],
    from: 'apps/site/vite',
    except: ['./build-settings.ts'],
    message: ' What runs in production imports no build plugin (only the build settings).',
  },
  {
    target: 'apps/site/vite',
    from: ['apps/site/harness', ...SITE_TOOLING],
    message: ' The build imports no harness, bench, release gate or guide pictures.',
  },
  ...SITE_TOOLING.map((room) => ({
    target: room,
    from: SITE_TOOLING.filter((other) => other !== room),
    message: ' A tooling room imports no other: what two rooms share lives in harness/.',
  })),
]

const importBoundaries = (zones) => ({
  'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones }],
})

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/build-e2e*/**',
      '**/.react-router/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench-results/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/site/app/**/*.{ts,tsx}', 'apps/site/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The owner replaces every demo(…) in the facts file before launch; the import left behind
    // must not fail the build's lint (README, "Launching for the school").
    files: ['apps/site/app/config/school-facts.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^demo$' },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    settings: {
      // Node's own resolution (subpath imports, workspace links to their real paths), trying the
      // extensions TypeScript and Vite try, so an import written without one (`#app/sections/x`,
      // `../../sections/x`) meets the zones too; and the TypeScript parser for the modules
      // no-cycle reads from disk (docs/decisions/0072-boundaries-see-every-import.md).
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      // The workspace's own packages are followed by the cycle rule; the registry's are not
      // (reading them took half of a cold lint: docs/decisions/0104-ci-in-twelve-minutes.md).
      'import-x/internal-regex': '^@it-lab/',
    },
    rules: {
      ...importBoundaries([...WORKSPACE_ZONES, ...siteLayerZones()]),
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // An import the resolver cannot follow would pass every zone unseen (a `.js` standing for a
      // `.ts`, say); Vite's virtual modules are the build's own.
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:'] }],
    },
  },
  {
    // The same zones, and for everything but the tests themselves: no import of test code.
    files: ['**/*.{ts,tsx,js}'],
    ignores: TEST_CODE,
    rules: importBoundaries([...WORKSPACE_ZONES, ...siteLayerZones(), ...PRODUCTION_ZONES]),
  },
)
