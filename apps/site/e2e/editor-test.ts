import { test as base, expect } from '@playwright/test'
import { startEditorBackend, type EditorBackend } from './editor-backend.ts'
import { watchConsole } from './editor-page.ts'

// The editor specs' `test`: the owner's editor started once for a spec file, and her page's
// console watched in every test. A worker runs its files one after another; it keeps the gateway
// while it runs one file's tests and starts a fresh one on a fresh copy of content/ for the next
// file, so specs never see each other's edits.

export { expect }

/** How a spec's gateway starts (`test.use({ editorSetup: { prepare } })`): see startEditorBackend. */
export type EditorSetup = NonNullable<Parameters<typeof startEditorBackend>[0]>

type TestFixtures = {
  editorSetup: EditorSetup
  /** The gateway of this spec file, on its own scratch repository. */
  editor: EditorBackend
  /** Lets a test expect a console error of the page it provokes (the gateway's 401, say). */
  allowConsoleError: (pattern: RegExp) => void
  /** The page's console errors and uncaught errors fail the test, unless one of these allows it. */
  editorConsole: RegExp[]
}

type WorkerFixtures = {
  /** The gateway of the file the worker runs now, started at the file's first test. */
  editorOfFile: (file: string, setup: EditorSetup) => Promise<EditorBackend>
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  editorSetup: [{}, { option: true }],
  editorOfFile: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their first argument
    async ({}, use) => {
      let running: { file: string; editor: EditorBackend } | undefined
      await use(async (file, setup) => {
        if (running?.file === file) return running.editor
        await running?.editor.stop()
        running = undefined
        running = { file, editor: await startEditorBackend(setup) }
        return running.editor
      })
      await running?.editor.stop()
    },
    { scope: 'worker' },
  ],
  editor: async ({ editorOfFile, editorSetup }, use, testInfo) => {
    await use(await editorOfFile(testInfo.file, editorSetup))
  },
  editorConsole: [
    async ({ page }, use) => {
      const allowed: RegExp[] = []
      const errors = watchConsole(page, allowed)
      await use(allowed)
      expect(errors(), 'no console errors').toEqual([])
    },
    { auto: true },
  ],
  allowConsoleError: async ({ editorConsole }, use) => {
    await use((pattern) => editorConsole.push(pattern))
  },
})
