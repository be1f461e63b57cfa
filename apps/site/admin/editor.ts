// The editor's own script, loaded after Decap's (decap-cms.js) by /admin/index.html and bundled
// at build into /admin/editor.js (scripts/post-build.ts). Decap has started by now; it reads its
// configuration over the network, so what is registered here is in place before the first screen.
import { keepAriaLabelsRussian } from './aria.ts'
import { CMS } from './decap.ts'
import { EDITOR_API } from './editor-api.ts'
import { showNewPictures } from './new-pictures.ts'
import { guardPictureUploads } from './pictures.ts'
import {
  announcementPreview,
  coursePreview,
  faqPreview,
  photoPreview,
  reviewPreview,
  teacherPreview,
} from './preview.tsx'
import { mergePhrases, RUSSIAN_FIXES, russianConfirm, russianMessage } from './russian.ts'
import { postLogout, shareGatewaySession } from './session.ts'
import { watchForStaleSaves } from './stale-tab.ts'
import { registerWidgets } from './widgets.ts'

shareGatewaySession(window.localStorage, Storage.prototype, () => postLogout(document))

const base = CMS.getLocale('ru')
if (base) CMS.registerLocale('ru', mergePhrases(base, RUSSIAN_FIXES))

registerWidgets(
  (name) => CMS.getWidget(name),
  (name, control) => CMS.registerWidget(name, control),
)

CMS.registerPreviewStyle('/admin/site.css')
CMS.registerPreviewTemplate('courses', coursePreview)
CMS.registerPreviewTemplate('announcements', announcementPreview)
CMS.registerPreviewTemplate('teachers', teacherPreview)
CMS.registerPreviewTemplate('photos', photoPreview)
CMS.registerPreviewTemplate('faq', faqPreview)
CMS.registerPreviewTemplate('reviews', reviewPreview)

// Decap refuses to save an entry with a refused field by rejecting with no reason and leaves the
// rejection unhandled; the owner sees the refusal at the field, so it is not an error.
window.addEventListener('unhandledrejection', (event) => {
  if (event.reason === undefined) event.preventDefault()
})

watchForStaleSaves(window)
keepAriaLabelsRussian(document.body)
guardPictureUploads(document)
showNewPictures(document, EDITOR_API)

// Decap's few English sentences (a failed upload or delete, a picture that exists already).
const confirm = window.confirm.bind(window)
window.confirm = (question) => confirm(russianConfirm(String(question ?? '')))
new MutationObserver((changes) => {
  for (const change of changes) {
    const nodes = change.type === 'characterData' ? [change.target] : [...change.addedNodes]
    for (const node of nodes) {
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT)
      for (let text = walker.currentNode; text; text = walker.nextNode() as Node) {
        if (
          text.nodeType !== Node.TEXT_NODE ||
          !/Failed to|(?:Error|ERROR): /.test(text.nodeValue ?? '')
        ) {
          continue
        }
        text.nodeValue = russianMessage(text.nodeValue ?? '')
      }
    }
  }
}).observe(document.body, { childList: true, subtree: true, characterData: true })
