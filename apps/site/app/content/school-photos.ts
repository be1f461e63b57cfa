// Photos of the school (docs/decisions/0074-teachers-and-school-photos.md): one file each in
// content/photos/, written by the owner's editor, shown as a gallery on the home page.
import { checkPhotos, ContentError, contentDir, type PhotoFile } from '@it-lab/shared/content'
import { byOrder, entryId } from './teachers.ts'

export type SchoolPhoto = {
  /** The file's name without .json: unique, so a stable key. */
  id: string
  /** The uploaded photo, as the file names it: '/uploads/lesson-1.jpg'. */
  image: string
  /** What the photo shows, for a screen reader and a photo that did not load. */
  alt: string
  /** Empty: no caption. */
  caption: string
  sample: boolean
}

/** The photos as the home page shows them: by «Порядок», then by file name. */
export function shownPhotos(files: readonly { file: string; value: PhotoFile }[]): SchoolPhoto[] {
  return [...files].sort(byOrder).map(({ file, value }) => ({
    id: entryId(file),
    image: value.image,
    alt: value.alt,
    caption: value.caption,
    sample: value.sample,
  }))
}

/** The photos of content/photos/; throws a ContentError naming each problem. */
export function readSchoolPhotos(dir = contentDir()): SchoolPhoto[] {
  const { photos, problems } = checkPhotos(dir)
  if (problems.length > 0) throw new ContentError(problems)
  return shownPhotos(photos)
}

export const schoolPhotos: readonly SchoolPhoto[] =
  typeof __SCHOOL_PHOTOS__ === 'undefined' ? readSchoolPhotos() : __SCHOOL_PHOTOS__
