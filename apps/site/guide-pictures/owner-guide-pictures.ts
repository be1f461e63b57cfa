import path from 'node:path'

// The owner guide's pictures (docs/owner-guide.md, docs/owner-guide/*.png): the guide links only
// pictures that guide-pictures/owner-guide-screenshots.ts makes, and every one it makes is linked.

const REPO = path.join(import.meta.dirname, '..', '..', '..')
export const GUIDE = path.join(REPO, 'docs', 'owner-guide.md')
export const GUIDE_PICTURES = path.join(REPO, 'docs', 'owner-guide')

/** The file names of the pictures the guide links (`owner-guide/price-phone.png`). */
export function linkedPictures(guide: string): string[] {
  return [...guide.matchAll(/owner-guide\/([^"')\s]+\.png)/g)].map((match) => match[1] ?? '')
}

/** What is wrong between the guide's links and the pictures there are, one line each. */
export function guidePictureProblems(linked: readonly string[], pictures: readonly string[]) {
  const there = new Set(pictures)
  const used = new Set(linked)
  return [
    ...[...used]
      .filter((file) => !there.has(file))
      .map((file) => `docs/owner-guide.md links owner-guide/${file}, which is not there`),
    ...[...there]
      .filter((file) => !used.has(file))
      .map((file) => `docs/owner-guide/${file} is not linked from docs/owner-guide.md`),
  ]
}
