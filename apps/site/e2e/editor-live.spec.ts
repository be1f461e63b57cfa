import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type Page } from '@playwright/test'
import { paths } from '@it-lab/shared/catalogue'
import { parsePublishState } from '@it-lab/shared/publish-state'
import { SCHOOL_TIME_ZONE } from '@it-lab/shared/school-time'
import { publishStateRecorder } from '@it-lab/deploy/lib/editor-publish-state'
import { releasesDir, switchTo, writeRelease } from '@it-lab/deploy/lib/releases'
import type { EditorBackend } from './editor-backend.ts'
import { courseTitle, openEntry, PHONE_SCREEN, readContent, save } from './editor-page.ts'
import { expect, test } from './editor-test.ts'

// Whether her save is on the site (apps/editor/README.md, "Publishing, the launch and pictures";
// docs/decisions/0086-the-owners-own-editor.md): «Ждёт публикации» after «Сохранить», «На сайте
// с 14:32» with the page's link once publishing has put it live, «Не опубликовано: …» with the
// reason in her words when publishing refused it, and the preview notice while the site is not
// launched. Publishing is played here as `npm run publish` ends a run: a release made live in a
// scratch deploy root, then its state written by the deploy's own writer
// (deploy/lib/editor-publish-state.ts) where the gateway reads it.

test.describe.configure({ mode: 'serial', timeout: 120_000 })
test.use({ ...PHONE_SCREEN, actionTimeout: 15_000 })

let releases = 0

/**
 * A publishing run over the branch's newest commit: published (a new live release, a preview
 * before the launch or not) or refused with the chat's lines, the live release kept.
 */
function publishingRun(
  editor: EditorBackend,
  run: { published: true; preview: boolean } | { published: false; problems: string[] },
): void {
  const root = editor.deployRoot
  const commit = editor.git('rev-parse', 'HEAD')
  if (run.published) {
    releases += 1
    const id = `2030030${releases}T103200Z-${commit.slice(0, 7)}`
    mkdirSync(path.join(releasesDir(root), id), { recursive: true })
    writeRelease(root, {
      id,
      commit: commit.slice(0, 7),
      builtAt: new Date().toISOString(),
      assets: [],
      state: 'good',
      ...(run.preview && { preview: true }),
    })
    switchTo(root, id)
  }
  const recorder = publishStateRecorder(root, editor.repo, editor.publishStateFile)
  recorder.finished(commit, run.published, run.published ? [] : run.problems, {
    outside: false,
    operatorEmailed: true,
  })
  recorder.write()
}

/** «14:32»: when the live commit went live, in the school's time (the same day). */
function liveTime(editor: EditorBackend): string {
  const state = parsePublishState(readFileSync(editor.publishStateFile, 'utf8'))
  if (!state) throw new Error('publishing wrote no state')
  return new Intl.DateTimeFormat('ru-RU', {
    timeZone: SCHOOL_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(state.liveSince))
}

const PREVIEW_NOTICE = /^Сайт ещё не запущен: правки на нём видны/
const saveState = (page: Page) => page.locator('.save-state')

async function changePrice(page: Page, price: string): Promise<void> {
  await page.getByLabel('Разовое посещение').fill(price)
  await save(page)
  await expect(saveState(page)).toHaveText('Ждёт публикации')
  await expect(saveState(page)).toHaveRole('status')
}

test('a save waits for publishing, then is on the site since its time with a link to its page', async ({
  page,
  editor,
}) => {
  // Nothing published yet: no notice, and the course waits.
  await openEntry(page, editor, 'courses/4.json')
  await expect(page.getByText(PREVIEW_NOTICE)).toHaveCount(0)

  // The site deployed as a preview: the notice says what that means, on every screen.
  publishingRun(editor, { published: true, preview: true })
  await openEntry(page, editor, 'courses/4.json')
  await expect(page.getByText(PREVIEW_NOTICE)).toBeVisible()
  await expect(saveState(page)).toHaveText(new RegExp(`^На сайте с ${liveTime(editor)}`))

  await changePrice(page, '1600')
  expect(readContent(editor, 'courses/4.json')).toMatchObject({ prices: { basic: 1600 } })

  // The next run publishes it: the waiting save says so by itself (it asks again while waiting).
  publishingRun(editor, { published: true, preview: true })
  const live = saveState(page)
  await expect(live).toHaveText(new RegExp(`^На сайте с ${liveTime(editor)}\\sОткрыть страницу$`), {
    timeout: 30_000,
  })
  await expect(live.getByRole('link', { name: 'Открыть страницу' })).toHaveAttribute(
    'href',
    paths.course('4'),
  )
  await page.getByRole('link', { name: '← Курсы' }).tap()
  await expect(page.getByText(PREVIEW_NOTICE)).toBeVisible()
})

test('a save publishing refused says why in her words, the entry named instead of its file', async ({
  page,
  editor,
}) => {
  await openEntry(page, editor, 'courses/4.json')
  await changePrice(page, '1700')
  publishingRun(editor, {
    published: false,
    problems: [
      'content/courses/4.json: поле «Цены за занятие → Разовое посещение» (prices.basic): цена не совпадает с прайсом (сейчас: 1700)',
      'content/courses/4.json: поле «Название» (title): слишком похоже на курс 6',
    ],
  })
  const refused = saveState(page)
  await expect(refused).toContainText(
    `Не опубликовано: курс 4 — ${courseTitle(4)}: поле «Цены за занятие → Разовое посещение»: цена не совпадает с прайсом (сейчас: 1700) (и ещё 1)`,
    { timeout: 30_000 },
  )
  // Each reason, in words: no file name, no field path.
  await expect(refused.getByRole('listitem')).toHaveText([
    `курс 4 — ${courseTitle(4)}: поле «Цены за занятие → Разовое посещение»: цена не совпадает с прайсом (сейчас: 1700)`,
    `курс 4 — ${courseTitle(4)}: поле «Название»: слишком похоже на курс 6`,
  ])
  await expect(refused).not.toContainText('content/')
  await expect(refused).not.toContainText('prices.basic')
  await expect(refused.getByRole('link')).toHaveCount(0)

  // Opened again later, the entry shows its last save's state.
  await openEntry(page, editor, 'courses/4.json')
  await expect(saveState(page)).toContainText('Не опубликовано: курс 4')
})

test('once the site is launched, the preview notice is gone', async ({ page, editor }) => {
  publishingRun(editor, { published: true, preview: false })
  await openEntry(page, editor, 'courses/4.json')
  await expect(saveState(page)).toHaveText(new RegExp(`^На сайте с ${liveTime(editor)}`))
  await expect(page.getByText(PREVIEW_NOTICE)).toHaveCount(0)
  await page.goto(`${editor.url}/admin/#/`)
  await expect(page.getByRole('heading', { name: 'Разделы' })).toBeVisible()
  await expect(page.getByText(PREVIEW_NOTICE)).toHaveCount(0)
})
