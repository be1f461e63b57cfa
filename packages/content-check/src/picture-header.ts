import { PICTURE_MAX_PIXELS } from '@it-lab/shared/content'
import sharp from 'sharp'

// A picture's size from its header alone: the content check refuses a picture too large to build
// (in Russian, for the owner), and the build checks again before it encodes one.

/**
 * Why a picture of `width` × `height` is too large to build (in Russian, for the owner), or
 * undefined. The limit (packages/shared/src/content/image-type.ts) is the editor's too: a phone's
 * photo fits, a decompression bomb (a few KB declaring 30000 × 30000) does not.
 */
function tooManyPixels(width: number, height: number): string | undefined {
  const pixels = width * height
  if (pixels <= PICTURE_MAX_PIXELS) return undefined
  return (
    `${width} × ${height} точек (${Math.round(pixels / 1e6)} млн), а можно не больше ` +
    `${PICTURE_MAX_PIXELS / 1e6} млн: уменьшите её (например, до 4000 точек по длинной стороне) ` +
    'и загрузите заново'
  )
}

/** A content picture's size as its header declares it, and why it is too large (or undefined). */
export async function pictureHeader(input: string | Buffer) {
  // Only the header is read, no pixel decoded: the size is learnt here and checked by
  // tooManyPixels, in Russian, where sharp's own limit would say only "exceeds pixel limit".
  const { width, height } = (await sharp(input, { limitInputPixels: false }).metadata()).autoOrient
  return { width, height, tooLarge: tooManyPixels(width, height) }
}
