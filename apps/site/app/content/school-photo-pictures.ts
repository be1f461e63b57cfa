// The school's photos as the build made them (cut to 4:3): only the home page carries them.
import uploads from 'virtual:content-uploads/photo'
import { PICTURE_SIZES, uploadedPicture, type UploadedPicture } from './uploaded-pictures.ts'

export const SCHOOL_PHOTO_SIZE = PICTURE_SIZES.photo

/** A photo of the school as built, from the file's `image` ('/uploads/lesson-1.jpg'). */
export function schoolPhotoPicture(image: string): UploadedPicture {
  return uploadedPicture(uploads, image)
}
