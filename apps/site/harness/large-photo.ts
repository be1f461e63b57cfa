import { randomBytes } from 'node:crypto'
import sharp from 'sharp'

// An owner's photo as a phone takes it: 4000×2500 (8:5), a JPEG of more than 5 MB. Drawn rather than
// stored (the repository keeps no binary test files): colour gradients with a fine grain, which
// weighs like a photo as a JPEG and, like a photo, is smooth once scaled down (so AVIF encodes fast).

export const LARGE_PHOTO_SIZE = { width: 4000, height: 2500 } as const

/** A new JPEG of more than 5 MB; each call draws a different grain. */
export async function largePhotoJpeg(): Promise<Buffer> {
  const { width, height } = LARGE_PHOTO_SIZE
  const grain = randomBytes(width * height * 3)
  const pixels = Buffer.alloc(width * height * 3)
  const channel = (value: number, at: number) =>
    Math.min(255, Math.max(0, Math.round(value + ((grain[at] ?? 0) & 31) - 16)))
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3
      pixels[at] = channel((x * 255) / width, at)
      pixels[at + 1] = channel((y * 255) / height, at + 1)
      pixels[at + 2] = channel(128 + 100 * Math.sin(x / 97) * Math.cos(y / 61), at + 2)
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 98 })
    .toBuffer()
}
