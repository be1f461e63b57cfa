import type { Page } from '@playwright/test'

/**
 * Elements of the page content that stick out of the viewport sideways. `overflow: hidden`
 * on a section would hide a horizontal scrollbar but still cut the text, so the document's
 * scroll width alone is not enough. Visually hidden helpers (1 px or moved off-screen) are skipped.
 */
export async function elementsOutsideViewport(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('main *'))
      .filter((element) => {
        const box = element.getBoundingClientRect()
        return box.width > 1 && box.left > -1000 && box.right > window.innerWidth + 0.5
      })
      .map((element) => `${element.tagName}: ${(element.textContent ?? '').slice(0, 40)}`),
  )
}

export async function documentScrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth)
}

/**
 * Boxes of the page content whose text is wider than the box (a word too long for the line):
 * the box itself stays within the screen, so elementsOutsideViewport does not see it.
 */
export async function textsOverflowingTheirBox(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('main :is(h1, h2, h3, p, li, a, dd, dt)'))
      .filter((element) => {
        const box = element.getBoundingClientRect()
        const display = getComputedStyle(element).display
        return (
          display !== 'inline' && box.width > 1 && element.scrollWidth > element.clientWidth + 1
        )
      })
      .map((element) => `${element.tagName}: ${(element.textContent ?? '').slice(0, 40)}`),
  )
}
