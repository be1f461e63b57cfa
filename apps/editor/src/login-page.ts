import { createHash } from 'node:crypto'

// The owner's login page: plain HTML and one style block, no script, so a CSP with no
// 'unsafe-inline' holds (the style is allowed by its hash). Fits a 390 px phone.

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
font:18px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f6fb;color:#1d2433}
main{width:100%;max-width:380px;margin:16px;padding:24px;background:#fff;border-radius:16px;
box-shadow:0 4px 24px rgba(29,36,51,.08)}
h1{margin:0 0 16px;font-size:24px}
label{display:block;margin-bottom:6px;font-weight:600}
input{width:100%;padding:12px;font:inherit;border:1px solid #9aa3b5;border-radius:10px}
input:focus{outline:3px solid #2f6fed55;border-color:#2f6fed}
button{width:100%;margin-top:16px;padding:12px;font:inherit;font-weight:600;color:#fff;
background:#2f6fed;border:0;border-radius:10px;cursor:pointer}
button:hover{background:#2459c7}
p{margin:0 0 16px}
.error{padding:10px 12px;color:#8a1c1c;background:#fdecec;border-radius:10px}
`

const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`

/** The login page's own headers: nothing but its style and its form may run or load. */
export const LOGIN_PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': `default-src 'none'; style-src ${STYLE_HASH}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  'X-Robots-Tag': 'noindex, nofollow',
  // Not no-referrer: with it Chromium sends `Origin: null` on the form's POST, refused as foreign.
  'Referrer-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
}

/** The page, with an error line when the last attempt was refused. */
export function loginPage(error?: string): string {
  const alert = error === undefined ? '' : `<p class="error" role="alert">${error}</p>`
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Вход в редактор сайта</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Редактор сайта</h1>
${alert}
<form method="post" action="/admin/login">
<label for="password">Пароль</label>
<input id="password" name="password" type="password" autocomplete="current-password" required autofocus>
<button type="submit">Войти</button>
</form>
</main>
</body>
</html>
`
}
