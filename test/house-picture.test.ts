import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { HOUSE_PAGE, housePicture, withPicture } from './house-picture.ts'

it('docs/architecture.md shows the house the code draws (npm run docs:architecture redraws it)', () => {
  const page = readFileSync(HOUSE_PAGE, 'utf8')
  expect(withPicture(page, housePicture())).toBe(page)
})
