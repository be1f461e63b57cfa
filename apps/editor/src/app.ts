import fastifyCookie from '@fastify/cookie'
import fastifyFormbody from '@fastify/formbody'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import type { Config } from './config.ts'
import type { ContentCheck, LaunchCheck } from './content-check.ts'
import { ContentService } from './content-service.ts'
import { describeAgent, LoginEvents } from './login-events.ts'
import { LoginLimits, TOTAL_WINDOW_MS, type Admission } from './login-limits.ts'
import { loginPage, LOGIN_PAGE_HEADERS } from './login-page.ts'
import { verifyPassword } from './password.ts'
import { SESSION_MS, Sessions } from './sessions.ts'

// The editor gateway (docs/decisions/0065-editor-on-the-school-server.md): the owner's login, and
// the editor's API answered by the project's own content service (docs/decisions/0081). nginx
// (or the site's Node server) puts it at /admin/… on the site's own origin.

export const SESSION_COOKIE = 'it_lab_editor'

/** A 15 MB photo in base64 (4/3 of it) with the request around it. */
const API_BODY_LIMIT = 24 * 1024 * 1024

const WRONG_PASSWORD = 'Неверный пароль. Попробуйте ещё раз.'
const SIGNED_OUT = 'Вы не вошли в редактор или вход устарел. Обновите страницу и войдите снова.'
const FOREIGN_ORIGIN = 'Запрос пришёл не со страницы сайта и отклонён.'
const FOREIGN_LOGIN =
  'Войти можно только на странице входа самого сайта. Откройте адрес сайта и добавьте к нему /admin/.'
const SERVER_FAILED =
  'Не получилось выполнить действие на сервере. Попробуйте ещё раз, а если не получится — сообщите администратору.'

/** The 429 page's sentence: this client's attempts are used up, or every login is paused. */
function tooMany(refusal: Extract<Admission, { ok: false }>): string {
  const minutes = Math.ceil(refusal.retryAfterS / 60)
  const plural = new Intl.PluralRules('ru-RU').select(minutes)
  const wait = `${minutes} ${plural === 'one' ? 'минуту' : plural === 'few' ? 'минуты' : 'минут'}`
  return refusal.reason === 'client'
    ? `Слишком много попыток входа. Подождите ${wait} и попробуйте снова.`
    : 'Вход в редактор временно закрыт: за последний час ввели слишком много неверных ' +
        `паролей. Попробуйте снова через ${wait}.`
}

type EditorAppOptions = {
  config: Config
  check: ContentCheck
  /** The content check run for what blocks the launch; none: the editor cannot list it. */
  launchCheck?: LaunchCheck
  logger?: FastifyServerOptions['logger']
  now?: () => number
}

export async function buildEditorApp(options: EditorAppOptions): Promise<FastifyInstance> {
  const { config, now = Date.now } = options
  const sessions = new Sessions(now)
  const limits = new LoginLimits(now)
  const app = Fastify({
    logger: options.logger ?? false,
    // Only nginx or the site's server talk to the gateway (it listens on loopback): the visitor's
    // address is the one they add, which the login attempts are counted by.
    trustProxy: 'loopback',
  })
  const content = new ContentService({
    repo: config.repo,
    branch: config.branch,
    identity: config.git,
    check: options.check,
    launchCheck: options.launchCheck,
    publishStateFile: config.publishStateFile,
    cacheDir: config.cacheDir,
    warn: (message, details) => app.log.warn(details ?? {}, message),
  })

  await app.register(fastifyCookie)
  await app.register(fastifyFormbody, { bodyLimit: 4096 })

  // Each login and each pause is told in the school's chat by `npm run alert` (apps/lead-bot).
  const events = new LoginEvents(config.eventsDir, (error) =>
    app.log.error({ err: error }, 'editor login event not written: the chat is not told'),
  )

  const hasSession = (cookies: Record<string, string | undefined>) =>
    sessions.isValid(cookies[SESSION_COOKIE])

  // A form or a script on another site cannot post here on the owner's behalf (SameSite=Strict
  // already keeps her cookie off such a request; this refuses it outright).
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST') return
    const origin = request.headers.origin
    if (origin === undefined || origin === config.origin) return
    request.log.warn({ origin }, 'request from another origin refused')
    if (request.url === '/admin/login') {
      return reply.code(403).headers(LOGIN_PAGE_HEADERS).send(loginPage(FOREIGN_LOGIN))
    }
    return reply.code(403).header('Cache-Control', 'no-store').send({ error: FOREIGN_ORIGIN })
  })

  app.get('/admin/login', async (request, reply) => {
    if (hasSession(request.cookies)) return reply.redirect('/admin/', 303)
    return reply.headers(LOGIN_PAGE_HEADERS).send(loginPage())
  })

  app.post<{ Body: { password?: unknown } | undefined }>('/admin/login', async (request, reply) => {
    reply.headers(LOGIN_PAGE_HEADERS)
    // The slot is taken before the password is checked: attempts in parallel cannot overrun it.
    const admission = limits.begin(request.ip)
    if (!admission.ok) {
      // No address in the log: the service logs no client's address (docs/decisions/0027).
      request.log.warn(
        { limit: admission.reason },
        'editor login refused: too many wrong passwords',
      )
      return reply
        .code(429)
        .header('Retry-After', String(admission.retryAfterS))
        .send(loginPage(tooMany(admission)))
    }
    const password = request.body?.password
    const right =
      typeof password === 'string' &&
      password.length <= 1024 &&
      (await verifyPassword(password, config.passwordHash))
    if (!right) {
      const pause = admission.attempt.wrong()
      request.log.warn('editor login: wrong password')
      if (pause) {
        request.log.warn({ wrong: pause.wrong }, 'editor login paused for everyone')
        await events.write({
          kind: 'lockout',
          at: new Date(pause.at).toISOString(),
          until: new Date(pause.until).toISOString(),
          wrong: pause.wrong,
          windowMinutes: TOTAL_WINDOW_MS / 60_000,
        })
      }
      return reply.code(401).send(loginPage(WRONG_PASSWORD))
    }
    admission.attempt.right()
    reply.setCookie(SESSION_COOKIE, sessions.create(), {
      httpOnly: true,
      secure: !config.insecureCookie,
      sameSite: 'strict',
      path: '/admin',
      maxAge: SESSION_MS / 1000,
    })
    request.log.info('editor login')
    await events.write({
      kind: 'login',
      at: new Date(now()).toISOString(),
      ...describeAgent(request.headers['user-agent']),
    })
    return reply.redirect('/admin/', 303)
  })

  app.post('/admin/logout', async (request, reply) => {
    sessions.end(request.cookies[SESSION_COOKIE])
    reply.clearCookie(SESSION_COOKIE, {
      httpOnly: true,
      secure: !config.insecureCookie,
      sameSite: 'strict',
      path: '/admin',
    })
    return reply.redirect('/admin/login', 303)
  })

  // nginx's auth_request (and the site's Node server) ask this before serving the editor's files.
  app.get('/admin/auth', async (request, reply) => {
    reply.header('Cache-Control', 'no-store')
    return reply.code(hasSession(request.cookies) ? 204 : 401).send()
  })

  app.post('/admin/api/v1', { bodyLimit: API_BODY_LIMIT }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store')
    if (!hasSession(request.cookies)) return reply.code(401).send({ error: SIGNED_OUT })
    const answer = await content.handle(request.body)
    if (answer.status !== 200) {
      request.log.info({ status: answer.status }, 'editor request refused by the content service')
    }
    return reply
      .code(answer.status)
      .header('Content-Type', 'application/json; charset=utf-8')
      .send(JSON.stringify(answer.body))
  })

  // Anything the gateway does not know, or cannot read: a Russian sentence, not Fastify's English.
  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500
    if (status === 413) {
      return reply.code(413).send({
        error: 'Файл слишком большой: картинка может весить до 15 МБ.',
      })
    }
    if (status >= 500) request.log.error({ err: error }, 'editor request failed')
    return reply.code(status).send({ error: status >= 500 ? SERVER_FAILED : 'Непонятный запрос.' })
  })

  return app
}
