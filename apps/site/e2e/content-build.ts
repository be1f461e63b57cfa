import { execFile } from 'node:child_process'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { buildSiteServer } from '../server/site-server.ts'
import { BUILD_DIR, LEAD_API_URL } from './e2e-env.ts'

// A build of another content folder (CONTENT_DIR), as a school's edits would make it, served as
// `npm start` serves the site: for specs about what the owner's content does to the pages.

const SITE_DIR = path.join(import.meta.dirname, '..')

export type ContentBuild = { origin: string; close: () => Promise<void> }

/** Builds the site from `contentDir` into `${BUILD_DIR}-${name}` and serves it on loopback. */
export async function buildContent(contentDir: string, name: string): Promise<ContentBuild> {
  const build = `${BUILD_DIR}-${name}`
  await promisify(execFile)('npm', ['run', 'build'], {
    cwd: SITE_DIR,
    env: {
      ...process.env,
      CONTENT_DIR: contentDir,
      SITE_BUILD_DIR: build,
      SITE_URL: 'https://it-lab.test',
      LEAD_API_URL,
    },
    maxBuffer: 64 * 1024 * 1024,
  })
  const server = await buildSiteServer({ buildDir: path.join(SITE_DIR, build) })
  const origin = await server.listen({ port: 0, host: '127.0.0.1' })
  return {
    origin,
    close: async () => {
      await server.close()
      rmSync(path.join(SITE_DIR, build), { recursive: true, force: true })
    },
  }
}
