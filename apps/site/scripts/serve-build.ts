import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { buildSiteServer } from '../server/site-server.ts'

export const siteDir = path.resolve(import.meta.dirname, '..')
export const buildDir = path.join(siteDir, 'build')
export const clientDir = path.join(buildDir, 'client')

/** Makes a fresh production build with the default (public, analytics-free) settings. */
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
