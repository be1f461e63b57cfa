import { describe, expect, it } from 'vitest'
import { refusalOf } from './pictures.ts'

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])),
  )

describe('refusalOf', () => {
  it('names the file and says what to do', async () => {
    const pdf = new File(['%PDF-1.7'], 'договор.pdf')
    expect(await refusalOf(pdf)).toBe(
      'Файл «договор.pdf» — не картинка. Загрузите фотографию или рисунок в формате JPG, PNG, WebP или AVIF.',
    )
    const renamed = new File(['%PDF-1.7'], 'photo.png')
    expect(await refusalOf(renamed)).toContain('не картинка')
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"></svg>'], 'рисунок.svg')
    expect(await refusalOf(svg)).toContain('Рисунки SVG редактор не принимает')
    const png = new File([bytes(0x89, 'PNG', 13, 10, 26, 10)], 'photo.png')
    expect(await refusalOf(png)).toBeUndefined()
  })

  it('refuses a file over 15 МБ in megabytes, not kilobytes', async () => {
    const big = new File(
      [bytes(0xff, 0xd8, 0xff, 0xe0), new Uint8Array(16 * 1024 * 1024)],
      'big.jpg',
    )
    expect(await refusalOf(big)).toBe(
      'Картинка «big.jpg» слишком большая: 16 МБ. Можно до 15 МБ: уменьшите её или выберите другую.',
    )
  })
})
