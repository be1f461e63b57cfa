import { readdir, readFile } from 'node:fs/promises'
import { STATUS_CODES } from 'node:http'
import path from 'node:path'
import fastifyCompress from '@fastify/compress'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyInstance } from 'fastify'
import { STATIC_FILE_CSP } from './static-files.ts'

export type SiteServerOptions = {
  /** The build folder holding `client/` and `errors/` (see react-router.config.ts). */
  buildDir: string
  logger?: boolean
  /**
   * The editor gateway (apps/editor), e.g. http://127.0.0.1:3096: its routes are passed to it and
   * the editor's files need its session, as nginx does in production. Unset: /admin/ is served
   * as plain files.
   */
  editorUrl?: string
}

const COURSE_PATH = /^\/course\/[^/]+\/?$/
/** A course number written with leading zeros (`/course/04`): the course's own address is `/course/4`. */
const PADDED_COURSE_PATH = /^\/course\/0+([1-9][0-9]*)\/?$/
const HASHED_ASSET = /^\/assets\//
/**
 * Any case: on a case-insensitive disk `/ADMIN/` would read the editor's files, so it asks for
 * the session too.
 */
const ADMIN_PATH = /^\/admin(?:\/|$)/i
/** A static site answers these only; anything else is 405 with `Allow`. */
const ALLOWED_METHODS = new Set(['GET', 'HEAD'])
/** The gateway's own routes (apps/editor/README.md); the rest of /admin/ is the editor's files. */
const EDITOR_ROUTES = {
  '/admin/login': ['GET', 'POST'],
  '/admin/logout': ['POST'],
  '/admin/auth': ['GET'],
  '/admin/api/v1': ['POST'],
} as const satisfies Record<string, readonly ('GET' | 'POST')[]>
/** A 15 MB photo in base64, as the gateway takes it. */
const EDITOR_BODY_LIMIT = 24 * 1024 * 1024
/** Not passed back from the gateway: they describe that connection, not this answer. */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'set-cookie',
])

/**
 * The path the file server would read, decoded once with `.`, `..` and repeated slashes resolved
 * as nginx does before it picks a location, and written back in one spelling; `undefined` for a
 * target that is not such a path (bad percent-encoding, a NUL, the absolute form). Every decision
 * is made on it: `/%61dmin/`, `//admin/` or `/x/../admin/` is /admin/ and needs the session.
 */
function canonicalPath(target: string): string | undefined {
  const raw = target.split('?')[0] ?? ''
  if (!raw.startsWith('/')) return undefined
  let decoded: string
  try {
    decoded = decodeURIComponent(raw)
  } catch {
    return undefined
  }
  if (decoded.includes('\0')) return undefined
  return path.posix.normalize(decoded).split('/').map(encodeURIComponent).join('/')
}

/** URL paths of the prerendered pages: every folder of the client build holding an index.html. */
async function findPages(clientDir: string): Promise<Set<string>> {
  const entries = await readdir(clientDir, { recursive: true })
  const pages = new Set<string>()
  for (const entry of entries) {
    if (path.basename(entry) !== 'index.html') continue
    const dir = path.dirname(entry).split(path.sep).join('/')
    pages.add(dir === '.' ? '/' : `/${dir}`)
  }
  return pages
}

/** A short page for a request no route could read; it repeats nothing of the request. */
function errorPage(status: number): string {
  const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`
  return (
    `<!doctype html><html lang="ru"><meta charset="utf-8"><title>${title}</title>` +
    `<h1>${title}</h1><p><a href="/">Вернуться на главную</a></p></html>`
  )
}

function cacheControlFor(urlPath: string): string {
  if (HASHED_ASSET.test(urlPath)) return 'public, max-age=31536000, immutable'
  if (urlPath.endsWith('.html')) return 'no-cache'
  return 'public, max-age=3600'
}

/**
 * Serves the prerendered site as static files, as nginx does in production:
 * clean URLs map to their index.html, unknown paths get the not-found documents with status 404.
 */
export async function buildSiteServer({
  buildDir,
  logger = false,
  editorUrl,
}: SiteServerOptions): Promise<FastifyInstance> {
  const clientDir = path.join(buildDir, 'client')
  const pages = await findPages(clientDir)
  const notFoundHtml = await readFile(path.join(buildDir, 'errors', 'not-found.html'))
  const courseNotFoundHtml = await readFile(path.join(buildDir, 'errors', 'course-not-found.html'))
  // Written by the build (vite/post-build.ts), the same headers nginx sends.
  const securityHeaders = JSON.parse(
    await readFile(path.join(buildDir, 'security-headers.json'), 'utf8'),
  ) as Record<string, string>
  // The editor at /admin/ has its own (vite/editor-config/admin-page.ts): the pages' CSP would stop it.
  const adminHeaders = JSON.parse(
    await readFile(path.join(buildDir, 'admin-headers.json'), 'utf8'),
  ) as Record<string, string>

  const forwarded = new WeakSet<object>()
  const unreadable = new WeakSet<object>()
  const app = Fastify({
    logger,
    // Malformed requests (bad request line, oversized headers, timeouts) are answered by Node
    // before any hook runs: write them with the same security headers as every other answer.
    clientErrorHandler(error, socket) {
      if (!socket.writable) return
      const code = (error as NodeJS.ErrnoException).code
      const [status, reason] =
        code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large']
          : code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? [408, 'Request Timeout']
            : [400, 'Bad Request']
      const headers = Object.entries(securityHeaders)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('')
      socket.end(
        `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n${headers}\r\n`,
      )
    },
    rewriteUrl(request) {
      const target = request.url ?? '/'
      const pathname = canonicalPath(target)
      // Answered with 400 by the first hook: the router never sees it.
      if (pathname === undefined) {
        unreadable.add(request)
        return '/'
      }
      const queryAt = target.indexOf('?')
      const search = queryAt === -1 ? '' : target.slice(queryAt)
      const pagePath = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname
      if (!pages.has(decodeURIComponent(pagePath))) return `${pathname}${search}`
      return `${pagePath === '/' ? '' : pagePath}/index.html${search}`
    },
  })

  const editorRoute = (url: string) => {
    const pathname = url.split('?')[0] ?? ''
    return editorUrl !== undefined && Object.hasOwn(EDITOR_ROUTES, pathname)
  }

  // With the security headers and a page that repeats nothing of the path, where Fastify's router
  // answered `/%zz` with JSON repeating it (docs/decisions/0015-locks-timeouts-connections.md).
  app.addHook('onRequest', async (request, reply) => {
    if (!unreadable.has(request.raw)) return
    return reply
      .code(400)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(errorPage(400))
  })

  app.addHook('onRequest', async (request, reply) => {
    if (ALLOWED_METHODS.has(request.method) || editorRoute(request.url)) return
    return reply.code(405).header('Allow', 'GET, HEAD').send()
  })

  // `/course/04` is course 4: sent to its one address, as nginx does (deploy/nginx/it-lab.conf).
  app.addHook('onRequest', async (request, reply) => {
    const url = new URL(request.url, 'http://site.local')
    const padded = PADDED_COURSE_PATH.exec(url.pathname)
    if (!padded) return
    return reply
      .code(301)
      .header('Location', `/course/${padded[1]}${url.search}`)
      .header('Cache-Control', 'no-cache')
      .send()
  })

  if (editorUrl !== undefined) {
    // The editor's files only with a session, as nginx's auth_request does: without one, the
    // login page.
    app.addHook('onRequest', async (request, reply) => {
      if (!ADMIN_PATH.test(request.url) || editorRoute(request.url)) return
      const auth = await fetch(new URL('/admin/auth', editorUrl), {
        headers: { cookie: request.headers.cookie ?? '' },
      })
      if (auth.status === 204) return
      return reply.redirect('/admin/login', 302)
    })
    await app.register(async (editor) => {
      editor.removeAllContentTypeParsers()
      editor.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      )
      for (const [route, methods] of Object.entries(EDITOR_ROUTES)) {
        editor.route({
          method: [...methods],
          url: route,
          bodyLimit: EDITOR_BODY_LIMIT,
          handler: async (request, reply) => {
            const headers: Record<string, string> = { 'x-forwarded-for': request.ip }
            for (const name of ['content-type', 'cookie', 'origin']) {
              const value = request.headers[name]
              if (typeof value === 'string') headers[name] = value
            }
            const answer = await fetch(new URL(request.url, editorUrl), {
              method: request.method,
              headers,
              body: request.method === 'POST' ? new Uint8Array(request.body as Buffer) : undefined,
              redirect: 'manual',
            })
            forwarded.add(request)
            reply.code(answer.status)
            for (const [name, value] of answer.headers) {
              if (!HOP_HEADERS.has(name)) reply.header(name, value)
            }
            const cookies = answer.headers.getSetCookie()
            if (cookies.length > 0) reply.header('set-cookie', cookies)
            return reply.send(Buffer.from(await answer.arrayBuffer()))
          },
        })
      }
    })
  }

  // The precompressed copies are served in place of their files, never under their own names.
  app.addHook('onRequest', async (request, reply) => {
    if (!/\.(br|gz)$/.test(request.url.split('?')[0] ?? '')) return
    reply.callNotFound()
    return reply
  })

  app.addHook('onSend', async (request, reply) => {
    // The gateway's answers (its login page) carry their own headers.
    if (forwarded.has(request)) return
    if (ADMIN_PATH.test(request.url)) {
      reply.headers(adminHeaders)
      return
    }
    reply.headers(securityHeaders)
    // A file that is not a page runs no script, whatever it holds (an SVG opened by its address).
    const type = String(reply.getHeader('content-type') ?? '')
    if (type !== '' && !type.startsWith('text/html')) {
      reply.header('Content-Security-Policy', STATIC_FILE_CSP)
    }
  })

  await app.register(fastifyCompress, { threshold: 1024 })
  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    redirect: false,
    // The build writes .br and .gz beside each text file (vite/post-build.ts).
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      // A precompressed file's headers follow the file it stands for.
      const served = filePath.replace(/\.(br|gz)$/, '')
      const urlPath = `/${path.relative(clientDir, served).split(path.sep).join('/')}`
      reply.header('Cache-Control', cacheControlFor(urlPath))
    },
  })

  // @fastify/static refuses some directory paths (`/assets//`, `/assets/.`) with a JSON 403:
  // to a visitor they are pages that do not exist.
  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: unknown }).statusCode
    if (status === 403 || status === 404) return reply.callNotFound()
    request.log.error({ err: error }, 'request failed')
    return reply.code(typeof status === 'number' && status >= 400 ? status : 500).send()
  })

  app.setNotFoundHandler((request, reply) => {
    const pathname = new URL(request.url, 'http://site.local').pathname
    const body = COURSE_PATH.test(pathname) ? courseNotFoundHtml : notFoundHtml
    return reply
      .code(404)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(body)
  })

  return app
}
