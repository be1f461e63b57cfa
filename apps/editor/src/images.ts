// What the editor may store in content/uploads/: images only, told by their bytes, not by their
// names (a .pdf renamed .png is still refused), at most 15 MB (the build makes the site's sizes).

const UPLOAD_MAX_BYTES = 15 * 1024 * 1024

type ImageKind = 'png' | 'jpeg' | 'webp' | 'avif' | 'svg'

const KIND_BY_EXTENSION: Record<string, ImageKind> = {
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  webp: 'webp',
  avif: 'avif',
  svg: 'svg',
}

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte)

const ascii = (bytes: Buffer, from: number, to: number) =>
  bytes.subarray(from, to).toString('latin1')

/** An ISO-BMFF file (AVIF) whose major or compatible brands say it is an AVIF image. */
function isAvif(bytes: Buffer): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false
  const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256)
  for (let at = 8; at + 4 <= boxSize; at += 4) {
    if (at === 12) continue // the minor version, not a brand
    if (/^avi[fs]$/.test(ascii(bytes, at, at + 4))) return true
  }
  return false
}

const SVG_START = /^(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*<svg[\s>]/i

function isSvg(bytes: Buffer): boolean {
  const text = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
  return SVG_START.test(text)
}

/** What the bytes are, or undefined when they are not one of the accepted images. */
function imageKind(bytes: Buffer): ImageKind | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp'
  if (isAvif(bytes)) return 'avif'
  if (isSvg(bytes)) return 'svg'
  return undefined
}

/** Script in an SVG would run on the site's own origin when the file is opened by its address. */
const SVG_ACTIVE = /<script|<foreignObject|\son[a-z]+\s*=|(?:href|src)\s*=\s*["']?\s*javascript:/i

const megabytes = (bytes: number) =>
  `${(bytes / 1024 / 1024).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} МБ`

const ACCEPTED = 'фотографию или рисунок в формате JPG, PNG, WebP, AVIF или SVG'

/** Why a file may not be stored as a picture (in Russian, for the owner), or undefined. */
export function imageRefusal(fileName: string, bytes: Buffer): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? ''
  const expected = KIND_BY_EXTENSION[extension]
  const kind = imageKind(bytes)
  if (expected === undefined || kind !== expected) {
    return `Файл «${fileName}» — не картинка. Загрузите ${ACCEPTED}.`
  }
  if (bytes.length > UPLOAD_MAX_BYTES) {
    return `Картинка «${fileName}» слишком большая: ${megabytes(bytes.length)}. Можно до ${megabytes(UPLOAD_MAX_BYTES)}: уменьшите её или выберите другую.`
  }
  if (kind === 'svg' && SVG_ACTIVE.test(bytes.toString('utf8'))) {
    return `В рисунке «${fileName}» есть программный код, а на сайт можно загружать только картинки. Сохраните рисунок заново как PNG или загрузите ${ACCEPTED}.`
  }
  return undefined
}
