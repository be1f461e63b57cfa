// Photos of the school (docs/decisions/0074-teachers-and-school-photos.md): one file each in
// content/photos/, written by the owner's editor, shown as a gallery on the home page.
import { readSchoolPhotos, type SchoolPhoto } from './teacher-photo-files.ts'

export type { SchoolPhoto }

export const schoolPhotos: readonly SchoolPhoto[] =
  typeof __SCHOOL_PHOTOS__ === 'undefined' ? readSchoolPhotos() : __SCHOOL_PHOTOS__
