import { readFileSync } from 'node:fs'
import { expect, type Page } from '@playwright/test'
import { courseEntry } from '@it-lab/shared/catalogue'
import { logIn, type EditorBackend } from './editor-backend.ts'

// What the owner's editor specs share: console errors fail the test (unless one is expected),
// an entry opened afresh, «Сохранить», and the phone's no-sideways-scrolling check.

/** Collects the page's console errors and uncaught errors; `allowed` ones are expected. */
export function watchConsole(page: Page, allowed: RegExp[] = []): () => string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return () => errors.filter((text) => !allowed.some((pattern) => pattern.test(text)))
}

/**
 * A course's title as content/ has it, which the scratch repository starts from: the owner's own
 * name for it after a rename (docs/decisions/0053-tests-read-the-content.md).
 */
export function courseTitle(id: number): string {
  const title = courseEntry(id)?.title
  if (title === undefined) throw new Error(`content/ has no course ${id}`)
  return title
}

/** A content file of the scratch repository as the editor left it ({} while it is not there). */
export function readContent(editor: EditorBackend, file: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(editor.content(file), 'utf8')) as Record<string, unknown>
  } catch {
    return {}
  }
}

/**
 * Opens an entry of the editor by its file (`courses/4.json`) in a fresh load, logging in when the
 * browser has no session, and waits for its form.
 */
export async function openEntry(page: Page, editor: EditorBackend, file: string): Promise<void> {
  const cookies = await page.context().cookies(`${editor.url}/admin/`)
  if (!cookies.some((cookie) => cookie.name === 'it_lab_editor')) await logIn(page, editor)
  await page.goto('about:blank')
  await page.goto(`${editor.url}/admin/#/e/content/${file}`)
  await expect(page.getByRole('button', { name: 'Сохранить', exact: true })).toBeVisible()
}

/** Opens a section's list («Курсы») from the list of sections. */
export async function openSection(page: Page, editor: EditorBackend, name: string): Promise<void> {
  const cookies = await page.context().cookies(`${editor.url}/admin/`)
  if (!cookies.some((cookie) => cookie.name === 'it_lab_editor')) await logIn(page, editor)
  await page.goto(`${editor.url}/admin/#/`)
  await page.getByRole('link', { name, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
}

/** «Сохранить», and the editor's word that it is saved. */
export async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Сохранено.' })).toBeVisible()
}

/** The page is no wider than the screen: nothing is reached by scrolling sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
}

/** A control lies wholly on the screen, so a thumb can reach it without scrolling sideways. */
export async function expectOnScreen(page: Page, name: string | RegExp): Promise<void> {
  const width = page.viewportSize()?.width ?? 0
  const box = await page
    .getByRole('button', { name, exact: typeof name === 'string' })
    .boundingBox()
  expect(box, `${String(name)} is shown`).not.toBeNull()
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0)
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width)
}

/** The owner's phone, for the specs of what she does on it (`test.use(PHONE_SCREEN)`). */
export const PHONE_SCREEN = { viewport: { width: 390, height: 844 }, hasTouch: true }
