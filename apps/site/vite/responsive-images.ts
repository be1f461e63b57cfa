import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pictureHeader } from '@it-lab/content-check/picture-header'
import { contentFileName, PICTURE_MAX_PIXELS } from '@it-lab/shared/content'
import sharp from 'sharp'
import { IMAGE_CACHE_DIR } from './image-cache-dir.ts'

// The owner's photos as the pages serve them (docs/decisions/0070-responsive-photos-at-build.md):
// a large upload is cut to the proportion it is shown in and encoded at a few widths as AVIF and
// WebP, so a 5 MB photo from a phone weighs tens of kilobytes on a parent's phone. Kept apart from
// the content plugin so that other photos (teachers, the school) can use it with their own shape.

/** What one kind of picture is built into. */
export type ResponsiveImageSpec = {
  /** Widths in pixels, narrowest first; those wider than the source are left out. */
  widths: readonly number[]
  /** The proportion every width is cut to (the middle of the photo is kept). */
  aspect: { width: number; height: number }
  /** What the cut keeps instead of the middle: «attention», the part with skin and detail. */
  position?: 'attention'
}

export const IMAGE_FORMATS = [
  // AVIF at this quality is about half WebP's size for the same look; effort 4 keeps a build short.
  { format: 'avif', type: 'image/avif', options: { quality: 50, effort: 4 } },
  { format: 'webp', type: 'image/webp', options: { quality: 75, effort: 4 } },
] as const

export type ImageFormat = (typeof IMAGE_FORMATS)[number]['format']

/** The <img>'s own format inside <picture>: every browser that shows the site reads WebP. */
export const FALLBACK_FORMAT: ImageFormat = 'webp'

/** One encoded file. */
export type ImageVariant = { format: ImageFormat; width: number; height: number; file: string }

/** The widths built from a source `sourceWidth` pixels wide: never wider than the source. */
export function variantWidths(spec: ResponsiveImageSpec, sourceWidth: number): number[] {
  const widths = spec.widths.filter((width) => width <= sourceWidth)
  return widths.length > 0 ? widths : [Math.min(sourceWidth, spec.widths[0] ?? sourceWidth)]
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  )
}

/**
 * Builds `source` into every width of `spec` in every format, into `cacheDir`; a variant built
 * before from the same bytes and spec is reused. Each file is written under a temporary name and
 * renamed, so two builds at once never read a half-written file.
 */
export async function buildResponsiveImage(
  source: string,
  spec: ResponsiveImageSpec,
  cacheDir = IMAGE_CACHE_DIR,
): Promise<ImageVariant[]> {
  const bytes = await readFile(source)
  const key = createHash('sha256')
    .update(bytes)
    .update(JSON.stringify({ spec, IMAGE_FORMATS, sharp: sharp.versions.sharp }))
    .digest('hex')
    .slice(0, 16)
  const { width: sourceWidth, tooLarge } = await pictureHeader(bytes)
  if (tooLarge) throw new Error(`Картинка ${contentFileName(source)} слишком большая: ${tooLarge}`)
  const name = path.basename(source, path.extname(source))
  await mkdir(cacheDir, { recursive: true })
  const variants: ImageVariant[] = []
  for (const width of variantWidths(spec, sourceWidth)) {
    const height = Math.round((width * spec.aspect.height) / spec.aspect.width)
    for (const { format, options } of IMAGE_FORMATS) {
      const file = path.join(cacheDir, `${name}-${key}-${width}.${format}`)
      if (!(await exists(file))) {
        const encoded = await sharp(bytes, { limitInputPixels: PICTURE_MAX_PIXELS })
          .autoOrient() // a phone's photo stands as it was taken (its EXIF orientation)
          .resize(width, height, { fit: 'cover', position: spec.position ?? 'centre' })
          .toFormat(format, options)
          .toBuffer()
        const temporary = `${file}.${process.pid}.tmp`
        await writeFile(temporary, encoded)
        await rename(temporary, file)
      }
      variants.push({ format, width, height, file })
    }
  }
  return variants
}
