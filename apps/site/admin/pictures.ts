import { pictureFileName } from '@it-lab/shared/content'
import { pictureRefusal } from '@it-lab/shared/image-type'

// Pictures on the client (docs/decisions/0067-exact-values-in-the-editor.md): the picture
// window's file chooser offers images only, and a file that is not one (a .docx, a .pdf renamed)
// or is larger than the gateway takes is refused here with a sentence, before anything is sent.
// The gateway checks the same again (it reads the bytes too).

/** The kinds of image the gateway accepts: what the file chooser offers. */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/avif']

/** Why a chosen file cannot be a picture, or undefined when it can (the gateway's own words). */
export async function refusalOf(file: File): Promise<string | undefined> {
  const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer())
  return pictureRefusal(file.name, head, file.size)
}

/**
 * The pictures chosen in this tab, by the name Decap stores them under (it lowercases it): until
 * the entry is saved they exist only here, so they are shown from here (new-pictures.ts).
 */
export const chosenPictures = new Map<string, string>()

/** Shows a message the owner must read, until she closes it. */
export function showRefusal(message: string): void {
  document.querySelector('.it-lab-refusal')?.remove()
  const box = document.createElement('div')
  box.className = 'it-lab-refusal'
  box.setAttribute('role', 'alert')
  const text = document.createElement('p')
  text.textContent = message
  const close = document.createElement('button')
  close.type = 'button'
  close.textContent = 'Понятно'
  close.addEventListener('click', () => box.remove())
  box.append(text, close)
  document.body.append(box)
}

/** Checks the files chosen in the picture window before Decap reads them. */
export function guardPictureUploads(root: Document): void {
  const checked = new WeakSet<Event>()
  const offerImagesOnly = () => {
    for (const input of root.querySelectorAll<HTMLInputElement>('input[type="file"]')) {
      if (input.accept !== PICTURE_TYPES.join(',')) input.accept = PICTURE_TYPES.join(',')
    }
  }
  new MutationObserver(offerImagesOnly).observe(root.body, { childList: true, subtree: true })
  offerImagesOnly()

  // Capturing on the window runs before React's listener on its root: the event is held back
  // until the bytes are read, then sent on when every file is a picture.
  root.defaultView?.addEventListener(
    'change',
    (event) => {
      const input = event.target
      if (!(input instanceof HTMLInputElement) || input.type !== 'file' || checked.has(event))
        return
      event.stopImmediatePropagation()
      const files = [...(input.files ?? [])]
      void Promise.all(files.map(refusalOf)).then((refusals) => {
        const refusal = refusals.find(Boolean)
        if (refusal) {
          input.value = ''
          showRefusal(refusal)
          return
        }
        // Stored under a Latin name the media folder takes («Фото.jpg» → «foto.jpg»): Decap
        // would make «.jpg» of a Cyrillic one, which the gateway refuses.
        const named = new DataTransfer()
        for (const file of files) {
          const name = pictureFileName(file.name, `foto-${Date.now()}`)
          const renamed = name === file.name ? file : new File([file], name, { type: file.type })
          named.items.add(renamed)
          chosenPictures.set(name.toLowerCase(), URL.createObjectURL(renamed))
        }
        input.files = named.files
        const again = new Event('change', { bubbles: true })
        checked.add(again)
        input.dispatchEvent(again)
      })
    },
    true,
  )
}
