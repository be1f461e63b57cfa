// The school's announcements (docs/behaviour.md, "Announcements"): one file each in
// content/announcements/, written by the owner's editor. The build shows the ones not yet over on
// the day it runs; an announcement past its last day disappears at the next build.
import { readAnnouncements, type Announcement } from './content-files.ts'

export type { Announcement }

/** At most this many on the home page; the announcements page lists all. */
export const HOME_ANNOUNCEMENTS = 3

export const announcements: readonly Announcement[] =
  typeof __ANNOUNCEMENTS__ === 'undefined' ? readAnnouncements() : __ANNOUNCEMENTS__
