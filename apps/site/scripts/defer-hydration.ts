// React Router's prerendered pages ask for every module of the page in the head
// (`<link rel="modulepreload">`) and import the route modules from an inline module script. On a
// slow phone link those requests share the bandwidth with the HTML and the CSS, and delay the
// first paint. This rewrite lets the page paint first and fetches the same modules, all in
// parallel, right after. It then runs the shared chunks one per task: importing the root route
// would otherwise run React, the app chunk and the route in one long task that holds up input.

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

// Lets the browser handle input and paint between two module evaluations.
const YIELD = `await (globalThis.scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve)));`

/**
 * The boot script React Router writes, with its static imports turned into imports made after
 * the first contentful paint, in the same order; the modules it used to preload are preloaded
 * at that moment, and the shared chunks among them (neither imported by the script itself nor
 * the entry, which starts hydration) run first, each in a task of its own. Anything else in the
 * script is unexpected and stops the build.
 */
export function deferBootScript(body: string, preloads: string[]): string {
  const statements: string[] = []
  const imported = new Set<string>()
  for (const rawLine of body.split('\n')) {
    const line = rawLine.trim()
    if (line === '') continue
    const sideEffect = SIDE_EFFECT_IMPORT.exec(line)
    const namespace = NAMESPACE_IMPORT.exec(line)
    const entry = ENTRY_IMPORT.exec(line)
    if (sideEffect?.[1]) {
      statements.push(`await import(${sideEffect[1]});`)
      imported.add(JSON.parse(sideEffect[1]) as string)
    } else if (namespace?.[2]) {
      statements.push(`const ${namespace[1]} = await import(${namespace[2]});`)
      imported.add(JSON.parse(namespace[2]) as string)
    } else if (entry?.[1]) {
      statements.push(line)
      imported.add(JSON.parse(entry[1]) as string)
    } else if (ROUTE_MODULES.test(line)) statements.push(line)
    else throw new Error(`Unexpected line in React Router's boot script: ${line}`)
  }
  const shared = preloads.filter((href) => !imported.has(href))
  return [
    WAIT_FOR_FIRST_PAINT,
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `for (const href of ${JSON.stringify(shared)}) {`,
    `  await import(href);`,
    `  ${YIELD}`,
    `}`,
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
