import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { sniffImageType } from './image-type.ts'

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part)] : part)),
  )

describe('sniffImageType', () => {
  it.each([
    ['png', bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13])],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF')],
    ['webp', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ')],
    ['avif', bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0], 'avifmif1miaf')],
    // AVIF named only among the compatible brands.
    ['avif', bytes([0, 0, 0, 0x1c], 'ftypmif1', [0, 0, 0, 0], 'miafavifMA1B')],
    ['svg', bytes('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"></svg>')],
    [
      'svg',
      bytes('\uFEFF<?xml version="1.0"?>\n<!-- drawn -->\n<!DOCTYPE svg>\n<svg\n  width="1">'),
    ],
  ])('tells %s from its bytes', (type, data) => {
    expect(sniffImageType(data)).toBe(type)
  })

  it('tells the shipped course pictures as SVG', () => {
    const dir = path.join(import.meta.dirname, '../../../../content/uploads')
    expect(sniffImageType(readFileSync(path.join(dir, 'course-1.svg')))).toBe('svg')
  })

  it.each([
    ['a PDF', bytes('%PDF-1.7\n')],
    ['a .docx (a ZIP)', bytes('PK', [3, 4, 20, 0])],
    ['an HEIC photo', bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic')],
    ['a GIF', bytes('GIF89a')],
    ['an HTML page', bytes('<!doctype html><html><svg></svg></html>')],
    ['text', bytes('svg')],
    ['nothing', bytes()],
  ])('takes %s for no picture', (_what, data) => {
    expect(sniffImageType(data)).toBeUndefined()
  })
})
