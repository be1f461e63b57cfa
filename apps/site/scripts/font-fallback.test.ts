import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { FALLBACK_CSS, nunitoFallbackCss } from './font-fallback.ts'

describe('the fallback faces for Nunito', () => {
  it('are the ones Capsize metrics give (run `node scripts/font-fallback.ts` to refresh)', async () => {
    expect(await readFile(FALLBACK_CSS, 'utf8')).toBe(nunitoFallbackCss())
  })

  it('cover every weight from 200 to 1000 for each local font, with no gap', () => {
    const css = nunitoFallbackCss()
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
