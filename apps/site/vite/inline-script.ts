// The scripts a page carries inline (app/inline-scripts/) are TypeScript modules, linted and
// type-checked like the rest of the app. The build bundles each one, with the constants it
// imports, into a minified script of its own.
import { build } from 'rolldown'
import type { Plugin } from 'vite'

/** A classic script runs where the parser meets it; a module script may use top-level await. */
export type ScriptKind = 'classic' | 'module'

/** Bundles `file` into the text of one self-contained inline script; `files` are those it read. */
export async function bundleInlineScript(
  file: string,
  kind: ScriptKind = 'classic',
): Promise<{ code: string; files: string[] }> {
  const { output } = await build({
    input: file,
    write: false,
    platform: 'browser',
    // No newer syntax than the site's chunks use; the boot script's top-level await is ES2022.
    transform: { target: 'es2022' },
    output: { format: kind === 'module' ? 'esm' : 'iife', minify: true },
  })
  const [chunk, ...others] = output
  if (chunk?.type !== 'chunk' || others.length > 0) {
    throw new Error(`${file} must bundle into one script, with nothing loaded beside it`)
  }
  const code = chunk.code.trim()
  if (/<\/script/i.test(code)) throw new Error(`${file} would close its <script> element`)
  return { code, files: chunk.moduleIds }
}

const QUERY = '?inline-script'

/**
 * `import code from './x.ts?inline-script'` gives the bundled text of a classic script, for
 * `<script dangerouslySetInnerHTML>`.
 */
export function inlineScripts(): Plugin {
  return {
    name: 'it-lab:inline-script',
    async load(id) {
      if (!id.endsWith(QUERY)) return null
      const { code, files } = await bundleInlineScript(id.slice(0, -QUERY.length))
      for (const file of files) this.addWatchFile(file)
      return `export default ${JSON.stringify(code)}`
    },
  }
}
