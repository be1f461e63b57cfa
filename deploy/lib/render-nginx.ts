// Renders deploy/nginx/it-lab.conf for one server: the example host becomes the site's, the
// build paths point at the live release (`current`), and www is served correctly or not at all
// (docs/decisions/0047-one-command-deploy.md). The repository's file stays a working example
// that `npm run check:nginx` runs as it is.
import type { DeploySettings } from './settings.ts'

const EXAMPLE_HOST = 'itlab.example'

/** The template's section for the editor (its files, and the gateway's login and API). */
const EDITOR_SECTION = /^ *# editor: begin\n[\s\S]*?^ *# editor: end\n/gm

/** Whether `listen` names an address (then the IPv6 twin lines are left out). */
const hasAddress = (listen: string) => listen.includes(':')

export function renderNginx(template: string, settings: DeploySettings): string {
  const host = settings.siteUrl.hostname
  const site = `${settings.root}/current/site/`
  let conf = template
    .replaceAll('/var/www/it-lab/', site)
    .replaceAll('/var/www/letsencrypt', settings.acmeRoot)
    .replaceAll(`/etc/letsencrypt/live/${EXAMPLE_HOST}/`, `${settings.tlsDir.replace(/\/$/, '')}/`)
    .replaceAll('http://127.0.0.1:3001/', `http://127.0.0.1:${settings.leadPort}/`)
    .replaceAll('http://127.0.0.1:3096/', `http://127.0.0.1:${settings.editorPort}/`)
    .replace(/^( *)listen 443 ssl/gm, `$1listen ${settings.httpsListen} ssl`)
    .replace(/^( *)listen 80;/gm, `$1listen ${settings.httpListen};`)
  // No editor: the release has no /admin/ (404, as any unknown path), and nothing is included from
  // it.
  if (settings.editor === 'none') conf = conf.replace(EDITOR_SECTION, '')
  if (hasAddress(settings.httpsListen) || hasAddress(settings.httpListen)) {
    conf = conf.replace(/^ *listen \[::\].*\n/gm, '')
  }
  if (settings.www === 'off') {
    // Not served at all: no name in any block, so no redirect to a host the certificate lacks.
    conf = conf.replaceAll(` www.${EXAMPLE_HOST}`, '')
  }
  conf = conf.replaceAll(EXAMPLE_HOST, host)
  if (settings.www === 'redirect') conf += wwwBlock(conf, host, settings)
  return conf
}

/** https://www.<host> answered with the same certificate (it must name www too) and sent on. */
function wwwBlock(conf: string, host: string, settings: DeploySettings): string {
  const tls = conf
    .split('\n')
    .filter((line) => /^\s*(ssl_certificate|ssl_certificate_key|ssl_protocols)\s/.test(line))
    .join('\n')
  const listen = [`    listen ${settings.httpsListen} ssl http2;`]
  if (!hasAddress(settings.httpsListen)) listen.push('    listen [::]:443 ssl http2;')
  return `
# www.${host}: served with the same certificate (issued for both names) and redirected.
server {
${listen.join('\n')}
    server_name www.${host};
    server_tokens off;
    access_log /var/log/nginx/access.log itlab_no_ip;
${tls}
    add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;
    return 301 https://${host}$request_uri;
}
`
}
