// @vitest-environment node
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSiteServer } from './site-server.ts'
import { STATIC_FILE_CSP } from './static-files.ts'

const HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'self'",
}
const ADMIN_HEADERS = {
  'content-security-policy': "default-src 'self'; style-src 'self' 'unsafe-inline'",
  'x-robots-tag': 'noindex, nofollow',
}
const dir = mkdtempSync(path.join(tmpdir(), 'site-server-'))
let app: FastifyInstance
let port = 0

beforeAll(async () => {
  for (const folder of [
    'client/assets',
    'client/courses/sub',
    'client/images/sub',
    'client/course',
    'client/admin',
    'errors',
  ]) {
    mkdirSync(path.join(dir, folder), { recursive: true })
  }
  writeFileSync(path.join(dir, 'client/index.html'), '<h1>Главная</h1>')
  writeFileSync(path.join(dir, 'client/courses/index.html'), '<h1>Курсы</h1>')
  writeFileSync(path.join(dir, 'client/assets/app-1234.js'), 'console.log(1)')
  mkdirSync(path.join(dir, 'client/uploads'))
  writeFileSync(
    path.join(dir, 'client/uploads/drawing.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  )
  writeFileSync(path.join(dir, 'errors/not-found.html'), '<h1>Страница не найдена</h1>')
  writeFileSync(path.join(dir, 'errors/course-not-found.html'), '<h1>Курс не найден</h1>')
  writeFileSync(path.join(dir, 'client/admin/index.html'), '<title>Редактор сайта</title>')
  writeFileSync(path.join(dir, 'client/admin/editor.js'), "document.title = 'editor script'")
  writeFileSync(path.join(dir, 'security-headers.json'), JSON.stringify(HEADERS))
  writeFileSync(path.join(dir, 'admin-headers.json'), JSON.stringify(ADMIN_HEADERS))
  app = await buildSiteServer({ buildDir: dir })
  await app.listen({ port: 0, host: '127.0.0.1' })
  port = (app.server.address() as AddressInfo).port
})
afterAll(async () => {
  await app.close()
  rmSync(dir, { recursive: true, force: true })
})

/**
 * Sends raw bytes and returns the raw answer: malformed requests never reach a router, and
 * fetch() would tidy a path's `..` and `//`. The server closes the connection (each request says
 * `Connection: close`): closing this side first would drop an answer that waits for the gateway.
 */
async function raw(request: string, to = port): Promise<string> {
  const socket = connect(to, '127.0.0.1')
  await once(socket, 'connect')
  let answer = ''
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
  socket.write(request)
  await once(socket, 'close')
  return answer
}

describe('static server', () => {
  it('serves a page with the security headers', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/courses`)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('<h1>Курсы</h1>')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('serves a file that is not a page with a CSP that runs no script, and nosniff', async () => {
    for (const url of ['/uploads/drawing.svg', '/assets/app-1234.js']) {
      const response = await fetch(`http://127.0.0.1:${port}${url}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-security-policy')).toBe(STATIC_FILE_CSP)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    }
  })

  it('serves the editor at /admin/ with its own CSP, marked noindex; the pages keep theirs', async () => {
    for (const url of ['/admin', '/admin/']) {
      const response = await fetch(`http://127.0.0.1:${port}${url}`)
      expect(await response.text()).toBe('<title>Редактор сайта</title>')
      expect(response.headers.get('content-security-policy')).toBe(
        ADMIN_HEADERS['content-security-policy'],
      )
      expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    }
    const page = await fetch(`http://127.0.0.1:${port}/`)
    expect(page.headers.get('content-security-policy')).toBe(HEADERS['content-security-policy'])
    expect(page.headers.get('x-robots-tag')).toBeNull()
  })

  it.each([
    ['a malformed request line', 'GARBAGE\r\n\r\n', 400],
    [
      'headers over the limit',
      `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
  ])('answers %s with %i and the security headers', async (_case, request, status) => {
    const answer = await raw(request)
    expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `))
    expect(answer.toLowerCase()).toContain('x-content-type-options: nosniff')
    expect(answer.toLowerCase()).toContain("content-security-policy: default-src 'self'")
  })

  it.each(['/%E0%A4%A', '/%zz', '/course/%zz', '/assets/%E0%A4%A.js', '/%E0%A4%A?x=1'])(
    'answers the badly encoded path %s with 400, a short page and the security headers',
    async (url) => {
      const answer = await raw(`GET ${url} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)
      const [head = '', body = ''] = answer.split('\r\n\r\n')
      expect(head).toMatch(/^HTTP\/1\.1 400 /)
      expect(head.toLowerCase()).toContain('content-type: text/html; charset=utf-8')
      expect(head.toLowerCase()).toContain('x-content-type-options: nosniff')
      expect(head.toLowerCase()).toContain("content-security-policy: default-src 'self'")
      expect(body).toMatch(/^<!doctype html>/i)
      expect(body.length).toBeLessThan(512)
      // Nothing of what was asked is repeated back.
      expect(answer).not.toContain('%E0')
      expect(answer).not.toContain('zz')
    },
  )

  it.each([
    ['/course/04', '/course/4'],
    ['/course/004/', '/course/4'],
    ['/course/012?utm_source=vk', '/course/12?utm_source=vk'],
  ])('sends %s to the course page %s (301)', async (url, location) => {
    const response = await fetch(`http://127.0.0.1:${port}${url}`, { redirect: 'manual' })
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe(location)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it.each(['/course/0', '/course/00', '/course/04a', '/course/4.0'])(
    'answers %s with the course-not-found page, not a redirect',
    async (url) => {
      const response = await fetch(`http://127.0.0.1:${port}${url}`, { redirect: 'manual' })
      expect(response.status).toBe(404)
      expect(await response.text()).toBe('<h1>Курс не найден</h1>')
    },
  )

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])(
    'answers %s with 405 and Allow',
    async (method) => {
      const response = await fetch(`http://127.0.0.1:${port}/`, { method })
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toBe('GET, HEAD')
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    },
  )

  it.each(['/assets//', '/assets/.', '/images/sub//', '/images/', '/images/sub/'])(
    'answers the directory %s with the 404 page',
    async (url) => {
      const response = await fetch(`http://127.0.0.1:${port}${url}`)
      expect(response.status).toBe(404)
      expect(response.headers.get('content-type')).toMatch(/^text\/html/)
      expect(await response.text()).toBe('<h1>Страница не найдена</h1>')
    },
  )

  it('HEAD still works', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/`, { method: 'HEAD' })
    expect(response.status).toBe(200)
  })
})

describe('with the editor gateway (EDITOR_URL)', () => {
  // A stand-in for apps/editor with its routes' contract (apps/editor/README.md): what the site
  // server must pass on and back, as nginx does in production.
  const gateway = Fastify()
  const seen: { url: string; headers: Record<string, unknown>; bytes: number }[] = []
  let site: FastifyInstance
  let origin = ''

  beforeAll(async () => {
    gateway.removeAllContentTypeParsers()
    gateway.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 30 * 1024 * 1024 },
      (_r, body, done) => done(null, body),
    )
    gateway.addHook('onRequest', async (request) => {
      seen.push({ url: request.url, headers: request.headers, bytes: 0 })
    })
    gateway.get('/admin/auth', async (request, reply) =>
      reply.code(request.headers.cookie === 'it_lab_editor=valid' ? 204 : 401).send(),
    )
    gateway.get('/admin/login', async (_request, reply) =>
      reply
        .header('content-security-policy', "default-src 'none'")
        .type('text/html')
        .send('<h1>Вход</h1>'),
    )
    gateway.post('/admin/login', async (request, reply) => {
      const form = new URLSearchParams(String(request.body))
      if (form.get('password') !== 'верный')
        return reply.code(401).type('text/html').send('Неверный пароль')
      return reply
        .header('set-cookie', 'it_lab_editor=valid; Path=/admin; HttpOnly; SameSite=Strict')
        .redirect('/admin/', 303)
    })
    gateway.post('/admin/api/v1', { bodyLimit: 30 * 1024 * 1024 }, async (request) => ({
      received: (request.body as Buffer).length,
    }))
    const gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' })
    site = await buildSiteServer({ buildDir: dir, editorUrl: gatewayUrl })
    origin = await site.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await site.close()
    await gateway.close()
  })

  it("sends a visitor without a session from the editor's files to the login page", async () => {
    for (const url of ['/admin', '/admin/', '/admin/editor.js']) {
      const response = await fetch(`${origin}${url}`, { redirect: 'manual' })
      expect(response.status).toBe(302)
      expect(response.headers.get('location')).toBe('/admin/login')
    }
    const opened = await fetch(`${origin}/admin/`, { headers: { cookie: 'it_lab_editor=valid' } })
    expect(opened.status).toBe(200)
    expect(await opened.text()).toBe('<title>Редактор сайта</title>')
  })

  // Whatever spelling of /admin/ the file server would read (it decodes the path and resolves
  // `..` and `//`), the session is asked for; fetch() would tidy these, so they go raw.
  it.each([
    '/%61dmin/editor.js',
    '/admin/../admin/editor.js',
    '/x/../admin/editor.js',
    '//admin/editor.js',
    '/./admin/editor.js',
    '/%2e%2e/admin/editor.js',
    '/admin%2Feditor.js',
    '/admin/login/../editor.js',
    '/ADMIN/editor.js',
    '/%41dmin/',
  ])('asks for the session on %s', async (url) => {
    const { port: sitePort } = site.server.address() as AddressInfo
    const answer = await raw(
      `GET ${url} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      sitePort,
    )
    expect(answer).toMatch(/^HTTP\/1\.1 302 /)
    expect(answer.toLowerCase()).toContain('location: /admin/login\r\n')
    expect(answer).not.toContain('editor script')
  })

  it('serves the editor spelt another way only with the session, with its headers', async () => {
    const { port: sitePort } = site.server.address() as AddressInfo
    const answer = await raw(
      'GET /%61dmin/editor.js HTTP/1.1\r\nHost: x\r\nCookie: it_lab_editor=valid\r\n' +
        'Connection: close\r\n\r\n',
      sitePort,
    )
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
    expect(answer).toContain("document.title = 'editor script'")
    expect(answer.toLowerCase()).toContain('x-robots-tag: noindex, nofollow')
  })

  it('answers an /admin/ target that is not a readable path with 400, never the file', async () => {
    const { port: sitePort } = site.server.address() as AddressInfo
    for (const url of [
      '/admin/%E0%A4%A',
      '/%61dmin/editor.js%',
      '/admin/%00editor.js',
      'http://site.local/admin/editor.js',
    ]) {
      const answer = await raw(
        `GET ${url} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
        sitePort,
      )
      expect(answer).toMatch(/^HTTP\/1\.1 400 /)
      expect(answer).not.toContain('editor script')
    }
  })

  it('passes the login on with the form, the origin and the address, and the answer back', async () => {
    const page = await fetch(`${origin}/admin/login`)
    expect(await page.text()).toBe('<h1>Вход</h1>')
    // The gateway's page keeps its own, stricter CSP.
    expect(page.headers.get('content-security-policy')).toBe("default-src 'none'")

    const wrong = await fetch(`${origin}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: 'password=нет',
      redirect: 'manual',
    })
    expect(wrong.status).toBe(401)
    expect(await wrong.text()).toBe('Неверный пароль')

    const right = await fetch(`${origin}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: new URLSearchParams({ password: 'верный' }),
      redirect: 'manual',
    })
    expect(right.status).toBe(303)
    expect(right.headers.get('location')).toBe('/admin/')
    expect(right.headers.getSetCookie()).toEqual([
      'it_lab_editor=valid; Path=/admin; HttpOnly; SameSite=Strict',
    ])
    const login = seen.filter(({ url }) => url === '/admin/login').at(-1)
    expect(login?.headers).toMatchObject({ origin, 'x-forwarded-for': '127.0.0.1' })
  })

  it("passes the editor's API calls on, a photo's size included", async () => {
    const body = JSON.stringify({
      action: 'persistMedia',
      params: { content: 'a'.repeat(20_000_000) },
    })
    const response = await fetch(`${origin}/admin/api/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'it_lab_editor=valid', origin },
      body,
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ received: Buffer.byteLength(body) })
  })

  it('still refuses other methods on the pages', async () => {
    expect((await fetch(`${origin}/admin/`, { method: 'POST' })).status).toBe(405)
    expect((await fetch(`${origin}/`, { method: 'POST' })).status).toBe(405)
  })
})
