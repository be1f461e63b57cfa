// React Router's prerendered pages ask for every module of the page in the head
// (`<link rel="modulepreload">`) and import the route modules from an inline module script. On a
// slow phone link those requests share the bandwidth with the HTML and the CSS, and delay the
// first paint. This rewrite lets the page paint first: the head script
// (app/inline-scripts/preload-after-first-paint.ts) preloads the same modules once the page has
// painted, and the boot script (app/inline-scripts/boot-after-first-paint.ts) then imports them
// as the router's would (docs/performance.md, "JavaScript after the first paint").
//
// The page's modules come from React Router's manifest. The router's own tags are then written
// out from the same manifest, exactly as react-router 8.4.0 writes them, and must be in the page
// exactly once: an upgrade that changes them stops the build here instead of breaking hydration.
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'
import { BOOT_PLAN_ATTRIBUTE, type BootPlan } from '#app/inline-scripts/boot-plan.ts'

export type AssetsManifest = ServerBuild['assets']

/** The bundled text of the two scripts (scripts/inline-script.ts). */
export type DeferScripts = { head: string; boot: string }

/** The manifest's routes as the tree React Router matches paths against. */
function routeTree(manifest: AssetsManifest, parentId?: string): RouteObject[] {
  return Object.values(manifest.routes).flatMap((route): RouteObject[] => {
    if (!route || route.parentId !== parentId) return []
    const { id, path, caseSensitive } = route
    return route.index
      ? [{ id, path, caseSensitive, index: true }]
      : [{ id, path, caseSensitive, children: routeTree(manifest, id) }]
  })
}

/** The page's plan: its routes' modules, the entry's and the chunks they share. */
function bootPlan(manifest: AssetsManifest, pathname: string): BootPlan {
  const matches = matchRoutes(routeTree(manifest), pathname) ?? []
  if (matches.length === 0)
    throw new Error(`No route of React Router's manifest matches ${pathname}`)
  const routes = matches.map(({ route }) => {
    const entry = route.id === undefined ? undefined : manifest.routes[route.id]
    if (!entry) throw new Error(`Route ${route.id} of ${pathname} is not in the manifest`)
    // React Router splits a route's client loader, action or middleware into modules of their
    // own when asked to (route chunks); the boot script imports one module per route.
    const split = [
      entry.clientActionModule,
      entry.clientLoaderModule,
      entry.clientMiddlewareModule,
      entry.hydrateFallbackModule,
    ].filter(Boolean)
    if (split.length > 0) {
      throw new Error(`Route ${entry.id} is split into several modules (${split.join(', ')})`)
    }
    return { id: entry.id, module: entry.module, imports: entry.imports ?? [] }
  })
  const named = new Set([
    manifest.url,
    manifest.entry.module,
    ...routes.map((route) => route.module),
  ])
  const imported = [...manifest.entry.imports, ...routes.flatMap((route) => route.imports)]
  return {
    shared: [...new Set(imported)].filter((href) => !named.has(href)),
    manifest: manifest.url,
    routes: routes.map((route): [string, string] => [route.id, route.module]),
    entry: manifest.entry.module,
  }
}

/** What React Router 8.4.0 writes into a prerendered page to load its JavaScript. */
function routerTags(plan: BootPlan, manifest: AssetsManifest) {
  // Its preloads: the manifest, the entry, then the entry's imports and each route's module and
  // imports, each once (`Scripts` in react-router's components.js; React hoists them to the head).
  const preloaded = new Set([manifest.url, manifest.entry.module, ...manifest.entry.imports])
  for (const [id, module] of plan.routes) {
    preloaded.add(module)
    for (const href of manifest.routes[id]?.imports ?? []) preloaded.add(href)
  }
  const preloads = [...preloaded]
    .map((href) => `<link rel="modulepreload" href="${href}"/>`)
    .join('')
  const boot = [
    `import ${JSON.stringify(plan.manifest)};`,
    ...plan.routes.map(([, module], i) => `import * as route${i} from ${JSON.stringify(module)};`),
    '  ',
    `  window.__reactRouterRouteModules = {${plan.routes.map(([id], i) => `${JSON.stringify(id)}:route${i}`).join(',')}};`,
    '',
    `import(${JSON.stringify(plan.entry)});`,
  ].join('\n')
  return { preloads, boot: `<script type="module" async="">${boot}</script>` }
}

/** The one place `part` is in `html`, or an error naming what was expected. */
function onlyPlace(html: string, part: string, what: string, pathname: string): number {
  const at = html.indexOf(part)
  if (at === -1 || html.indexOf(part, at + 1) !== -1) {
    const found = at === -1 ? 'not found' : 'found more than once'
    throw new Error(
      `${pathname}: React Router's ${what} ${found} as react-router 8.4.0 writes it (docs/performance.md, "Before upgrading React Router"). Expected:\n${part}`,
    )
  }
  return at
}

const count = (html: string, part: string) => html.split(part).length - 1

// The plan travels as JSON in a single-quoted attribute, where only `'` and `&` need escaping.
const planAttribute = (plan: BootPlan) =>
  `${BOOT_PLAN_ATTRIBUTE}='${JSON.stringify(plan).replaceAll('&', '&amp;').replaceAll("'", '&#39;')}'`
const PLAN_ATTRIBUTE = new RegExp(`<script ${BOOT_PLAN_ATTRIBUTE}='([^']*)'>`)

/** The plan the head script of a rewritten page carries. */
export function pagePlan(html: string): BootPlan | undefined {
  const json = PLAN_ATTRIBUTE.exec(html)?.[1]
  return json === undefined
    ? undefined
    : (JSON.parse(json.replaceAll('&#39;', "'").replaceAll('&amp;', '&')) as BootPlan)
}

/**
 * The prerendered page at `pathname` with its JavaScript loaded after its first paint: React
 * Router's preloads give way to the head script, which carries the page's plan, and its boot
 * script to ours.
 */
export function deferHydration(
  html: string,
  pathname: string,
  manifest: AssetsManifest,
  scripts: DeferScripts,
): string {
  const plan = bootPlan(manifest, pathname)
  const router = routerTags(plan, manifest)
  const preloadsAt = onlyPlace(html, router.preloads, 'module preloads', pathname)
  const bootAt = onlyPlace(html, router.boot, 'boot script', pathname)
  if (preloadsAt > html.indexOf('</head>')) {
    throw new Error(`${pathname}: React Router's module preloads are not in the head`)
  }
  // Nothing else may load a module before the first paint.
  const preloads = count(router.preloads, '<link')
  if (count(html, 'rel="modulepreload"') !== preloads || count(html, 'type="module"') !== 1) {
    throw new Error(`${pathname}: a module preload or module script React Router did not write`)
  }
  const headScript = `<script ${planAttribute(plan)}>${scripts.head}</script>`
  const bootScript = `<script type="module" async="">${scripts.boot}</script>`
  return [
    html.slice(0, preloadsAt),
    headScript,
    html.slice(preloadsAt + router.preloads.length, bootAt),
    bootScript,
    html.slice(bootAt + router.boot.length),
  ].join('')
}
