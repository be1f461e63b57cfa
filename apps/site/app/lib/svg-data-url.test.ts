import { describe, expect, it } from 'vitest'
import { svgDataUrl } from './svg-data-url.ts'

describe('svgDataUrl', () => {
  it('gives a data: URL that is the same picture, the whitespace between tags dropped', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4">\n  <rect width="4" height="4" fill="#FEF9C3"/>\n  <text>50% «Ё»</text>\n</svg>\n'
    const url = svgDataUrl(svg)
    expect(url).toMatch(/^data:image\/svg\+xml,/)
    expect(url).not.toMatch(/["#<>\n]/)
    expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4" fill="#FEF9C3"/><text>50% «Ё»</text></svg>',
    )
  })
})
