import path from 'node:path'
import { pictureRefusal, PICTURE_MAX_PIXELS, sniffImageType } from '@it-lab/shared/image-type'
import sharp from 'sharp'

// What the editor stores in content/uploads/ (docs/decisions/0081-the-editor-as-a-door.md): a
// raster picture decoded and encoded anew by sharp, whatever bytes came in. A polyglot (a JPEG
// that is also an HTML page or a ZIP), trailing bytes, metadata (a phone's GPS position among it)
// and anything a decoder would never show do not survive; SVG, which can hold script, is not taken
// at all. The editor's page says the same before sending (packages/shared/src/content/image-type.ts).

export type PictureRefusal = { status: 413 | 422; error: string }

const TOO_MANY_PIXELS = (name: string) =>
  `Картинка «${name}» слишком большая по размеру в точках. Уменьшите её (например, до 4000 точек по длинной стороне) и загрузите снова.`
const UNREADABLE = (name: string) =>
  `Картинку «${name}» не удалось прочитать: файл повреждён или это не картинка. Сохраните её заново как JPG или PNG и загрузите снова.`

/** The same picture encoded anew in the format its name says, or why it cannot be stored. */
export async function cleanPicture(
  file: string,
  bytes: Buffer,
): Promise<{ ok: true; bytes: Buffer } | ({ ok: false } & PictureRefusal)> {
  const name = path.posix.basename(file)
  const refusal = pictureRefusal(name, bytes, bytes.length)
  if (refusal !== undefined) {
    return { ok: false, status: refusal.includes('слишком большая') ? 413 : 422, error: refusal }
  }
  try {
    // The pixel limit is read from the header: a bomb is refused before anything is decoded.
    const image = sharp(bytes, { limitInputPixels: PICTURE_MAX_PIXELS, failOn: 'error' }).rotate()
    const type = sniffImageType(bytes)
    const encoded =
      type === 'png'
        ? image.png()
        : type === 'webp'
          ? image.webp({ quality: 90 })
          : type === 'avif'
            ? image.avif({ quality: 70 })
            : image.jpeg({ quality: 90 })
    return { ok: true, bytes: await encoded.toBuffer() }
  } catch (error) {
    const tooLarge = error instanceof Error && /pixel limit/i.test(error.message)
    return tooLarge
      ? { ok: false, status: 413, error: TOO_MANY_PIXELS(name) }
      : { ok: false, status: 422, error: UNREADABLE(name) }
  }
}
