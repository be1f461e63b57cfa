// React Router's prerendered pages ask for every module of the page in the head
// (`<link rel="modulepreload">`) and import the route modules from an inline module script. On a
// slow phone link those requests share the bandwidth with the HTML, the CSS and the fonts, and
// delay the first paint. This rewrite lets the page paint first and fetches the same modules,
// all in parallel, right after.

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g
const BOOT_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/g

const SIDE_EFFECT_IMPORT = /^import ("[^"]+");$/
const NAMESPACE_IMPORT = /^import \* as (\w+) from ("[^"]+");$/
const ROUTE_MODULES = /^window\.__reactRouterRouteModules = \{[^;]*\};$/
const ENTRY_IMPORT = /^import\(("[^"]+")\);$/

// Resolves once the browser reports the first contentful paint. A hidden page (a background tab)
// paints nothing until shown, so it starts at once, as does a browser without paint timing; the
// timeout is a guard, never expected to fire, against a page that reports no paint at all.
const WAIT_FOR_FIRST_PAINT = `await new Promise((resolve) => {
  if (document.visibilityState !== "visible" || !PerformanceObserver.supportedEntryTypes.includes("paint")) return resolve();
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    resolve();
  }).observe({ type: "paint", buffered: true });
  setTimeout(resolve, 5000);
});`

/**
 * The boot script React Router writes, with its static imports turned into imports made after
 * the first contentful paint, in the same order; the modules it used to preload are preloaded
 * at that moment. Anything else in the script is unexpected and stops the build.
 */
export function deferBootScript(body: string, preloads: string[]): string {
  const statements: string[] = []
  for (const rawLine of body.split('\n')) {
    const line = rawLine.trim()
    if (line === '') continue
    const sideEffect = SIDE_EFFECT_IMPORT.exec(line)
    const namespace = NAMESPACE_IMPORT.exec(line)
    if (sideEffect) statements.push(`await import(${sideEffect[1]});`)
    else if (namespace) statements.push(`const ${namespace[1]} = await import(${namespace[2]});`)
    else if (ROUTE_MODULES.test(line) || ENTRY_IMPORT.test(line)) statements.push(line)
    else throw new Error(`Unexpected line in React Router's boot script: ${line}`)
  }
  return [
    WAIT_FOR_FIRST_PAINT,
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    ...statements,
  ].join('\n')
}

/** A prerendered page whose JavaScript starts loading once the page has painted. */
export function deferHydration(html: string): string {
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '')
  const bootScripts = [...html.matchAll(BOOT_SCRIPT)]
  if (bootScripts.length !== 1) {
    throw new Error(`Expected one React Router boot script, found ${bootScripts.length}`)
  }
  return html
    .replaceAll(MODULE_PRELOAD, '')
    .replace(
      BOOT_SCRIPT,
      (_script, body: string) =>
        `<script type="module" async="">${deferBootScript(body, preloads)}</script>`,
    )
}
