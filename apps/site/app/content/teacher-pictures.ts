// Teachers' photos as the build made them (a portrait, cut to 4:5): only the pages that show
// teachers carry their addresses.
import uploads from 'virtual:content-uploads/teacher'
import { PICTURE_SIZES, uploadedPicture, type UploadedPicture } from './uploaded-pictures.ts'

export const TEACHER_PHOTO_SIZE = PICTURE_SIZES.teacher

/** A teacher's photo as built, from the file's `photo` ('/uploads/teacher-1.jpg'). */
export function teacherPicture(photo: string): UploadedPicture {
  return uploadedPicture(uploads, photo)
}
