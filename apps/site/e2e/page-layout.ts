import AxeBuilder from '@axe-core/playwright'
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
 * WCAG 2.1 A/AA violations in the page content, as 'rule: selector' lines. The contact block
 * and the quiz belong to their own features and specs, so they are left out here.
 */
export async function contentA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('main')
    .exclude('#contact')
    .exclude('#quiz')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
  )
}
