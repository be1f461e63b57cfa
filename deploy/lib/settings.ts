// The deploy's settings, from its env file (deploy/deploy.env.example) and, for the lead service's
// port and database and the editor's port, from theirs (env-files.ts).

/** Where releases live unless DEPLOY_ROOT says otherwise. */
export const DEFAULT_DEPLOY_ROOT = '/srv/it-lab'

export interface DeploySettings {
  /** The public https address; its host is the nginx server_name and the certificate's name. */
  siteUrl: URL
  /** Where releases live: <root>/releases/<id>, <root>/current -> the live one. */
  root: string
  /** `off`: www is not served at all; `redirect`: https://www.<host> → https://<host>. */
  www: 'off' | 'redirect'
  /** Where the rendered nginx site file is written (a file nginx includes). */
  nginxConf: string
  /** The shell commands that check and reload nginx, and restart the lead service. */
  nginxReload: string
  serviceRestart: string
  /** `listen` values of the two server blocks (80 and 443 in production). */
  httpListen: string
  httpsListen: string
  /** The lead service's port on 127.0.0.1 (nginx proxies /lead/send to it). */
  leadPort: number
  /** Its database and the folder the deploy's backup goes to before a restart. */
  leadsDb: string
  backupDir: string
  /** The certificate's folder (fullchain.pem, privkey.pem) and certbot's webroot. */
  tlsDir: string
  acmeRoot: string
  /** How many releases are kept: the live one and the newest good ones (releases.ts). */
  keepReleases: number
  /**
   * The owner's editor at /admin/ (CMS_BACKEND): behind the editor gateway on this server
   * (`proxy`), or not shipped (empty).
   */
  editor: 'gateway' | 'none'
  /** The editor gateway's port on 127.0.0.1 (EDITOR_PORT). */
  editorPort: number
}

/**
 * The failed state is reset first: after a crash loop systemd refuses to start a unit that hit
 * its start limit (and closes the socket unit with it), which must never block the way back
 * (docs/decisions/0061-release-health.md).
 */
export const DEFAULT_SERVICE_RESTART =
  'systemctl reset-failed it-lab-lead-bot.service it-lab-lead-bot.socket; systemctl restart it-lab-lead-bot.service'

export class DeploySettingsError extends Error {
  readonly problems: string[]
  constructor(problems: string[]) {
    super(`the deploy settings have ${problems.length} problem(s):\n  ${problems.join('\n  ')}`)
    this.name = 'DeploySettingsError'
    this.problems = problems
  }
}

export function readDeploySettings(env: NodeJS.ProcessEnv): DeploySettings {
  const problems: string[] = []
  const text = (name: string, fallback?: string): string => {
    const value = env[name]?.trim()
    if (value) return value
    if (fallback === undefined) problems.push(`${name}: missing`)
    return fallback ?? ''
  }
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name]?.trim()
    if (!raw) return fallback
    const value = Number(raw)
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name}: must be a whole number from ${min} to ${max} (got "${raw}")`)
    }
    return value
  }

  const siteUrl = URL.parse(text('SITE_URL')) ?? new URL('https://invalid.invalid')
  if (env.SITE_URL && siteUrl.protocol !== 'https:') {
    problems.push(`SITE_URL: must be an https address (got "${env.SITE_URL}")`)
  }
  const www = text('DEPLOY_WWW', 'off')
  if (www !== 'off' && www !== 'redirect') {
    problems.push(`DEPLOY_WWW: must be "off" or "redirect" (got "${www}")`)
  }
  const root = text('DEPLOY_ROOT', DEFAULT_DEPLOY_ROOT)
  const leadPort = integer('LEAD_PORT', 3001, 1, 65_535)
  const backend = text('CMS_BACKEND', '')
  if (!['', 'proxy'].includes(backend)) {
    problems.push(`CMS_BACKEND: must be proxy or empty (got "${backend}")`)
  }
  const settings: DeploySettings = {
    siteUrl,
    root,
    www: www === 'redirect' ? 'redirect' : 'off',
    nginxConf: text('NGINX_SITE_CONF', '/etc/nginx/sites-enabled/it-lab.conf'),
    nginxReload: text('NGINX_RELOAD', 'nginx -t && systemctl reload nginx'),
    serviceRestart: text('LEAD_SERVICE_RESTART', DEFAULT_SERVICE_RESTART),
    httpListen: text('NGINX_HTTP_LISTEN', '80'),
    httpsListen: text('NGINX_HTTPS_LISTEN', '443'),
    leadPort,
    leadsDb: text('LEADS_DB', '/var/lib/it-lab/leads.sqlite'),
    backupDir: text('DEPLOY_BACKUP_DIR', '/var/lib/it-lab/backups'),
    tlsDir: text('TLS_CERT_DIR', `/etc/letsencrypt/live/${siteUrl.hostname}`),
    acmeRoot: text('ACME_WEBROOT', '/var/www/html'),
    keepReleases: integer('DEPLOY_KEEP_RELEASES', 3, 2, 50),
    editor: backend === 'proxy' ? 'gateway' : 'none',
    editorPort: integer('EDITOR_PORT', 3096, 1, 65_535),
  }
  if (problems.length > 0) throw new DeploySettingsError(problems)
  return settings
}
