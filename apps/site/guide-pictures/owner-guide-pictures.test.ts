import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  GUIDE,
  GUIDE_PICTURES,
  guidePictureProblems,
  linkedPictures,
} from './owner-guide-pictures.ts'

describe('the owner guide’s pictures', () => {
  it('are each linked from the guide, and the guide links no other', () => {
    const pictures = readdirSync(GUIDE_PICTURES).filter((file) => file.endsWith('.png'))
    const linked = linkedPictures(readFileSync(GUIDE, 'utf8'))
    expect(linked.length).toBeGreaterThan(0)
    expect(guidePictureProblems(linked, pictures)).toEqual([])
  })

  it('names a missing picture and an unlinked one', () => {
    const linked = linkedPictures(
      '<img src="owner-guide/price-phone.png" alt=""> ![](owner-guide/login-phone.png)',
    )
    expect(linked).toEqual(['price-phone.png', 'login-phone.png'])
    expect(guidePictureProblems(linked, ['price-phone.png', 'old.png'])).toEqual([
      'docs/owner-guide.md links owner-guide/login-phone.png, which is not there',
      'docs/owner-guide/old.png is not linked from docs/owner-guide.md',
    ])
  })
})
