import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { ContentCheck } from './content-service.ts'

const run = promisify(execFile)

/**
 * The publish check itself (apps/site/scripts/content-check.ts) on a copy of content/: its
 * problems, one Russian line each. Throws when the check could not run.
 */
export function contentCheckScript(script: string): ContentCheck {
  return async (contentDir) => {
    // The gateway's own settings (the password hash) are no business of the check.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith('EDITOR_')),
    )
    try {
      await run(process.execPath, [script], {
        // A hung check must not hold every later save: it is then a failure to check.
        timeout: 120_000,
        env: { ...env, CONTENT_DIR: contentDir },
        maxBuffer: 16 * 1024 * 1024,
      })
      return []
    } catch (error) {
      const { code, stderr } = error as { code?: unknown; stderr?: string }
      const lines = (stderr ?? '').split('\n')
      if (code !== 1 || !lines[0]?.startsWith('Содержимое сайта не прошло проверку')) throw error
      return lines
        .slice(1)
        .filter((line) => line.startsWith('  '))
        .map((line) => line.trim())
    }
  }
}
