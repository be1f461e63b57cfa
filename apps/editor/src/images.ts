import { pictureRefusal, sniffImageType } from '@it-lab/shared/image-type'

// What the editor may store in content/uploads/: images only, told by their bytes, not by their
// names (a .pdf renamed .png is still refused), within the sizes the content check takes; the
// editor's page says the same before sending (packages/shared/src/content/image-type.ts).

/** Script in an SVG would run on the site's own origin when the file is opened by its address. */
const SVG_ACTIVE = /<script|<foreignObject|\son[a-z]+\s*=|(?:href|src)\s*=\s*["']?\s*javascript:/i

/** Why a file may not be stored as a picture (in Russian, for the owner), or undefined. */
export function imageRefusal(fileName: string, bytes: Buffer): string | undefined {
  const refusal = pictureRefusal(fileName, bytes, bytes.length)
  if (refusal) return refusal
  if (sniffImageType(bytes) === 'svg' && SVG_ACTIVE.test(bytes.toString('utf8'))) {
    return `В рисунке «${fileName}» есть программный код, а на сайт можно загружать только картинки. Сохраните рисунок заново как PNG или загрузите фотографию или рисунок в формате JPG, PNG, WebP, AVIF или SVG.`
  }
  return undefined
}
