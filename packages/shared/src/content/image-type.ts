// What kind of picture a file holds, told from its bytes rather than its name: the content check
// refuses anything in content/uploads/ that is not one of these (a .pdf renamed .png included).

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
