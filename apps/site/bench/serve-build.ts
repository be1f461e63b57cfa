import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { buildSiteServer } from '../server/site-server.ts'

export const siteDir = path.resolve(import.meta.dirname, '..')
/** `build`, or the folder SITE_BUILD_DIR names (as for `npm start`): `npm test` reuses build-e2e. */
export const buildDir = path.resolve(siteDir, process.env.SITE_BUILD_DIR ?? 'build')
export const clientDir = path.join(buildDir, 'client')

/** Makes a fresh production build into `buildDir`, with the settings of the environment. */
export function buildSite(): void {
  const result = spawnSync('npm', ['run', 'build'], { cwd: siteDir, stdio: 'inherit' })
  if (result.status !== 0) throw new Error('The site build failed')
}

/** Serves the production build the way `npm start` does, on a free loopback port. */
export async function serveBuild(): Promise<{ origin: string; close: () => Promise<void> }> {
  const app = await buildSiteServer({ buildDir })
  const origin = await app.listen({ port: 0, host: '127.0.0.1' })
  return { origin, close: () => app.close() }
}
