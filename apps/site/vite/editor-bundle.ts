// The owner's editor's script and stylesheet (admin/, docs/decisions/0086-the-owners-own-editor.md),
// bundled for /admin/editor.js with Vite as the site is, with its sections' description baked in
// (so the list of sections needs no request) and React in its production build.
import { copyFile } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'vite'
import { defineBuildSettings, type BuildSettings } from './build-settings.ts'
import { editorSections } from './editor-config/editor-sections.ts'
import { contentPlugin, readBuildContent } from './content-plugin.ts'

const SITE_DIR = path.join(import.meta.dirname, '..')
const ADMIN_SOURCES = path.join(SITE_DIR, 'admin')

/** Writes editor.js and editor.css into the client build's admin folder. */
export async function writeEditorBundle(adminDir: string, settings: BuildSettings): Promise<void> {
  await build({
    configFile: false,
    root: SITE_DIR,
    logLevel: 'warn',
    publicDir: false,
    plugins: [contentPlugin(await readBuildContent())],
    define: {
      ...defineBuildSettings(settings),
      __EDITOR_SECTIONS__: JSON.stringify(editorSections()),
      // A library build leaves process.env alone; React needs its production build chosen.
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
    build: {
      outDir: adminDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2023',
      // A library build in ES format keeps its whitespace (for another bundler's tree-shaking); this
      // script is the page's own, sent as it is: minified whole.
      rolldownOptions: { output: { minify: true } },
      lib: {
        entry: path.join(ADMIN_SOURCES, 'main.tsx'),
        formats: ['es'],
        fileName: () => 'editor.js',
      },
    },
  })
  await copyFile(path.join(ADMIN_SOURCES, 'editor.css'), path.join(adminDir, 'editor.css'))
}
