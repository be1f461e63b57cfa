// The editor's session is the gateway's (docs/decisions/0065-editor-on-the-school-server.md):
// /admin/ is served only after its password, so Decap's own login page is a needless second step,
// and Decap's «Выйти» must end the gateway's session too, or /admin/ stays open for hours.

/** Where Decap keeps its login (decap-cms-core's LocalStorageAuthStore). */
export const DECAP_USER_KEY = 'decap-cms-user'

/**
 * Lets Decap start as logged in (its proxy backend needs nothing but the backend's name), and
 * sends the browser through the gateway's logout when Decap forgets its login on «Выйти».
 * Call before Decap has read its configuration (it checks the stored login after that).
 */
export function shareGatewaySession(
  storage: Storage,
  storageProto: { removeItem(this: Storage, key: string): void },
  logOut: () => void,
): void {
  if (!storage.getItem(DECAP_USER_KEY)) {
    storage.setItem(DECAP_USER_KEY, JSON.stringify({ backendName: 'proxy' }))
  }
  // Decap's logout removes its stored login and nothing else; the storage event fires only in
  // other tabs, so the removal itself is watched.
  const removeItem = storageProto.removeItem
  storageProto.removeItem = function (this: Storage, key: string) {
    removeItem.call(this, key)
    if (this === storage && key === DECAP_USER_KEY) logOut()
  }
}

/** Posts the gateway's logout as a form: it ends the session and answers with its login page. */
export function postLogout(document: Document): void {
  const form = document.createElement('form')
  form.method = 'post'
  form.action = '/admin/logout'
  form.hidden = true
  document.body.append(form)
  form.submit()
}
