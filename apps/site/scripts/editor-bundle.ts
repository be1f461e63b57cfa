// The editor's own script (admin/, docs/decisions/0067-exact-values-in-the-editor.md and 0068),
// bundled for /admin/editor.js: its fields, its Russian, its stale-tab check and its preview,
// which draws a course with the site's own components, React and stylesheet. Built with Vite, as
// the site is, so the components see the same baked-in content; one classic script beside Decap's.
import { copyFile, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { contentDir, UPLOADS_PATH } from '@it-lab/shared/content'
import { build } from 'vite'
import { checkedSchoolFacts } from '#app/config/school.ts'
import { defineBuildSettings, type BuildSettings } from '../build-settings.ts'
import { consentVersion } from './consent-version.ts'
import { contentPlugin, readBuildContent } from './content-plugin.ts'

const SITE_DIR = path.join(import.meta.dirname, '..')
const ADMIN_SOURCES = path.join(SITE_DIR, 'admin')

/** The site's stylesheet as every built page carries it inline (root.tsx), for the preview. */
function siteStylesheet(html: string): string {
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1]
  if (!style) throw new Error('the home page carries no inline stylesheet for the editor preview')
  return style
}

/** Writes editor.js, editor.css and site.css into the client build's admin folder. */
export async function writeEditorBundle(
  clientDir: string,
  adminDir: string,
  settings: BuildSettings,
): Promise<void> {
  await build({
    configFile: false,
    root: SITE_DIR,
    logLevel: 'warn',
    publicDir: false,
    plugins: [
      {
        // The preview shows the picture Decap holds, not the build's hashed asset.
        name: 'it-lab-editor-pictures',
        enforce: 'pre',
        resolveId: (id) =>
          id.startsWith('virtual:content-uploads/')
            ? path.join(ADMIN_SOURCES, 'preview-pictures.ts')
            : undefined,
      },
      contentPlugin(await readBuildContent()),
    ],
    define: {
      ...defineBuildSettings(settings),
      'import.meta.env.CONSENT_VERSION': JSON.stringify(consentVersion(settings)),
      __SCHOOL_FACTS__: JSON.stringify(checkedSchoolFacts),
      // The pictures this build copies to /uploads/ (post-build.ts): any other is shown from the
      // editor's repository until it is published (admin/new-pictures.ts).
      __BUILT_UPLOADS__: JSON.stringify(
        (await readdir(path.join(contentDir(), 'uploads'))).map((name) => `${UPLOADS_PATH}${name}`),
      ),
      // A library build leaves process.env alone; React needs its production build chosen.
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
    build: {
      outDir: adminDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2022',
      rolldownOptions: {
        // lucide-react marks its modules "use client"; in one classic script it means nothing.
        onLog: (level, log, handler) => {
          if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log)
        },
      },
      lib: {
        entry: path.join(ADMIN_SOURCES, 'editor.ts'),
        formats: ['iife'],
        name: 'itLabEditor',
        fileName: () => 'editor.js',
      },
    },
  })
  await copyFile(path.join(ADMIN_SOURCES, 'editor.css'), path.join(adminDir, 'editor.css'))
  const home = await readFile(path.join(clientDir, 'index.html'), 'utf8')
  await writeFile(path.join(adminDir, 'site.css'), siteStylesheet(home))
}
