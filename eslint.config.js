import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

// The site's layers (docs/decisions/0009-layer-boundaries.md). Each folder of apps/site/app may
// import only the layers below it; a feature never imports a section or another feature.
//   routes (and root.tsx) → sections → features → components → lib → config, content
const APP = 'apps/site/app'
const FORBIDDEN_LAYERS = {
  sections: ['routes'],
  features: ['routes', 'sections', 'features'],
  components: ['routes', 'sections', 'features'],
  lib: ['routes', 'sections', 'features', 'components'],
  config: ['routes', 'sections', 'features', 'components', 'lib'],
  content: ['routes', 'sections', 'features', 'components', 'lib'],
}

/** One flat-config block per layer: its forbidden imports, plus no climbing out by `../`. */
function layerBoundaries() {
  return Object.entries(FORBIDDEN_LAYERS).map(([layer, forbidden]) => ({
    files: [`${APP}/${layer}/**/*.{ts,tsx}`],
    // Imported by the build under plain Node, where `~/` does not resolve.
    ignores: [`${APP}/lib/paths.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^~/(${forbidden.join('|')})/`,
              message: `${layer}/ may not import ${forbidden.join(', ')} (docs/decisions/0009-layer-boundaries.md).${
                layer === 'features' ? ' Within a feature, import with ./' : ''
              }`,
            },
            {
              regex: '^\\.\\./',
              message: 'Import from another folder through ~/, so the layer rules can see it.',
            },
          ],
        },
      ],
    },
  }))
}

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
    files: ['apps/site/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...layerBoundaries(),
)
