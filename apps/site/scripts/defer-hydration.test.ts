// @vitest-environment jsdom
import path from 'node:path'
import { createElement, type ReactNode } from 'react'
import { createRequestHandler, Links, Outlet, Scripts, type ServerBuild } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import * as entryServer from '#app/entry.server.tsx'
import type { BootPlan } from '#app/inline-scripts/boot-plan.ts'
import {
  deferHydration,
  pagePlan,
  type AssetsManifest,
  type DeferScripts,
} from './defer-hydration.ts'
import { bundleInlineScript } from './inline-script.ts'

// The pages here are prerendered by React Router itself, through the site's own server entry,
// from a manifest shaped like the one its build writes: the rewrite meets the router's real tags.
const asset = (name: string) => `/assets/${name}.js`
const route = (id: string, module: string, imports: string[], parent?: string) => ({
  id,
  parentId: parent,
  module: asset(module),
  imports: imports.map(asset),
  hasAction: false,
  hasLoader: false,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
  clientActionModule: undefined,
  clientLoaderModule: undefined,
  clientMiddlewareModule: undefined,
  hydrateFallbackModule: undefined,
})

const manifest: AssetsManifest = {
  version: '1',
  url: asset('manifest-1'),
  entry: { module: asset('entry.client-2'), imports: [asset('runtime-3'), asset('framework-4')] },
  routes: {
    root: { ...route('root', 'root-5', ['runtime-3', 'framework-4', 'app-6']), path: '' },
    'routes/home': {
      ...route('routes/home', 'home-7', ['framework-4', 'app-6', 'course-grid-8'], 'root'),
      index: true,
    },
    'routes/course': {
      ...route('routes/course', 'course-9', ['app-6', 'prices-10'], 'root'),
      path: 'course/:id',
    },
  },
}

function Layout({ children }: { children: ReactNode }) {
  return createElement(
    'html',
    { lang: 'ru' },
    createElement('head', null, createElement('title', null, 'IT Lab'), createElement(Links)),
    createElement('body', null, children, createElement(Scripts)),
  )
}

const heading = (text: string) => () => createElement('h1', null, text)

const build: ServerBuild = {
  entry: { module: entryServer },
  routes: {
    root: { id: 'root', path: '', module: { Layout, default: () => createElement(Outlet) } },
    'routes/home': {
      id: 'routes/home',
      parentId: 'root',
      index: true,
      module: { default: heading('Школа') },
    },
    'routes/course': {
      id: 'routes/course',
      parentId: 'root',
      path: 'course/:id',
      module: { default: heading('Курс') },
    },
  },
  assets: manifest,
  publicPath: '/',
  assetsBuildDirectory: 'build/client',
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: 'initial', manifestPath: '/__manifest' },
}

async function prerendered(pathname: string): Promise<string> {
  const response = await createRequestHandler(build)(new Request(`http://localhost${pathname}`))
  return response.text()
}

const inlineScripts = path.join(import.meta.dirname, '..', 'app', 'inline-scripts')
let scripts: DeferScripts
let home: string

beforeAll(async () => {
  const [head, boot] = await Promise.all([
    bundleInlineScript(path.join(inlineScripts, 'preload-after-first-paint.ts')),
    bundleInlineScript(path.join(inlineScripts, 'boot-after-first-paint.ts'), 'module'),
  ])
  scripts = { head: head.code, boot: boot.code }
  home = await prerendered('/')
})

const parsed = (html: string) => new DOMParser().parseFromString(html, 'text/html')

describe('deferHydration', () => {
  it('leaves no module to load before the first paint: one head script, then the boot script', () => {
    // What the router wrote: a preload per module in the head, and a boot script importing them.
    expect(parsed(home).querySelectorAll('link[rel="modulepreload"]')).toHaveLength(8)

    const page = parsed(deferHydration(home, '/', manifest, scripts))
    expect(page.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0)
    const headScripts = page.head.querySelectorAll('script')
    expect(headScripts).toHaveLength(1)
    expect(headScripts[0]?.textContent).toBe(scripts.head)
    const moduleScripts = page.querySelectorAll('script[type="module"]')
    expect(moduleScripts).toHaveLength(1)
    expect(moduleScripts[0]?.textContent).toBe(scripts.boot)
    expect(page.querySelector('h1')?.textContent).toBe('Школа')
  })

  it("names each page's modules from the manifest: the shared chunks, then the router's", async () => {
    const expected: Record<string, BootPlan> = {
      '/': {
        shared: ['runtime-3', 'framework-4', 'app-6', 'course-grid-8'].map(asset),
        manifest: asset('manifest-1'),
        routes: [
          ['root', asset('root-5')],
          ['routes/home', asset('home-7')],
        ],
        entry: asset('entry.client-2'),
      },
      '/course/3': {
        shared: ['runtime-3', 'framework-4', 'app-6', 'prices-10'].map(asset),
        manifest: asset('manifest-1'),
        routes: [
          ['root', asset('root-5')],
          ['routes/course', asset('course-9')],
        ],
        entry: asset('entry.client-2'),
      },
    }
    for (const [pathname, plan] of Object.entries(expected)) {
      const html = deferHydration(await prerendered(pathname), pathname, manifest, scripts)
      expect(pagePlan(html)).toEqual(plan)
    }
  })

  it('the head script preloads them one by one and hands the plan to the boot script', async () => {
    const html = deferHydration(home, '/', manifest, scripts)
    const written = parsed(html).head.querySelector('script')
    // Run here as the page's parser would run it. A page that is not shown (a background tab)
    // has no paint to wait for: it starts at once.
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    const script = document.createElement('script')
    for (const { name, value } of written?.attributes ?? []) script.setAttribute(name, value)
    script.textContent = written?.textContent ?? ''
    document.head.append(script)

    // The window the document's own scripts run in (Vitest's jsdom environment exposes it).
    const { jsdom } = globalThis as unknown as { jsdom: { window: Window } }
    expect(await jsdom.window.__afterFirstPaint).toEqual(pagePlan(html))
    const preloaded = [...document.head.querySelectorAll('link[rel="modulepreload"]')]
    expect(preloaded.map((link) => link.getAttribute('href'))).toEqual(
      [
        'runtime-3',
        'framework-4',
        'app-6',
        'course-grid-8',
        'manifest-1',
        'entry.client-2',
        'root-5',
        'home-7',
      ].map(asset),
    )
  })

  it("stops the build when the router's tags are not the ones its manifest gives", () => {
    const moreImports: AssetsManifest = {
      ...manifest,
      entry: { ...manifest.entry, imports: [...manifest.entry.imports, asset('extra-11')] },
    }
    expect(() => deferHydration(home, '/', moreImports, scripts)).toThrow(
      /\/: React Router's module preloads not found as react-router 8.4.0 writes it/,
    )
    const otherBoot = home.replace('window.__reactRouterRouteModules', 'window.routeModules')
    expect(() => deferHydration(otherBoot, '/', manifest, scripts)).toThrow(
      /\/: React Router's boot script not found as react-router 8.4.0 writes it/,
    )
    const extraPreload = home.replace('</head>', '<link rel="modulepreload" href="/x.js"/></head>')
    expect(() => deferHydration(extraPreload, '/', manifest, scripts)).toThrow(
      /a module preload or module script React Router did not write/,
    )
  })

  it('stops the build on a route split into several modules, or a page no route matches', () => {
    const root = manifest.routes.root
    if (!root) throw new Error('the manifest has a root')
    const split: AssetsManifest = {
      ...manifest,
      routes: { ...manifest.routes, root: { ...root, clientLoaderModule: asset('root-loader') } },
    }
    expect(() => deferHydration(home, '/', split, scripts)).toThrow(
      /Route root is split into several modules \(\/assets\/root-loader.js\)/,
    )
    expect(() => deferHydration(home, '/nowhere', manifest, scripts)).toThrow(
      /No route of React Router's manifest matches \/nowhere/,
    )
  })
})
