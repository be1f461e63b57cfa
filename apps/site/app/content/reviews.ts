// Parents' reviews (docs/decisions/0076-answers-reviews-way-licence.md): one file each in
// content/reviews/, copied by the owner from where the parent published it (with the link) or
// given with the parent's written consent. No stars and no score: those belong to the public
// source and change there.
import { readReviews, type Review } from './answers-files.ts'

export { REVIEW_LINK_LABELS, type Review } from './answers-files.ts'

export const reviews: readonly Review[] =
  typeof __REVIEWS__ === 'undefined' ? readReviews() : __REVIEWS__
