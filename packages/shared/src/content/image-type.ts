// What kind of picture a file holds, told from its bytes rather than its name: the content check
// refuses anything in content/uploads/ that is not one of these (a .pdf renamed .png included).

/**
 * An uploaded photo: at most this many bytes (the editor refuses a larger file too). The build
 * resizes it for the pages (docs/decisions/0070-responsive-photos-at-build.md), so only the upload
 * is limited.
 */
export const IMAGE_MAX_BYTES = 15 * 1024 * 1024
/**
 * The most pixels a picture may have (100 megapixels, twice the largest phone photo): read from
 * its header, so a decompression bomb (a few KB declaring 30,000 × 30,000) is refused before it
 * is decoded, by the editor and by the build.
 */
export const PICTURE_MAX_PIXELS = 100_000_000
/** An SVG is served as it is: at most this many bytes. */
export const SVG_MAX_BYTES = 500 * 1024

export const IMAGE_TYPES = ['png', 'jpeg', 'webp', 'avif', 'svg'] as const
export type ImageType = (typeof IMAGE_TYPES)[number]

/** The picture type each file extension stands for. */
export const EXTENSION_IMAGE_TYPE: Readonly<Record<string, ImageType>> = {
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  webp: 'webp',
  avif: 'avif',
  svg: 'svg',
}

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end))

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  signature.every((byte, index) => bytes[index] === byte)

/** An SVG document: text whose first element, after an XML declaration, comments and a doctype, is <svg>. */
function isSvg(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 4096)
  if (head.includes(0)) return false
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(head)
    .replace(/^\uFEFF/, '')
    .replace(/^(?:\s+|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)*/i, '')
  return /^<svg[\s>]/i.test(text)
}

/** The type of picture these bytes are, or undefined when they are no picture the site takes. */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return 'webp'
  }
  // ISO base media: a `ftyp` box whose major brand (at 8) or a compatible one (from 16) is AVIF.
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === 'ftyp') {
    const boxEnd = Math.min(new DataView(bytes.buffer, bytes.byteOffset).getUint32(0), bytes.length)
    const brands = [
      8,
      ...Array.from({ length: Math.max(0, (boxEnd - 16) >> 2) }, (_, i) => 16 + i * 4),
    ]
    return brands.some((at) => ['avif', 'avis'].includes(ascii(bytes, at, at + 4)))
      ? 'avif'
      : undefined
  }
  return isSvg(bytes) ? 'svg' : undefined
}

const megabytes = (bytes: number) =>
  `${(bytes / 1024 / 1024).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} МБ`

/**
 * Why a file may not be uploaded as a picture, in the owner's words, or undefined: the editor's
 * page says it before sending (from the file's first 4 KB) and the gateway again on what arrives.
 * SVG is refused: it can hold script (docs/decisions/0081-the-editor-as-a-door.md); the shipped
 * course drawings are SVG, but they come with the code, not through the editor.
 */
export function pictureRefusal(
  fileName: string,
  head: Uint8Array,
  size: number,
): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? ''
  const type = sniffImageType(head)
  if (type === 'svg' || extension === 'svg') {
    return `Рисунки SVG редактор не принимает: в них может быть программный код. Сохраните рисунок «${fileName}» как PNG и загрузите его.`
  }
  if (type === undefined || EXTENSION_IMAGE_TYPE[extension] !== type) {
    return `Файл «${fileName}» — не картинка. Загрузите фотографию или рисунок в формате JPG, PNG, WebP или AVIF.`
  }
  if (size > IMAGE_MAX_BYTES) {
    return `Картинка «${fileName}» слишком большая: ${megabytes(size)}. Можно до ${megabytes(IMAGE_MAX_BYTES)}: уменьшите её или выберите другую.`
  }
  return undefined
}
