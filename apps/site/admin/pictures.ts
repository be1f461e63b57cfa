import { pictureRefusal } from '@it-lab/shared/image-type'
import { call } from './api.ts'

// Pictures on the client (docs/decisions/0067-exact-values-in-the-editor.md): the file chooser
// offers images only, and a file that is not one (a .docx, a .pdf renamed) or is larger than the
// gateway takes is refused at its field, before anything is sent. The gateway checks the same
// again (it reads the bytes too).

/** The kinds of image the gateway accepts: what the file chooser offers. */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/avif']

/** Why a chosen file cannot be a picture, or undefined when it can (the gateway's own words). */
export async function refusalOf(file: File): Promise<string | undefined> {
  const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer())
  return pictureRefusal(file.name, head, file.size)
}

const previews = new Map<string, Promise<string>>()

/**
 * A saved picture's small preview (`/uploads/photo.jpg`: the gateway's WebP of at most 320 px, a
 * drawing as it is) as a data: URL, asked once a visit: an entry's form asks for its pictures'
 * as soon as it has read the entry, and shows them once drawn. A new picture takes a new name.
 */
export function savedPreview(publicPath: string): Promise<string> {
  let preview = previews.get(publicPath)
  if (preview === undefined) {
    const type = publicPath.endsWith('.svg') ? 'image/svg+xml' : 'image/webp'
    preview = call<{ content: string }>('getMediaPreview', { path: `content${publicPath}` }).then(
      ({ content }) => `data:${type};base64,${content}`,
    )
    previews.set(publicPath, preview)
    preview.catch(() => previews.delete(publicPath))
  }
  return preview
}
