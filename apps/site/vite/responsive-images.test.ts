import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { largePhotoJpeg } from '../harness/large-photo.ts'
import { pixelBombPng } from '../harness/pixel-bomb.ts'
import { COURSE_PHOTO, PICTURE_SPECS } from './content-plugin.ts'
import { buildResponsiveImage, variantWidths } from './responsive-images.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'responsive-images-'))
const cache = path.join(dir, 'cache')
const photo = path.join(dir, 'uploads', 'lesson.jpg')

beforeAll(async () => {
  mkdirSync(path.dirname(photo))
  writeFileSync(photo, await largePhotoJpeg())
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))
afterEach(() => vi.unstubAllEnvs())

describe('a course photo built at build time', () => {
  it('turns a 5 MB JPEG into AVIF and WebP at every width, cut to 8:5, each a small file', async () => {
    expect(statSync(photo).size).toBeGreaterThan(5 * 1024 * 1024)
    const variants = await buildResponsiveImage(photo, COURSE_PHOTO, cache)
    expect(variants.map(({ format, width, height }) => `${format} ${width}×${height}`)).toEqual([
      'avif 320×200',
      'webp 320×200',
      'avif 640×400',
      'webp 640×400',
      'avif 960×600',
      'webp 960×600',
      'avif 1280×800',
      'webp 1280×800',
    ])
    for (const variant of variants) {
      const metadata = await sharp(variant.file).metadata()
      // sharp names AVIF by its container, HEIF, with AV1 inside.
      expect(metadata.format).toBe(variant.format === 'avif' ? 'heif' : 'webp')
      if (variant.format === 'avif') expect(metadata.compression).toBe('av1')
      expect([metadata.width, metadata.height]).toEqual([variant.width, variant.height])
      expect(statSync(variant.file).size).toBeLessThan(200 * 1024)
    }
  })

  it('reuses what it built for the same bytes, and builds anew when the photo changes', async () => {
    const first = await buildResponsiveImage(photo, COURSE_PHOTO, cache)
    const written = first.map(({ file }) => statSync(file).mtimeMs)
    const again = await buildResponsiveImage(photo, COURSE_PHOTO, cache)
    expect(again).toEqual(first)
    expect(again.map(({ file }) => statSync(file).mtimeMs)).toEqual(written)

    const cropped = path.join(dir, 'uploads', 'lesson-small.jpg')
    await sharp(photo).resize(800, 500).jpeg().toFile(cropped)
    const small = await buildResponsiveImage(cropped, COURSE_PHOTO, cache)
    // Never wider than the photo: an 800-pixel photo gives 320 and 640 only.
    expect(small.map(({ width }) => width)).toEqual([320, 320, 640, 640])
    expect(small.every(({ file }) => !first.some((built) => built.file === file))).toBe(true)
  })

  it('refuses a decompression bomb by its header within a second, naming the file in Russian', async () => {
    const content = path.join(dir, 'content')
    vi.stubEnv('CONTENT_DIR', content)
    const bomb = path.join(content, 'uploads', 'bomb.png')
    mkdirSync(path.dirname(bomb), { recursive: true })
    writeFileSync(bomb, pixelBombPng(30_000, 30_000))
    const started = performance.now()
    await expect(buildResponsiveImage(bomb, COURSE_PHOTO, cache)).rejects.toThrow(
      'Картинка content/uploads/bomb.png слишком большая: 30000 × 30000 точек (900 млн), а можно не больше 100 млн',
    )
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('takes the widths no wider than the source, at least one', () => {
    expect(variantWidths(COURSE_PHOTO, 4000)).toEqual([320, 640, 960, 1280])
    expect(variantWidths(COURSE_PHOTO, 1000)).toEqual([320, 640, 960])
    expect(variantWidths(COURSE_PHOTO, 200)).toEqual([200])
  })
})

describe("a teacher's and the school's photos (docs/decisions/0074-teachers-and-school-photos.md)", () => {
  it.each([
    ['teacher', ['240×300', '480×600', '720×900', '960×1200']],
    ['photo', ['320×240', '640×480', '960×720', '1280×960']],
  ] as const)(
    'a 5 MB JPEG of 8:5 becomes a %s picture of its own shape, AVIF and WebP at every width',
    async (kind, sizes) => {
      const variants = await buildResponsiveImage(photo, PICTURE_SPECS[kind], cache)
      expect(variants.map(({ format, width, height }) => `${format} ${width}×${height}`)).toEqual(
        sizes.flatMap((size) => [`avif ${size}`, `webp ${size}`]),
      )
      for (const variant of variants) {
        const metadata = await sharp(variant.file).metadata()
        expect(metadata.format).toBe(variant.format === 'avif' ? 'heif' : 'webp')
        expect([metadata.width, metadata.height]).toEqual([variant.width, variant.height])
        expect(statSync(variant.file).size).toBeLessThan(200 * 1024)
      }
    },
  )
})
