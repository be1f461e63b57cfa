import path from 'node:path'
import { buildSiteServer } from './site-server.ts'

const port = Number(process.env.SITE_PORT ?? 3000)
const host = process.env.SITE_HOST ?? '127.0.0.1'
const buildDir = path.resolve(import.meta.dirname, '..', process.env.SITE_BUILD_DIR ?? 'build')

const app = await buildSiteServer({
  buildDir,
  logger: process.env.SITE_LOG === '1',
  // The editor gateway (apps/editor), when one runs beside the site: npm start, the e2e.
  editorUrl: process.env.EDITOR_URL || undefined,
})
await app.listen({ port, host })
console.log(`Site: http://${host}:${port} (from ${buildDir})`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)))
}
