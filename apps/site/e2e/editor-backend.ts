import { expect, type Page } from '@playwright/test'
import {
  EDITOR_GIT,
  EDITOR_PASSWORD,
  startEditorGateway,
  type EditorGateway,
} from '../harness/editor-gateway.ts'
import { BUILD_DIR } from './e2e-env.ts'

// The e2e specs' editor: the editor gateway on a scratch repository behind a site server of the
// e2e build (harness/editor-gateway.ts). A spec takes its own from the `editor` fixture
// (e2e/editor-test.ts), so specs never see each other's edits; open pages at `editor.url`, log in
// with `logIn(page)`.

export { EDITOR_GIT, EDITOR_PASSWORD }
export type EditorBackend = EditorGateway

let current: EditorBackend | undefined

/** Starts the gateway on a fresh copy of content/ (changed by `prepare` before its commit). */
export async function startEditorBackend(
  options: { prepare?: (repo: string) => void; buildDir?: string } = {},
): Promise<EditorBackend> {
  current = await startEditorGateway({ buildDir: BUILD_DIR, ...options })
  return current
}

/** Logs in through the real login page and waits for the editor's collections. */
export async function logIn(
  page: Page,
  editor: EditorBackend | undefined = current,
): Promise<void> {
  if (editor === undefined) throw new Error('startEditorBackend() first')
  await page.goto(`${editor.url}/admin/login`)
  // With a session already, the login page sends the browser on to the editor.
  if (page.url() === `${editor.url}/admin/login`) {
    await page.getByLabel('Пароль').fill(EDITOR_PASSWORD)
    await page.getByRole('button', { name: 'Войти' }).click()
  }
  await expect(page).toHaveURL(new RegExp(`^${editor.url}/admin/(?!login)`))
  await expect(page.getByRole('heading', { name: 'Разделы' })).toBeVisible()
}
