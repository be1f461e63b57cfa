import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

// The loopback stack both checks build (docs/decisions/0093-one-loopback-stack.md): Debian's
// nginx in a scratch folder with a self-signed certificate, listening on 127.0.0.1 only, and curl
// resolving the site's name to it.

/** nginx: NGINX_BIN, else the one on PATH, else Debian's. */
export const NGINX =
  process.env.NGINX_BIN ??
  (spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim() ||
    '/usr/sbin/nginx')
/** Debian's brotli_static module (libnginx-mod-http-brotli-static). */
export const BROTLI_MODULE = `${process.env.NGINX_MODULES_DIR ?? '/usr/lib/nginx/modules'}/ngx_http_brotli_static_module.so`
export const MIME_TYPES = '/etc/nginx/mime.types'

/** A certificate for `host` and www.`host`, valid two days: `<dir>/tls/{fullchain,privkey}.pem`. */
export function tlsCertificate(dir: string, host: string): void {
  mkdirSync(path.join(dir, 'tls'), { recursive: true })
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${host}`,
      '-addext',
      `subjectAltName=DNS:${host},DNS:www.${host}`,
      '-keyout',
      path.join(dir, 'tls', 'privkey.pem'),
      '-out',
      path.join(dir, 'tls', 'fullchain.pem'),
    ],
    { stdio: 'ignore' },
  )
}

/**
 * `<dir>/nginx.conf`: Debian's main configuration as to modules, types and connections, with
 * everything it writes (pid, logs, temporary bodies) in `dir`, and the site files `includes`.
 */
export function writeNginxConf(
  dir: string,
  { includes, workerConnections }: { includes: string[]; workerConnections: number },
): void {
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;' : ''}
load_module ${BROTLI_MODULE};
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections ${workerConnections}; }
http {
    include ${MIME_TYPES};
    default_type application/octet-stream;
    sendfile on;
    access_log ${dir}/access.log;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
${includes.map((file) => `    include ${file};`).join('\n')}
}
`,
  )
}

/** nginx's arguments for the scratch folder's configuration. */
export const nginxArgs = (dir: string) => [
  '-p',
  dir,
  '-c',
  path.join(dir, 'nginx.conf'),
  '-e',
  path.join(dir, 'error.log'),
]

/** nginx's master process, once it wrote its pid file. */
export function nginxPid(dir: string): number {
  const file = path.join(dir, 'nginx.pid')
  return existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : 0
}

/** Stops a process: SIGTERM, then SIGKILL if it still runs after `waitMs`; resolves once it is gone. */
export async function stopPid(pid: number, waitMs = 10_000): Promise<void> {
  const alive = () => {
    try {
      process.kill(pid, 0)
      return true
    } catch {
      return false
    }
  }
  const send = (signal: NodeJS.Signals) => {
    try {
      process.kill(pid, signal)
    } catch {
      // Gone meanwhile.
    }
  }
  if (pid <= 0 || !alive()) return
  send('SIGTERM')
  for (const deadline = Date.now() + waitMs; alive() && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  if (alive()) send('SIGKILL')
}

/** An answer as curl got it: the status (or curl's error), the headers, the body. */
export interface Answer {
  status: string
  /** The HTTP version curl spoke ('1.1', '2'). */
  httpVersion: string
  body: Buffer
  text: string
  /** The response's header lines as curl wrote them. */
  headers: string
  /** The values of that header, one a line ('' when absent). */
  header(name: string): string
  /** How many times that header came. */
  count(name: string): number
}

/** curl on loopback, trusting the scratch certificate, with `resolve` entries (host:port:address). */
export function curlIn(dir: string, resolve: string[]) {
  const headersFile = path.join(dir, 'h')
  const bodyFile = path.join(dir, 'b')
  return (url: string, ...options: string[]): Answer => {
    writeFileSync(headersFile, '')
    writeFileSync(bodyFile, '')
    const run = spawnSync(
      'curl',
      [
        '-sS',
        '--noproxy',
        '*',
        '--max-time',
        '10',
        '--cacert',
        path.join(dir, 'tls', 'fullchain.pem'),
        ...resolve.flatMap((entry) => ['--resolve', entry]),
        '-o',
        bodyFile,
        '-D',
        headersFile,
        '-w',
        '%{http_code} %{http_version}',
        ...options,
        url,
      ],
      { encoding: 'utf8' },
    )
    const [code = '', httpVersion = ''] = run.stdout.split(' ')
    const status = run.status === 0 ? code : `curl error: ${run.stderr.replaceAll('\n', ' ')}`
    const headers = readFileSync(headersFile, 'utf8')
    const lines = headers.split('\n')
    const values = (name: string) =>
      lines
        .filter((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
        .map((line) => line.slice(name.length + 1).trim())
    const body = readFileSync(bodyFile)
    return {
      status,
      httpVersion,
      body,
      text: body.toString('utf8'),
      headers,
      header: (name) => values(name).join('\n'),
      count: (name) => values(name).length,
    }
  }
}
