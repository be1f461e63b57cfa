import { describe, expect, it } from 'vitest'
import { deferHydration } from './defer-hydration.ts'

// The shape React Router 8 prerenders (trimmed): preloads in the head, the boot script in the body.
const page = `<!DOCTYPE html><html lang="ru"><head><title>IT Lab</title><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/><link rel="modulepreload" href="/assets/shared-6.js"/><link rel="modulepreload" href="/assets/root-3.js"/><link rel="modulepreload" href="/assets/home-4.js"/><link rel="stylesheet" href="/assets/root-5.css"/></head><body><h1>Школа</h1><script>window.__reactRouterContext = {};</script><script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-3.js";
import * as route1 from "/assets/home-4.js";
  
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-2.js");</script></body></html>`

describe('deferHydration', () => {
  it('leaves no module preload in the head and keeps the stylesheet', () => {
    const html = deferHydration(page)
    expect(html).not.toContain('rel="modulepreload"')
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-5.css"/>')
    expect(html).toContain('<h1>Школа</h1>')
  })

  it('preloads the modules from the head once the page has painted', () => {
    const html = deferHydration(page)
    const head = html.slice(0, html.indexOf('</head>'))
    const preload = /<script>(window\.__afterFirstPaint = [\s\S]*?)<\/script>/.exec(head)?.[1] ?? ''
    expect(preload).toContain('getEntriesByName("first-contentful-paint")')
    expect(preload).toContain('document.querySelector("h1")')
    // After the frame that drew the heading, ahead of the parser's next task.
    expect(preload).toContain('scheduler.postTask(then, { priority: "user-blocking" })')
    // And not before the paint can have reached the screen: when the paint entry is there, or
    // 100 ms after the frame that found the heading.
    expect(preload).toContain('const at = performance.now() + 100;')
    expect(preload).toContain('shown() || performance.now() >= at ? start()')
    // The shared chunk first, as the boot script runs it first; then the rest in React Router's order.
    expect(preload).toContain(
      '["/assets/shared-6.js","/assets/manifest-1.js","/assets/entry.client-2.js","/assets/root-3.js","/assets/home-4.js"]',
    )
    // One link per task: each starts a fetch, which costs the main thread a little.
    expect(preload).toMatch(
      /document\.head\.append\([^;]*\);\s*await \(globalThis\.scheduler\?\.yield\?\.\(\)/,
    )
    // Before the stylesheet and the body: it must run while the parser reads the rest of the page.
    expect(html.indexOf('window.__afterFirstPaint')).toBeLessThan(html.indexOf('rel="stylesheet"'))
  })

  it('imports the same modules in the same order after that, shared chunks first', () => {
    const body = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(deferHydration(page))
    const lines = (body?.[1] ?? '').split('\n')
    expect(lines).toEqual([
      'await window.__afterFirstPaint;',
      // The shared chunk runs first, in a task of its own; the entry, which hydrates, runs last.
      'for (const href of ["/assets/shared-6.js"]) {',
      '  await import(href);',
      '  await (globalThis.scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve)));',
      '}',
      'await import("/assets/manifest-1.js");',
      'const route0 = await import("/assets/root-3.js");',
      'const route1 = await import("/assets/home-4.js");',
      'window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
      'import("/assets/entry.client-2.js");',
    ])
  })

  it('stops the build on a boot script it does not know', () => {
    const changed = page.replace('import("/assets/entry.client-2.js");', 'boot();')
    expect(() => deferHydration(changed)).toThrow(/Unexpected line .*boot\(\);/)
  })

  it('stops the build when a page has no boot script', () => {
    expect(() => deferHydration('<html><body></body></html>')).toThrow(/found 0/)
  })
})
