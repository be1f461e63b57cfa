import { describe, expect, it } from 'vitest'
import { pictureRefusal, sniffPicture } from './pictures.ts'

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])),
  )

describe('sniffPicture', () => {
  it('knows the images the gateway takes by their first bytes', () => {
    expect(sniffPicture(bytes(0x89, 'PNG', 13, 10))).toBe('image/png')
    expect(sniffPicture(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg')
    expect(sniffPicture(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp')
    expect(sniffPicture(bytes(0, 0, 0, 28, 'ftypavif'))).toBe('image/avif')
    expect(sniffPicture(bytes('<?xml version="1.0"?>\n<svg xmlns="x">'))).toBe('image/svg+xml')
  })

  it('refuses a document, whatever its name says', () => {
    expect(sniffPicture(bytes('%PDF-1.7'))).toBeUndefined()
    expect(sniffPicture(bytes('PK', 3, 4))).toBeUndefined()
    expect(sniffPicture(bytes('<html><svg>'))).toBeUndefined()
  })
})

describe('pictureRefusal', () => {
  it('names the file and says what to do', async () => {
    const pdf = new File(['%PDF-1.7'], 'договор.pdf')
    expect(await pictureRefusal(pdf)).toBe(
      'Файл «договор.pdf» — не картинка. Загрузите фотографию или рисунок в формате JPG, PNG, WebP, AVIF или SVG.',
    )
    const renamed = new File(['%PDF-1.7'], 'photo.png')
    expect(await pictureRefusal(renamed)).toContain('не картинка')
    const png = new File([bytes(0x89, 'PNG', 13, 10)], 'photo.png')
    expect(await pictureRefusal(png)).toBeUndefined()
  })

  it('refuses a file over 15 МБ in megabytes, not kilobytes', async () => {
    const big = new File([new Uint8Array(16 * 1024 * 1024)], 'big.jpg')
    expect(await pictureRefusal(big)).toBe(
      'Файл «big.jpg» весит 16,0 МБ, а можно до 15 МБ. Уменьшите фотографию и загрузите снова.',
    )
  })
})
