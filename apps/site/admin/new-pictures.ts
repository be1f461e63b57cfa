// A picture uploaded since the site was built is not among the built site's /uploads/ until the
// edit is published; Decap and the preview still name it by that address, which would answer
// 404 and show a broken picture. Such a picture is shown from the file the owner chose in this
// tab, else from the editor's repository through the proxy API (getMediaFile), before the
// browser asks for the missing address.

import { editorBranch } from './editor-api.ts'
import { chosenPictures } from './pictures.ts'

declare const __BUILT_UPLOADS__: readonly string[]

/** The pictures the built site has (scripts/editor-bundle.ts). */
const built = new Set(__BUILT_UPLOADS__)
/** A transparent pixel, shown for the moment the picture is read. */
export const WAITING = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw=='
const UPLOAD = /^\/uploads\/([^/?#]+)$/
const read = new Map<string, Promise<string | undefined>>()

type MediaFile = { content?: string; encoding?: string }

async function readPicture(api: string, name: string): Promise<string | undefined> {
  const response = await fetch(api, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      action: 'getMediaFile',
      params: { branch: await editorBranch(), path: `content/uploads/${name}` },
    }),
  })
  if (!response.ok) return undefined
  const file = (await response.json()) as MediaFile
  if (file.encoding !== 'base64' || typeof file.content !== 'string') return undefined
  const bytes = Uint8Array.from(atob(file.content), (char) => char.charCodeAt(0))
  return URL.createObjectURL(
    new Blob([bytes], { type: name.endsWith('.svg') ? 'image/svg+xml' : '' }),
  )
}

/** A picture's address while the built site does not have it yet: undefined when it does. */
export function newPictureName(src: string): string | undefined {
  const name = UPLOAD.exec(src)?.[1]
  return name !== undefined && !built.has(`/uploads/${name}`) ? name : undefined
}

function show(image: HTMLImageElement, api: string): void {
  const name = newPictureName(image.getAttribute('src') ?? '')
  if (name === undefined) return
  const chosen = chosenPictures.get(name)
  if (chosen) {
    image.src = chosen
    return
  }
  image.src = WAITING
  if (!read.has(name)) read.set(name, readPicture(api, name))
  void read.get(name)?.then((url) => {
    if (url && image.getAttribute('src') === WAITING) image.src = url
  })
}

const watched = new WeakSet<Document>()

/** Shows every new picture of `root` (Decap's page, or its preview's frame) from the repository. */
export function showNewPictures(root: Document, api: string): void {
  const view = root.defaultView
  if (!view || watched.has(root)) return
  watched.add(root)
  const visit = (node: Node) => {
    if (node instanceof view.HTMLImageElement) show(node, api)
    else if (node instanceof view.Element) {
      for (const image of node.querySelectorAll('img')) show(image, api)
    }
  }
  // A mutation record's callback runs before the image's own fetch starts (both are microtasks,
  // and the record's is queued first), so the missing address is never asked for.
  new MutationObserver((changes) => {
    for (const change of changes) {
      if (change.type === 'attributes') visit(change.target)
      else change.addedNodes.forEach(visit)
    }
  }).observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['src'] })
  visit(root.documentElement)
}
