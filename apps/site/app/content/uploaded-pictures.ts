// The owner's uploaded pictures as the build made them, by kind of picture
// (docs/decisions/0070-responsive-photos-at-build.md, 0074-teachers-and-school-photos.md): the
// build's content plugin gives each kind its own virtual module (`virtual:content-uploads/<kind>`),
// so a page's script carries the addresses of the pictures it shows only.
import type { PictureKind } from '@it-lab/shared/content'

/** A picture as the build made it. */
export type UploadedPicture = {
  /** The <img>'s own file: the SVG as uploaded, or a photo's WebP at the shown width. */
  src: string
  /**
   * An SVG as a `data:` URL, in the prerendered pages only (vite/content-plugin.ts): a picture
   * on the first screen paints with the document, with no request of its own.
   */
  inline?: string
  /** A photo's WebP at every width built ('… 320w, … 640w'); none for an SVG. */
  srcset?: string
  /** A photo's better formats for <picture>, each with its srcset; empty for an SVG. */
  sources: readonly { type: string; srcset: string }[]
}

/**
 * The size each kind is laid out at, for the width and height attributes (no layout shift): its
 * proportion, at the width its `<img>`'s own `src` has.
 */
export const PICTURE_SIZES: Readonly<Record<PictureKind, { width: number; height: number }>> = {
  course: { width: 640, height: 400 },
  teacher: { width: 480, height: 600 },
  photo: { width: 640, height: 480 },
}

/** The picture `image` ('/uploads/a.jpg') of a kind's built pictures; throws when it was not built. */
export function uploadedPicture(
  pictures: Readonly<Record<string, UploadedPicture>>,
  image: string,
): UploadedPicture {
  const picture = pictures[image]
  if (picture === undefined) throw new Error(`no uploaded picture ${image} in content/uploads/`)
  return picture
}
