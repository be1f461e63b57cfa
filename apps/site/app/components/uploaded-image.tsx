import type { UploadedPicture } from '#app/content/uploaded-pictures.ts'

type UploadedImageProps = {
  picture: UploadedPicture
  /** The size it is laid out at (its kind's, content/uploaded-pictures.ts): no layout shift. */
  width: number
  height: number
  /** Empty for a decorative picture (a course's, with its title beside it). */
  alt: string
  /** Images below the first screen load lazily; those on it do not, and an SVG's is inline. */
  eager?: boolean
  /** The page's largest paint (a photo on a phone): fetched before the scripts. */
  priority?: boolean
  /** How wide it is laid out, for a photo's srcset: a `sizes` attribute. */
  sizes: string
  className?: string
}

/**
 * An uploaded picture at its intrinsic ratio: an SVG as it is, a photo as <picture> with its
 * AVIF and WebP widths (docs/decisions/0070-responsive-photos-at-build.md).
 */
export function UploadedImage({
  picture,
  width,
  height,
  alt,
  eager = false,
  priority = false,
  sizes,
  className = '',
}: UploadedImageProps) {
  const { src, inline, srcset, sources } = picture
  const inlined = (eager || priority) && inline !== undefined
  const img = (
    <img
      src={inlined ? inline : src}
      srcSet={srcset}
      sizes={srcset ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority && !inlined ? 'high' : undefined}
      decoding="async"
      className={`h-auto w-full bg-brand-50 ${className}`}
    />
  )
  if (sources.length === 0) return img
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  )
}
