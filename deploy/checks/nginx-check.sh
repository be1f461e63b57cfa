#!/usr/bin/env bash
# deploy/checks/nginx-check.sh: runs deploy/nginx/it-lab.conf in Debian's nginx on loopback against the
# built site, with the real lead service behind it, and checks what a visitor gets: statuses and
# 404 documents, cache headers, brotli/gzip, HTTP/2, the security headers, the HTTP->HTTPS redirect,
# one lead through the proxy into SQLite (a plain form's with its ad tags from Referer), the
# owner's editor behind its gateway (apps/editor, on a scratch repository: the login, a wrong
# password, the guarded files, the editor's API, the limits), and an access log without client
# addresses or queries.
# deploy/nginx/acme-default.conf (Debian's default site, replaced) runs beside it, as on the server.
#
# Needs: a site build (`npm run build`), nginx with Debian's brotli_static module
# (libnginx-mod-http-brotli-static), openssl, curl, and Node 24 (the project's
# node_modules/.bin/node is put first on PATH). Everything it starts listens on 127.0.0.1 only
# and is stopped on exit, whatever happens. Only `itlab.example` is ever named, and curl resolves
# it to 127.0.0.1 (--resolve).
#
# Settings (environment):
#   SITE_BUILD_DIR          the build folder (apps/site/build)
#   SECURITY_HEADERS_CONF   the add_header file (<build>/nginx/security-headers.conf)
#   NGINX_BIN               nginx binary (nginx on PATH, else /usr/sbin/nginx)
#   NGINX_MODULES_DIR       where the brotli_static module is (/usr/lib/nginx/modules)
#   NGINX_CHECK_HTTP_PORT   8088 (plain HTTP: redirect only)
#   NGINX_CHECK_HTTPS_PORT  8443 (the site, self-signed certificate made for the run)
#   NGINX_CHECK_LEAD_PORT   3091 (the lead service)
#   NGINX_CHECK_EDITOR_PORT 3095 (the editor gateway)
#   NGINX_CHECK_KEEP=1      keep the temporary folder (configs, logs, database)
# Exit code: 0 when every check passed, 1 otherwise (2: could not set up).
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export PATH="$ROOT/node_modules/.bin:$PATH"

BUILD=$(cd "${SITE_BUILD_DIR:-$ROOT/apps/site/build}" 2>/dev/null && pwd) || BUILD=${SITE_BUILD_DIR:-$ROOT/apps/site/build}
HEADERS_CONF=${SECURITY_HEADERS_CONF:-$BUILD/nginx/security-headers.conf}
SITE_CONF="$ROOT/deploy/nginx/it-lab.conf"
DEFAULT_CONF="$ROOT/deploy/nginx/acme-default.conf"
HTTP_PORT=${NGINX_CHECK_HTTP_PORT:-8088}
HTTPS_PORT=${NGINX_CHECK_HTTPS_PORT:-8443}
LEAD_PORT=${NGINX_CHECK_LEAD_PORT:-3091}
EDITOR_PORT=${NGINX_CHECK_EDITOR_PORT:-3095}
EDITOR_MAIN="$ROOT/apps/editor/src/main.ts"
# The owner's password in this run (its hash is the gateway's setting).
EDITOR_PASSWORD='nginx-check пароль редактора'

# The lead service's harness: starts it, waits for /health, stops it; builds a valid lead.
SERVICE="$ROOT/apps/lead-bot/harness/service-cli.ts"
HOST=itlab.example
ORIGIN="https://$HOST"
BASE="https://$HOST:$HTTPS_PORT"

PASSED=0
FAILED=0
FAILURES=()
TMP=""
LEAD_PID=""
EDITOR_PID=""
NGINX_STARTED=""

log() { printf '%s\n' "$*"; }
ok() {
  PASSED=$((PASSED + 1))
  log "  ok    $1"
}
bad() {
  FAILED=$((FAILED + 1))
  FAILURES+=("$1: $2")
  log "  FAIL  $1: $2"
}
die() {
  log "nginx-check: $*" >&2
  SETUP_FAILED=1
  exit 2
}

# Stops the editor gateway (SIGTERM: a save in flight finishes its commit) and waits for it.
stop_editor() {
  [ -n "$EDITOR_PID" ] || return 0
  kill -TERM "$EDITOR_PID" 2>/dev/null
  for _ in $(seq 100); do kill -0 "$EDITOR_PID" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$EDITOR_PID" 2>/dev/null
  EDITOR_PID=""
}

cleanup() {
  local code=$?
  trap - EXIT INT TERM
  if [ -n "$NGINX_STARTED" ] && [ -s "$TMP/nginx.pid" ]; then
    local pid
    pid=$(cat "$TMP/nginx.pid")
    kill -TERM "$pid" 2>/dev/null
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null
  fi
  [ -n "$LEAD_PID" ] && node "$SERVICE" stop "$LEAD_PID"
  stop_editor
  if [ -n "$TMP" ] && [ -d "$TMP" ]; then
    if [ "$FAILED" -gt 0 ] || [ -n "${SETUP_FAILED:-}" ]; then
      for file in error.log lead.log editor.log; do
        [ -s "$TMP/$file" ] && { log "--- tail of $file"; tail -n 30 "$TMP/$file"; }
      done
    fi
    if [ "${NGINX_CHECK_KEEP:-}" = 1 ]; then log "kept: $TMP"; else rm -rf "$TMP"; fi
  fi
  exit "$code"
}
trap cleanup EXIT
trap 'log "nginx-check: interrupted"; SETUP_FAILED=1; exit 130' INT TERM

# --- prerequisites ------------------------------------------------------------------------------
NGINX=${NGINX_BIN:-$(command -v nginx || echo /usr/sbin/nginx)}
[ -x "$NGINX" ] || die "nginx not found (apt-get install -y nginx)"
command -v openssl >/dev/null || die "openssl not found (apt-get install -y openssl)"
command -v curl >/dev/null || die "curl not found"
NODE_MAJOR=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null) || die "node not found"
[ "$NODE_MAJOR" -ge 24 ] || die "Node 24 needed, found $(node --version) (run npm install first)"
[ -f "$BUILD/client/index.html" ] || die "no site build in $BUILD (npm run build)"
for doc in not-found course-not-found; do
  [ -f "$BUILD/errors/$doc.html" ] || die "missing $BUILD/errors/$doc.html"
done
[ -f "$HEADERS_CONF" ] || die "missing $HEADERS_CONF (written by the site build)"
MIME_TYPES=/etc/nginx/mime.types
[ -f "$MIME_TYPES" ] || die "missing $MIME_TYPES"
BROTLI_MODULE=${NGINX_MODULES_DIR:-/usr/lib/nginx/modules}/ngx_http_brotli_static_module.so
[ -f "$BROTLI_MODULE" ] || die "missing $BROTLI_MODULE (apt-get install -y libnginx-mod-http-brotli-static)"

port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for port in "$HTTP_PORT" "$HTTPS_PORT" "$LEAD_PORT" "$EDITOR_PORT"; do
  port_busy "$port" && die "port 127.0.0.1:$port is already in use"
done

TMP=$(mktemp -d "${TMPDIR:-/tmp}/nginx-check.XXXXXX") || die "mktemp failed"
mkdir -p "$TMP/tls" "$TMP/acme"

# --- configuration --------------------------------------------------------------------------------
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
  -subj "/CN=$HOST" -addext "subjectAltName=DNS:$HOST,DNS:www.$HOST" \
  -keyout "$TMP/tls/privkey.pem" -out "$TMP/tls/fullchain.pem" >/dev/null 2>&1 ||
  die "openssl could not make a certificate"

# The deploy file is used as it is; only its literal deployment paths, listen lines and the lead
# service's port are replaced.
sed -e "s#/var/www/it-lab/nginx/security-headers.conf#$HEADERS_CONF#g" \
  -e "s#/var/www/it-lab/#$BUILD/#g" \
  -e "s#/var/www/letsencrypt#$TMP/acme#g" \
  -e "s#/var/log/nginx/#$TMP/#g" \
  -e "s#/etc/letsencrypt/live/$HOST/#$TMP/tls/#g" \
  -e "s#^\( *\)listen 443 ssl#\1listen 127.0.0.1:$HTTPS_PORT ssl#" \
  -e "s#^\( *\)listen 80;#\1listen 127.0.0.1:$HTTP_PORT;#" \
  -e '/^ *listen \[::\]/d' \
  -e "s#http://127.0.0.1:3001/#http://127.0.0.1:$LEAD_PORT/#g" \
  -e "s#http://127.0.0.1:3096/#http://127.0.0.1:$EDITOR_PORT/#g" \
  "$SITE_CONF" >"$TMP/it-lab.conf" || die "sed failed"
for left in /var/www/it-lab /etc/letsencrypt /var/log/nginx '127.0.0.1:3001' '127.0.0.1:3096' 'listen 443' 'listen 80' 'listen ['; do
  grep -v '^ *#' "$TMP/it-lab.conf" | grep -qF "$left" &&
    die "deploy/nginx/it-lab.conf changed shape: '$left' was not substituted; update this script"
done
# Debian's default site as step 5 of deploy/README.md replaces it: the default server on port 80.
sed -e "s#^\( *\)listen 80 default_server;#\1listen 127.0.0.1:$HTTP_PORT default_server;#" \
  -e '/^ *listen \[::\]/d' \
  -e "s#/var/www/html#$TMP/acme#g" \
  "$DEFAULT_CONF" >"$TMP/default.conf" || die "sed failed"
for left in /var/www/html 'listen 80' 'listen ['; do
  grep -v '^ *#' "$TMP/default.conf" | grep -qF "$left" &&
    die "deploy/nginx/acme-default.conf changed shape: '$left' was not substituted; update this script"
done
mkdir -p "$TMP/acme/.well-known/acme-challenge"
echo "nginx-check-token" >"$TMP/acme/.well-known/acme-challenge/nginx-check"

RUN_AS=""
[ "$(id -u)" = 0 ] && RUN_AS="user root;"
cat >"$TMP/nginx.conf" <<EOF
$RUN_AS
load_module $BROTLI_MODULE;
worker_processes 1;
pid $TMP/nginx.pid;
error_log $TMP/error.log warn;
events { worker_connections 256; }
http {
    include $MIME_TYPES;
    default_type application/octet-stream;
    sendfile on;
    access_log $TMP/access.log;
    client_body_temp_path $TMP/client_body;
    proxy_temp_path $TMP/proxy;
    fastcgi_temp_path $TMP/fastcgi;
    uwsgi_temp_path $TMP/uwsgi;
    scgi_temp_path $TMP/scgi;
    include $TMP/it-lab.conf;
    include $TMP/default.conf;
}
EOF
NGINX_ARGS=(-p "$TMP" -c "$TMP/nginx.conf" -e "$TMP/error.log")
"$NGINX" -t -q "${NGINX_ARGS[@]}" || die "nginx -t rejected the configuration"

# --- start the lead service and nginx ----------------------------------------------------------------
log "lead service on 127.0.0.1:$LEAD_PORT, nginx on 127.0.0.1:$HTTPS_PORT (https) and :$HTTP_PORT (http)"
read -r LEAD_PID _ < <(node "$SERVICE" start "$TMP/lead.log" LEAD_PORT="$LEAD_PORT" \
  LEADS_DB="$TMP/leads.sqlite" SITE_ORIGIN="$ORIGIN" TRUST_PROXY=loopback 2>>"$TMP/lead.log")
[ -n "$LEAD_PID" ] || die "the lead service did not become healthy"

# The editor gateway on a scratch repository holding a copy of content/, as on the server.
log "editor gateway on 127.0.0.1:$EDITOR_PORT (a scratch repository in $TMP/editor)"
mkdir -p "$TMP/editor"
cp -r "$ROOT/content" "$TMP/editor/content"
git -C "$TMP/editor" init -q -b main &&
  git -C "$TMP/editor" add -A &&
  git -C "$TMP/editor" -c user.name=nginx-check -c user.email=check@itlab.example commit -q -m start ||
  die "could not make the editor's scratch repository"
EDITOR_HASH=$(printf '%s' "$EDITOR_PASSWORD" | node "$ROOT/apps/editor/scripts/password.ts") ||
  die "could not hash the editor's password"
EDITOR_PASSWORD_HASH=$EDITOR_HASH EDITOR_REPO="$TMP/editor" EDITOR_BRANCH=main \
  EDITOR_HOST=127.0.0.1 EDITOR_PORT="$EDITOR_PORT" EDITOR_ORIGIN="$ORIGIN" LOG_LEVEL=warn \
  node "$EDITOR_MAIN" >>"$TMP/editor.log" 2>&1 &
EDITOR_PID=$!
for _ in $(seq 600); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$EDITOR_PORT/admin/login")" = 200 ] && break
  kill -0 "$EDITOR_PID" 2>/dev/null || die "the editor gateway exited at start"
  sleep 0.1
done
[ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$EDITOR_PORT/admin/login")" = 200 ] ||
  die "the editor gateway did not answer within 60 s"

NGINX_STARTED=1
"$NGINX" "${NGINX_ARGS[@]}" || die "nginx did not start"
for _ in $(seq 50); do [ -s "$TMP/nginx.pid" ] && break; sleep 0.1; done
[ -s "$TMP/nginx.pid" ] || die "nginx wrote no pid file"

# --- helpers -------------------------------------------------------------------------------------------
CURL=(curl -sS --noproxy '*' --max-time 10 --cacert "$TMP/tls/fullchain.pem"
  --resolve "$HOST:$HTTPS_PORT:127.0.0.1" --resolve "$HOST:$HTTP_PORT:127.0.0.1")
STATUS=""

# fetch URL [curl options]: the answer's status in STATUS, headers in $TMP/h, body in $TMP/b.
fetch() {
  local url=$1
  shift
  : >"$TMP/h"
  : >"$TMP/b"
  STATUS=$("${CURL[@]}" -o "$TMP/b" -D "$TMP/h" -w '%{http_code}' "$@" "$url" 2>"$TMP/curl.err") ||
    STATUS="curl error: $(tr '\n' ' ' <"$TMP/curl.err")"
}
# header NAME: the values of that header in the last answer, one a line.
header() { grep -i "^$1:" "$TMP/h" | sed -e 's/^[^:]*:[[:space:]]*//' -e 's/\r$//'; }
header_count() { grep -ci "^$1:" "$TMP/h"; }

# The security headers: the issue's list, plus any other name the build's file adds.
SECURITY_HEADERS=(Content-Security-Policy Strict-Transport-Security X-Content-Type-Options
  Referrer-Policy Permissions-Policy X-Frame-Options)
while read -r name; do
  [[ " ${SECURITY_HEADERS[*]} " == *" $name "* ]] || SECURITY_HEADERS+=("$name")
done < <(sed -n 's/^[[:space:]]*add_header[[:space:]]\{1,\}\([A-Za-z0-9-]\{1,\}\).*/\1/p' "$HEADERS_CONF")

# security_problems: what is wrong with the security headers of the last answer (empty if none).
security_problems() {
  local name count issues=()
  for name in "${SECURITY_HEADERS[@]}"; do
    count=$(header_count "$name")
    if [ "$count" = 0 ]; then issues+=("no $name"); elif [ "$count" != 1 ]; then issues+=("$name x$count"); fi
  done
  [ "$(header X-Content-Type-Options)" = nosniff ] || issues+=("X-Content-Type-Options not nosniff")
  [ "$(header Referrer-Policy)" = strict-origin-when-cross-origin ] ||
    issues+=("Referrer-Policy not strict-origin-when-cross-origin")
  header Strict-Transport-Security | grep -q 'max-age=[1-9]' || issues+=("HSTS without max-age")
  local csp
  csp=$(header Content-Security-Policy)
  [[ $csp == *"frame-ancestors 'none'"* ]] || issues+=("CSP without frame-ancestors 'none'")
  local script_src=${csp#*script-src}
  [[ $csp == *script-src* && ${script_src%%;*} == *unsafe-inline* ]] && issues+=("script-src allows 'unsafe-inline'")
  [ ${#issues[@]} -eq 0 ] || printf '%s; ' "${issues[@]}"
}

# check_html PATH STATUS [TEXT [NOT_TEXT]]: an HTML answer with that status, no-cache, the security
# headers, and TEXT (but not NOT_TEXT) in its body.
check_html() {
  local path=$1 want=$2 text=${3:-} not_text=${4:-} problems=""
  fetch "$BASE$path"
  [ "$STATUS" = "$want" ] || problems+="status $STATUS; "
  header Content-Type | grep -qi '^text/html' || problems+="Content-Type '$(header Content-Type)'; "
  [ "$(header Cache-Control)" = no-cache ] || problems+="Cache-Control '$(header Cache-Control)'; "
  [ -z "$text" ] || grep -qF "$text" "$TMP/b" || problems+="body lacks '$text'; "
  [ -z "$not_text" ] || ! grep -qF "$not_text" "$TMP/b" || problems+="body has '$not_text'; "
  problems+=$(security_problems)
  if [ -z "$problems" ]; then ok "$want $path${text:+ ($text)}"; else bad "$want $path" "$problems"; fi
}

PAGE_404='Страница не найдена'
COURSE_404='Курс не найден'

# --- checks --------------------------------------------------------------------------------------------
log "pages (200, text/html, Cache-Control: no-cache, security headers):"
# The indexable pages come from the build's sitemap, so the course ids are the course data's own.
SITEMAP_PATHS=$(sed -n 's#.*<loc>[a-z]*://[^/]*\(/[^<]*\)</loc>.*#\1#p' "$BUILD/client/sitemap.xml")
[ -n "$SITEMAP_PATHS" ] || die "no page paths in $BUILD/client/sitemap.xml"
# shellcheck disable=SC2086 # one path per word
for path in $SITEMAP_PATHS /privacy-policy /personal-data-policy /cookie /courses/ /course/4/; do
  check_html "$path" 200 "" "$PAGE_404"
done

log "a course number with leading zeros (301 to the course's own address):"
for pair in /course/04:/course/4 /course/004/:/course/4 '/course/012?x=1:/course/12?x=1'; do
  path=${pair%%:*} want=${pair#*:}
  fetch "$BASE$path"
  if [ "$STATUS" = 301 ] && [ "$(header Location)" = "$want" ] &&
    [ "$(header X-Content-Type-Options)" = nosniff ]; then
    ok "301 $path -> $want"
  else
    bad "$path" "status $STATUS, Location '$(header Location)'"
  fi
done

log "unknown paths (404 documents, no-cache, security headers):"
for path in /course/99 /course/abc /course/0 /course/99/; do
  check_html "$path" 404 "$COURSE_404" "$PAGE_404"
done
for path in /nope /nope/deeper /course /course/1/extra /assets/ /assets/missing-0000.js \
  /_errors/not-found.html /.env /lead/health /courses/index.html.gz /index.html.br; do
  check_html "$path" 404 "$PAGE_404" "$COURSE_404"
done

# check_encoding gzip|br PATH FILE: asked for that encoding, PATH comes encoded and decodes to the
# build's FILE; when the build wrote FILE.gz / FILE.br, that very copy is what is sent. gzip
# without a copy is made on the fly; brotli only ever comes from a copy.
check_encoding() {
  local encoding=$1 path=$2 file=$BUILD/client/$3 problems="" how="on the fly" copy
  copy=$file.$([ "$1" = gzip ] && echo gz || echo br)
  fetch "$BASE$path" -H "Accept-Encoding: $encoding"
  [ "$STATUS" = 200 ] || problems+="status $STATUS; "
  [ "$(header Content-Encoding)" = "$encoding" ] || problems+="Content-Encoding '$(header Content-Encoding)'; "
  header Vary | grep -qi accept-encoding || problems+="no Vary: Accept-Encoding; "
  if [ -f "$copy" ]; then
    how="precompressed ${copy##*/}"
    cmp -s "$TMP/b" "$copy" || problems+="not the build's ${copy##*/}; "
  elif [ "$encoding" = br ]; then
    problems+="the build has no ${copy##*/}; "
  fi
  if [ "$encoding" = gzip ]; then
    gzip -dc <"$TMP/b" 2>/dev/null | cmp -s - "$file" || problems+="does not gunzip to $3; "
  fi
  if [ -z "$problems" ]; then
    ok "$encoding on $path ($how: $(wc -c <"$TMP/b") of $(wc -c <"$file") bytes)"
  else
    bad "$encoding on $path" "$problems"
  fi
}

log "assets:"
JS_FILE=$(find "$BUILD/client/assets" -name '*.js' -size +2k -printf '%s %P\n' | sort -rn | head -n 1 | cut -d' ' -f2)
CSS_FILE=$(find "$BUILD/client/assets" -name '*.css' -printf '%P\n' | head -n 1)
if [ -z "$JS_FILE" ]; then
  bad "hashed JS asset" "none over 2 KB in $BUILD/client/assets"
else
  for asset in "$JS_FILE" ${CSS_FILE:+"$CSS_FILE"}; do
    fetch "$BASE/assets/$asset"
    problems=""
    [ "$STATUS" = 200 ] || problems+="status $STATUS; "
    [ "$(header Cache-Control)" = 'public, max-age=31536000, immutable' ] ||
      problems+="Cache-Control '$(header Cache-Control)'; "
    [ "$(header X-Content-Type-Options)" = nosniff ] || problems+="no nosniff; "
    cmp -s "$TMP/b" "$BUILD/client/assets/$asset" || problems+="body differs from the file; "
    if [ -z "$problems" ]; then ok "200 /assets/$asset immutable"; else bad "/assets/$asset" "$problems"; fi
  done

  check_encoding gzip "/assets/$JS_FILE" "assets/$JS_FILE"
  check_encoding br "/assets/$JS_FILE" "assets/$JS_FILE"
  check_html "/assets/$JS_FILE.gz" 404 "$PAGE_404" "$COURSE_404"

  fetch "$BASE/assets/$JS_FILE"
  if [ -z "$(header Content-Encoding)" ]; then ok "no gzip unless asked"; else bad "no gzip unless asked" "Content-Encoding '$(header Content-Encoding)'"; fi
fi
check_encoding gzip /courses courses/index.html
check_encoding br /courses courses/index.html
fetch "$BASE/courses" -H 'Accept-Encoding: gzip, deflate, br, zstd'
if [ "$(header Content-Encoding)" = br ]; then
  ok "a browser's Accept-Encoding gets br"
else
  bad "a browser's Accept-Encoding" "Content-Encoding '$(header Content-Encoding)'"
fi

log "public files of the build (checked when present):"
for file in robots.txt sitemap.xml manifest.webmanifest favicon.ico og-image.png; do
  if [ ! -f "$BUILD/client/$file" ]; then
    log "  skip  /$file (not in this build)"
    continue
  fi
  fetch "$BASE/$file"
  problems=""
  [ "$STATUS" = 200 ] || problems+="status $STATUS; "
  [ "$(header Cache-Control)" = 'public, max-age=3600' ] || problems+="Cache-Control '$(header Cache-Control)'; "
  [ "$(header X-Content-Type-Options)" = nosniff ] || problems+="no nosniff; "
  [ "$file" != manifest.webmanifest ] || [ "$(header Content-Type)" = application/manifest+json ] ||
    problems+="Content-Type '$(header Content-Type)'; "
  if [ -z "$problems" ]; then ok "200 /$file ($(header Content-Type))"; else bad "/$file" "$problems"; fi
done

log "files that are not pages run no script (their own CSP, nosniff; the pages keep theirs):"
STATIC_CSP="default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"
# static_problems: what is wrong with the last answer as a file that is not a page: that CSP once,
# nosniff, and every other header of the build's file (security-headers.conf) once.
static_problems() {
  local name count issues=()
  for name in "${SECURITY_HEADERS[@]}"; do
    count=$(header_count "$name")
    [ "$count" = 1 ] || issues+=("$name x$count")
  done
  [ "$(header Content-Security-Policy)" = "$STATIC_CSP" ] ||
    issues+=("CSP '$(header Content-Security-Policy)'")
  [ "$(header X-Content-Type-Options)" = nosniff ] || issues+=("X-Content-Type-Options not nosniff")
  [ ${#issues[@]} -eq 0 ] || printf '%s; ' "${issues[@]}"
}
# check_static PATH TYPE: 200 with that Content-Type and the static files' headers.
check_static() {
  local path=$1 type=$2 problems=""
  fetch "$BASE$path"
  [ "$STATUS" = 200 ] || problems+="status $STATUS; "
  [[ $(header Content-Type) == "$type"* ]] || problems+="Content-Type '$(header Content-Type)'; "
  problems+=$(static_problems)
  if [ -z "$problems" ]; then ok "200 $path ($type): CSP sandbox, nosniff"; else bad "$path" "$problems"; fi
}
# An SVG the owner could upload, with a script in it: served as an image that runs nothing.
printf '%s\n' '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' \
  >"$BUILD/client/uploads/nginx-check-script.svg"
check_static /uploads/nginx-check-script.svg image/svg+xml
rm -f "$BUILD/client/uploads/nginx-check-script.svg"
UPLOAD=$(find "$BUILD/client/uploads" -type f ! -name '*.gz' ! -name '*.br' -printf '%P\n' | head -n 1)
[ -z "$UPLOAD" ] || check_static "/uploads/$UPLOAD" image/
FONT=$(find "$BUILD/client/assets" -name '*.woff2' -printf '%P\n' | head -n 1)
[ -z "$JS_FILE" ] || check_static "/assets/$JS_FILE" application/javascript
[ -z "$CSS_FILE" ] || check_static "/assets/$CSS_FILE" text/css
[ -z "$FONT" ] || check_static "/assets/$FONT" font/woff2
for file in manifest.webmanifest:application/manifest+json favicon.ico:image/ robots.txt:text/plain; do
  [ ! -f "$BUILD/client/${file%%:*}" ] || check_static "/${file%%:*}" "${file#*:}"
done
for path in / /courses /course/99; do
  fetch "$BASE$path"
  csp=$(header Content-Security-Policy)
  if [[ $csp == *script-src* && $csp != "$STATIC_CSP" ]]; then
    ok "$path: the page's own CSP (script-src), not the static files'"
  else
    bad "$path" "CSP '$csp'"
  fi
done

log "protocol:"
VERSION=$("${CURL[@]}" --http2 -o /dev/null -w '%{http_version}' "$BASE/" 2>/dev/null)
if [ "$VERSION" = 2 ]; then ok "HTTP/2 on https"; else bad "HTTP/2" "got HTTP/$VERSION"; fi
fetch "http://$HOST:$HTTP_PORT/courses?utm_source=test"
if [ "$STATUS" = 301 ] && [ "$(header Location)" = "https://$HOST/courses?utm_source=test" ]; then
  ok "http -> 301 $(header Location)"
else
  bad "http redirect" "status $STATUS, Location '$(header Location)'"
fi

log "the default site (Debian's, replaced; deploy/nginx/acme-default.conf):"
# Another name, or the bare address, as a scanner or certbot before the first certificate asks.
fetch "http://127.0.0.1:$HTTP_PORT/.well-known/acme-challenge/nginx-check" -H 'Host: other.example'
if [ "$STATUS" = 200 ] && [ "$(cat "$TMP/b")" = nginx-check-token ]; then
  ok "another name: the ACME challenge file is served"
else
  bad "default site" "challenge: status $STATUS, body $(head -c 100 "$TMP/b")"
fi
fetch "http://127.0.0.1:$HTTP_PORT/Ivan-Petrov-89123456789?x=1"
if [[ $STATUS == *"(52)"* ]]; then
  ok "the bare address: anything else is closed unanswered (444; logged nowhere: checked with the access log below)"
else
  bad "default site" "$STATUS for another path (want the connection closed unanswered)"
fi

fetch "http://$HOST:$HTTP_PORT/.well-known/acme-challenge/nginx-check"
if [ "$STATUS" = 200 ] && [ "$(cat "$TMP/b")" = nginx-check-token ]; then
  ok "the site's own name: the challenge is served from the same folder (renewals)"
else
  bad "site's challenge" "status $STATUS, body $(head -c 100 "$TMP/b")"
fi

log "https for an unknown name (the default server: no handshake, no answer):"
# handshake_refused URL [curl options]: curl gets no TLS session (error 35) and so no answer.
handshake_refused() {
  local url=$1
  shift
  fetch "$url" "$@"
  if [[ $STATUS == *"(35)"* ]]; then ok "$url: the TLS handshake is refused"; else bad "$url" "$STATUS (want the TLS handshake refused)"; fi
}
handshake_refused "https://127.0.0.1:$HTTPS_PORT/" -k
handshake_refused "https://other.example:$HTTPS_PORT/" -k --resolve "other.example:$HTTPS_PORT:127.0.0.1"
# The site's name in TLS, another in Host: a virtual host the site does not serve, closed (444).
for version in --http1.1 --http2; do
  fetch "$BASE/" -H 'Host: 127.0.0.1' "$version"
  if [[ $STATUS == "curl error"* ]] && ! grep -q . "$TMP/b"; then
    ok "Host: 127.0.0.1 over the site's TLS ($version): closed unanswered"
  else
    bad "Host: 127.0.0.1 over the site's TLS ($version)" "$STATUS, body $(head -c 100 "$TMP/b")"
  fi
done
fetch "$BASE/"
if [ "$STATUS" = 200 ]; then ok "the site's own name still gets the site"; else bad "the site's name" "status $STATUS"; fi

log "lead service through the proxy (/lead/send -> 127.0.0.1:$LEAD_PORT/send):"
IFS=$'\t' read -r LEAD_QUERY LEAD_BODY < <(node "$SERVICE" lead 'Проверка nginx')
LEAD_URL="$BASE/lead/send?$LEAD_QUERY"
fetch "$LEAD_URL" -X POST -H 'Content-Type: application/json' -H "Origin: $ORIGIN" \
  -H 'X-Forwarded-For: 203.0.113.7' --data "$LEAD_BODY"
if [ "$STATUS" = 200 ] && grep -q '"ok":true' "$TMP/b"; then
  ok "POST lead -> 200 $(cat "$TMP/b")"
else
  bad "POST lead" "status $STATUS, body $(head -c 300 "$TMP/b")"
fi

DB_ROWS=$(node "$SERVICE" stored "$TMP/leads.sqlite" 2>&1)
if node -e '
  const [row, ...rest] = JSON.parse(process.argv[1]), sent = JSON.parse(process.argv[2])
  const ok = rest.length === 0 && row.name === sent.name && row.phone === sent.phone &&
    row.form === "feedback" && !("client_ip" in row) && !("user_agent" in row)
  process.exit(ok ? 0 : 1)
' "$DB_ROWS" "$LEAD_BODY" 2>/dev/null; then
  ok "1 row in SQLite, as sent, with no IP address or User-Agent"
else
  bad "lead in SQLite" "sent $LEAD_BODY, stored $DB_ROWS"
fi

# The site's plain form (before or without JavaScript): answered with the site's thank-you page.
# Posted from a page opened from an ad: the browser names that page, its query included, in
# Referer (same origin), and the service keeps its tags as the lead's source (decision 0078).
fetch "$BASE/lead/send" -X POST -H 'Content-Type: application/x-www-form-urlencoded' -H "Origin: $ORIGIN" \
  -H "Referer: $ORIGIN/course/4?utm_source=yandex&utm_medium=cpc&utm_campaign=nginx-check" \
  --data-urlencode 'name=Форма nginx' --data-urlencode 'phone=8 912 345-67-89' \
  --data 'form=feedback&consent=&course=&quiz=&page=%2F&website='
if [ "$STATUS" = 303 ] && [ "$(header Location)" = "$ORIGIN/thanks" ]; then
  ok "plain form POST -> 303 $(header Location)"
else
  bad "plain form POST" "status $STATUS, Location '$(header Location)', body $(head -c 200 "$TMP/b")"
fi
DB_ROWS=$(node "$SERVICE" stored "$TMP/leads.sqlite" 2>&1)
if node -e '
  const row = JSON.parse(process.argv[1]).find((lead) => lead.name === "Форма nginx")
  const ok = row?.utm_source === "yandex" && row.utm_medium === "cpc" &&
    row.utm_campaign === "nginx-check" && row.landing_page === "/course/4"
  process.exit(ok ? 0 : 1)
' "$DB_ROWS" 2>/dev/null; then
  ok "the plain form's lead keeps the ad's tags from its page's address (Referer through the proxy)"
else
  bad "plain form's source" "stored $DB_ROWS"
fi

fetch "$LEAD_URL" -X POST -H 'Content-Type: application/json' -H 'Origin: https://evil.example' \
  --data "$LEAD_BODY"
if [ "$STATUS" = 403 ]; then ok "foreign Origin -> 403 (Origin reaches the service)"; else bad "foreign Origin" "status $STATUS"; fi

head -c 20000 /dev/zero | tr '\0' 'a' >"$TMP/big.json"
fetch "$LEAD_URL" -X POST -H 'Content-Type: application/json' -H "Origin: $ORIGIN" --data-binary "@$TMP/big.json"
if [ "$STATUS" = 413 ]; then ok "20 KB body -> 413"; else bad "oversized body" "status $STATUS"; fi

node "$SERVICE" stop "$LEAD_PID"
LEAD_PID=""
fetch "$LEAD_URL" -X POST -H 'Content-Type: application/json' -H "Origin: $ORIGIN" \
  --data "$LEAD_BODY"
if [ "$STATUS" = 503 ] && grep -q '"error":"unavailable"' "$TMP/b" && [ -z "$(security_problems)" ]; then
  ok "service down -> 503 JSON with the security headers"
else
  bad "service down" "status $STATUS, body $(head -c 200 "$TMP/b"), $(security_problems)"
fi

log "the owner's editor (/admin/ behind the gateway; deploy/README.md, step 8):"
# The editor's own CSP (ADMIN_CONTENT_SECURITY_POLICY, apps/site/scripts/cms-config.ts): its own
# script and stylesheet only, no eval, no inline code.
ADMIN_CSP="default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
for path in /admin /admin/ /admin/editor.js; do
  fetch "$BASE$path"
  if [ "$STATUS" = 302 ] && [ "$(header Location)" = /admin/login ]; then
    ok "$path without a session -> 302 /admin/login"
  else
    bad "$path without a session" "status $STATUS, Location '$(header Location)'"
  fi
done

fetch "$BASE/admin/login"
problems=""
[ "$STATUS" = 200 ] || problems+="status $STATUS; "
header Content-Type | grep -qi '^text/html' || problems+="Content-Type '$(header Content-Type)'; "
grep -q 'name="password"' "$TMP/b" || problems+="no password field; "
[ "$(header Cache-Control)" = no-store ] || problems+="Cache-Control '$(header Cache-Control)'; "
for name in Content-Security-Policy Strict-Transport-Security; do
  [ "$(header_count "$name")" = 1 ] || problems+="$name x$(header_count "$name"); "
done
[ "$(header Content-Security-Policy)" = "$ADMIN_CSP" ] && problems+="the editor's CSP on the login page; "
if [ -z "$problems" ]; then ok "200 /admin/login: the gateway's page, its own CSP once, HSTS, no-store"; else bad "/admin/login" "$problems"; fi

fetch "$BASE/admin/login" -X POST -H "Origin: $ORIGIN" --data-urlencode 'password=not the password'
if [ "$STATUS" = 401 ] && grep -q 'Неверный пароль' "$TMP/b" && [ -z "$(header Set-Cookie)" ]; then
  ok "a wrong password -> 401 «Неверный пароль», no session cookie"
else
  bad "a wrong password" "status $STATUS, Set-Cookie '$(header Set-Cookie)', body $(head -c 200 "$TMP/b")"
fi
fetch "$BASE/admin/login" -X POST -H "Origin: $ORIGIN" --data-urlencode "password=$EDITOR_PASSWORD"
SET_COOKIE=$(header Set-Cookie)
COOKIE=${SET_COOKIE%%;*}
problems=""
[ "$STATUS" = 303 ] || problems+="status $STATUS; "
[ "$(header Location)" = /admin/ ] || problems+="Location '$(header Location)'; "
[[ $COOKIE == it_lab_editor=?* ]] || problems+="no it_lab_editor cookie; "
for part in Secure HttpOnly SameSite=Strict Path=/admin; do
  [[ $SET_COOKIE == *"$part"* ]] || problems+="cookie without $part; "
done
if [ -z "$problems" ]; then ok "the right password -> 303 /admin/, a Secure HttpOnly SameSite=Strict session cookie"; else bad "the right password" "$problems"; fi

fetch "$BASE/admin/" -H "Cookie: $COOKIE"
problems=""
[ "$STATUS" = 200 ] || problems+="status $STATUS; "
cmp -s "$TMP/b" "$BUILD/client/admin/index.html" || problems+="not the build's admin/index.html; "
[ "$(header Content-Security-Policy)" = "$ADMIN_CSP" ] || problems+="CSP '$(header Content-Security-Policy)', not the editor's; "
[ "$(header Cache-Control)" = no-cache ] || problems+="Cache-Control '$(header Cache-Control)'; "
if [ -z "$problems" ]; then ok "200 /admin/ with the session: the editor, its own headers"; else bad "/admin/ with the session" "$problems"; fi
fetch "$BASE/admin/editor.js" -H "Cookie: $COOKIE"
problems=""
[ "$STATUS" = 200 ] || problems+="status $STATUS; "
cmp -s "$TMP/b" "$BUILD/client/admin/editor.js" || problems+="not the build's admin/editor.js; "
header Content-Type | grep -qi '^application/javascript' || problems+="Content-Type '$(header Content-Type)'; "
[ "$(header Content-Security-Policy)" = "$ADMIN_CSP" ] || problems+="CSP '$(header Content-Security-Policy)', not the editor's; "
[ "$(header X-Content-Type-Options)" = nosniff ] || problems+="no nosniff; "
[ "$(header Cache-Control)" = no-cache ] || problems+="Cache-Control '$(header Cache-Control)'; "
if [ -z "$problems" ]; then ok "200 /admin/editor.js with the session: the build's script, the editor's headers"; else bad "/admin/editor.js with the session" "$problems"; fi
fetch "$BASE/admin/missing.js" -H "Cookie: $COOKIE"
if [ "$STATUS" = 404 ] && grep -qF "$PAGE_404" "$TMP/b"; then ok "404 /admin/missing.js with the session: the not-found document"; else bad "/admin/missing.js" "status $STATUS"; fi
check_html /admin/auth 404 "$PAGE_404" "$COURSE_404"

API_READ='{"action":"entriesByFolder","params":{"branch":"main","folder":"content/courses","extension":"json","depth":1}}'
fetch "$BASE/admin/api/v1" -X POST -H "Origin: $ORIGIN" -H 'Content-Type: application/json' \
  -H "Cookie: $COOKIE" --data "$API_READ"
problems=""
[ "$STATUS" = 200 ] || problems+="status $STATUS; "
grep -qF '"content/courses/1.json"' "$TMP/b" || problems+="no content/courses/1.json in $(head -c 200 "$TMP/b"); "
[ "$(header Cache-Control)" = no-store ] || problems+="Cache-Control '$(header Cache-Control)' x$(header_count Cache-Control); "
if [ -z "$problems" ]; then ok "the editor's API with the session: the courses, Cache-Control: no-store"; else bad "/admin/api/v1" "$problems"; fi
fetch "$BASE/admin/api/v1" -X POST -H "Origin: $ORIGIN" -H 'Content-Type: application/json' --data "$API_READ"
if [ "$STATUS" = 401 ] && grep -q '"error"' "$TMP/b" && [ "$(header Cache-Control)" = no-store ]; then
  ok "the editor's API without a session -> 401 JSON, no-store"
else
  bad "/admin/api/v1 without a session" "status $STATUS, body $(head -c 200 "$TMP/b")"
fi

# A 14 MB photo travels as 19 MB of base64: nginx lets it through to the gateway (which judges
# it); a body over 25 MB is refused by nginx itself, in the JSON the editor shows.
{ printf '{"action":"persistMedia","params":{"branch":"main","asset":{"path":"content/uploads/big.png","encoding":"base64","content":"'
  head -c 19000000 /dev/zero | tr '\0' 'A'
  printf '"}}}'; } >"$TMP/photo.json"
fetch "$BASE/admin/api/v1" -X POST -H "Origin: $ORIGIN" -H 'Content-Type: application/json' \
  -H "Cookie: $COOKIE" --data-binary "@$TMP/photo.json"
if [ "$STATUS" != 413 ] && [ "$STATUS" != 502 ] && grep -q '"error"' "$TMP/b"; then
  ok "a 19 MB save (a 14 MB photo) reaches the gateway (it answered $STATUS with its own JSON)"
else
  bad "a 19 MB save" "status $STATUS, body $(head -c 200 "$TMP/b")"
fi
head -c 27000000 /dev/zero | tr '\0' 'A' >"$TMP/huge.json"
fetch "$BASE/admin/api/v1" -X POST -H "Origin: $ORIGIN" -H 'Content-Type: application/json' \
  -H "Cookie: $COOKIE" --data-binary "@$TMP/huge.json"
if [ "$STATUS" = 413 ] && grep -q 'Файл слишком большой' "$TMP/b"; then
  ok "a 27 MB body -> 413 from nginx, in Russian JSON"
else
  bad "a 27 MB body" "status $STATUS, body $(head -c 200 "$TMP/b")"
fi
rm -f "$TMP/photo.json" "$TMP/huge.json"

fetch "http://$HOST:$HTTP_PORT/admin/login"
if [ "$STATUS" = 301 ] && [ "$(header Location)" = "https://$HOST/admin/login" ]; then
  ok "http://…/admin/login -> 301 https"
else
  bad "the editor over http" "status $STATUS, Location '$(header Location)'"
fi

# Wrong passwords in a row: the gateway refuses the address after 5 (429 for 15 minutes), and
# nginx refuses more than 10 POSTs at once (429) before they reach it. nginx lets one more through
# every 6 s, so on a slow machine it takes more of them: sent until both have answered 429.
GATEWAY_429=0
NGINX_429=0
SENT=0
while [ "$SENT" -lt 60 ] && { [ "$GATEWAY_429" = 0 ] || [ "$NGINX_429" = 0 ]; }; do
  SENT=$((SENT + 1))
  fetch "$BASE/admin/login" -X POST -H "Origin: $ORIGIN" --data-urlencode 'password=guessing again'
  if [ "$STATUS" = 429 ] && grep -q 'Слишком много попыток входа' "$TMP/b"; then GATEWAY_429=$((GATEWAY_429 + 1)); fi
  if [ "$STATUS" = 429 ] && grep -q 'Подождите минуту' "$TMP/b"; then NGINX_429=$((NGINX_429 + 1)); fi
done
if [ "$GATEWAY_429" -gt 0 ] && [ "$NGINX_429" -gt 0 ]; then
  ok "$SENT wrong passwords more: 429 from the gateway (after 5 wrong ones), then from nginx's limit_req"
else
  bad "wrong passwords in a row" "gateway 429: $GATEWAY_429, nginx 429: $NGINX_429"
fi

stop_editor
fetch "$BASE/admin/" -H "Cookie: $COOKIE"
if [ "$STATUS" = 503 ] && grep -q 'Редактор сайта сейчас не отвечает' "$TMP/b"; then
  ok "the gateway down: /admin/ -> 503 in Russian"
else
  bad "the gateway down" "status $STATUS, body $(head -c 200 "$TMP/b")"
fi
fetch "$BASE/admin/api/v1" -X POST -H "Origin: $ORIGIN" -H 'Content-Type: application/json' \
  -H "Cookie: $COOKIE" --data "$API_READ"
if [ "$STATUS" = 503 ] && grep -q '"error":"Редактор сайта сейчас не отвечает' "$TMP/b"; then
  ok "the gateway down: the API -> 503 JSON in Russian"
else
  bad "the API with the gateway down" "status $STATUS, body $(head -c 200 "$TMP/b")"
fi

log "access log (the site's own format: no client address, no query string):"
# nginx writes a request's line when it has answered: every request above is in the log now.
ACCESS_LOG="$TMP/access.log"
if grep -q '"POST /lead/send HTTP/' "$ACCESS_LOG"; then
  ok "the lead POST is logged as /lead/send"
else
  bad "access log" "no line for POST /lead/send in $(wc -l <"$ACCESS_LOG") lines"
fi
if grep -qE '127\.0\.0\.1|203\.0\.113\.7|89123456789' "$ACCESS_LOG"; then
  bad "access log" "a client address is logged: $(grep -m1 -E '127\.0\.0\.1|203\.0\.113\.7|89123456789' "$ACCESS_LOG")"
else
  ok "no client address in $(wc -l <"$ACCESS_LOG") lines"
fi
if grep -qF '?' "$ACCESS_LOG"; then
  bad "access log" "a query string is logged: $(grep -m1 -F '?' "$ACCESS_LOG")"
else
  ok "no query string (the lead's form, page, course and the redirect's utm_source are not logged)"
fi

if grep -qF "$EDITOR_PASSWORD" "$ACCESS_LOG" "$TMP/error.log" "$TMP/editor.log" 2>/dev/null; then
  bad "logs" "the editor's password is in a log"
else
  ok "the editor's password is in no log (nginx's two, the gateway's)"
fi

# --- summary ---------------------------------------------------------------------------------------------
if [ "$FAILED" -gt 0 ]; then
  log ""
  log "failed checks:"
  printf '  %s\n' "${FAILURES[@]}"
fi
log ""
log "nginx-check: $PASSED passed, $FAILED failed"
[ "$FAILED" -eq 0 ]
