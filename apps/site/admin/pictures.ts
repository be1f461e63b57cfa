// Pictures on the client (docs/decisions/0067-exact-values-in-the-editor.md): the picture
// window's file chooser offers images only, and a file that is not one (a .docx, a .pdf renamed)
// or is larger than the gateway takes is refused here with a sentence, before anything is sent.
// The gateway checks the same again (it reads the bytes too).

/** What the gateway accepts: these kinds of image, up to this size. */
export const PICTURE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/avif',
  'image/svg+xml',
]
export const PICTURE_MAX_BYTES = 15 * 1024 * 1024
const PICTURE_EXTENSIONS = /\.(?:png|jpe?g|webp|avif|svg)$/i

/** The kind of image the first bytes say, or undefined when they are not one of those taken. */
export function sniffPicture(bytes: Uint8Array): string | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
  if (bytes[0] === 0x89 && ascii(1, 4) === 'PNG') return 'image/png'
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp'
  if (ascii(4, 8) === 'ftyp' && /^avi[fs]$/.test(ascii(8, 12))) return 'image/avif'
  const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '')
  if (/^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(text)) {
    return 'image/svg+xml'
  }
  return undefined
}

/** Why a chosen file cannot be a picture, or undefined when it can. */
export async function pictureRefusal(file: File): Promise<string | undefined> {
  if (file.size > PICTURE_MAX_BYTES) {
    const megabytes = (file.size / 1024 / 1024).toFixed(1).replace('.', ',')
    return `Файл «${file.name}» весит ${megabytes} МБ, а можно до 15 МБ. Уменьшите фотографию и загрузите снова.`
  }
  const kind = sniffPicture(new Uint8Array(await file.slice(0, 4096).arrayBuffer()))
  if (!kind || !PICTURE_EXTENSIONS.test(file.name)) {
    // The gateway's own words for the same refusal (apps/editor/src/images.ts).
    return `Файл «${file.name}» — не картинка. Загрузите фотографию или рисунок в формате JPG, PNG, WebP, AVIF или SVG.`
  }
  return undefined
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
      void Promise.all(files.map(pictureRefusal)).then((refusals) => {
        const refusal = refusals.find(Boolean)
        if (refusal) {
          input.value = ''
          showRefusal(refusal)
          return
        }
        for (const file of files) {
          chosenPictures.set(file.name.toLowerCase(), URL.createObjectURL(file))
        }
        const again = new Event('change', { bubbles: true })
        checked.add(again)
        input.dispatchEvent(again)
      })
    },
    true,
  )
}
