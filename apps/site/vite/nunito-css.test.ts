import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { NUNITO_CSS, nunitoCss } from './nunito-css.ts'

describe('app/nunito.css', () => {
  it('is what Fontsource and Capsize give now (run `node vite/nunito-css.ts` to refresh)', async () => {
    expect(await readFile(NUNITO_CSS, 'utf8')).toBe(await nunitoCss())
  })

  it('never swaps Nunito in under the reader: every face is optional', async () => {
    const css = await nunitoCss()
    expect(css.match(/font-display: optional;/g)).toHaveLength(5)
    expect(css).not.toContain('font-display: swap')
  })

  it('has fallback faces for every weight from 200 to 1000 for each local font, with no gap', async () => {
    const css = await nunitoCss()
    for (const family of ['Nunito fallback', 'Nunito fallback Roboto']) {
      const ranges = [...css.matchAll(/font-family: "([^"]+)";[\s\S]*?font-weight: (\d+) (\d+);/g)]
        .filter((match) => match[1] === family)
        .map((match) => [Number(match[2]), Number(match[3])])
      expect(ranges[0]?.[0]).toBe(200)
      expect(ranges.at(-1)?.[1]).toBe(1000)
      for (let i = 1; i < ranges.length; i += 1)
        expect(ranges[i]?.[0]).toBe((ranges[i - 1]?.[1] ?? 0) + 1)
    }
  })
})
