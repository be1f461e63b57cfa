import { pictureRefusal } from '@it-lab/shared/image-type'

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
