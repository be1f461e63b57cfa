// The editor's page at /admin/ and its own Content-Security-Policy, written by the build
// (../post-build.ts; docs/decisions/0086-the-owners-own-editor.md).

/**
 * The editor's page: its own script and stylesheet from this folder, nothing from another host.
 * Until the script starts, the page says so; without JavaScript it says that it needs it.
 */
export const ADMIN_HTML = `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Редактор сайта</title>
<link href="/admin/editor.css" rel="stylesheet">
<script src="/admin/editor.js" type="module"></script>
</head>
<body>
<div id="editor"><p class="starting">Загружаем редактор…</p><noscript><p>Редактору нужен JavaScript: включите его в настройках браузера.</p></noscript></div>
</body>
</html>
`

/**
 * The editor's Content-Security-Policy, for /admin/ only (the pages keep theirs): its own script
 * and stylesheet, its API on this origin, and the pictures' previews as data: and blob: URLs
 * (a saved picture's small preview, a chosen one before it is saved).
 */
export const ADMIN_CONTENT_SECURITY_POLICY = Object.entries({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
})
  .map(([name, sources]) => `${name} ${sources.join(' ')}`)
  .join('; ')
