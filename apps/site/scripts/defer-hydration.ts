// React Router's prerendered pages ask for every module of the page in the head
// (`<link rel="modulepreload">`) and import the route modules from an inline module script. On a
// slow phone link those requests share the bandwidth with the HTML and the CSS, and delay the
// first paint. This rewrite lets the page paint first: a small script in the head preloads the same
// modules, all in parallel, as soon as the page has painted, while the parser may still be reading
// the rest of the page; the boot script, at the end of the body, then runs the shared chunks one per
// task (importing the root route would otherwise run React, the app chunk and the route in one long
// task that holds up input) before the routes and the entry, which hydrates.

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g
const BOOT_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/g

const SIDE_EFFECT_IMPORT = /^import ("[^"]+");$/
const NAMESPACE_IMPORT = /^import \* as (\w+) from ("[^"]+");$/
const ROUTE_MODULES = /^window\.__reactRouterRouteModules = \{[^;]*\};$/
const ENTRY_IMPORT = /^import\(("[^"]+")\);$/

// Lets the browser handle input and paint between two steps.
const YIELD = `await (globalThis.scheduler?.yield?.() ?? new Promise((resolve) => setTimeout(resolve)));`

// `window.__afterFirstPaint` resolves once the page has painted its first screen, and the modules
// are preloaded then. Chromium makes the paint entry visible to scripts only once the parser has
// read the whole page, a few hundred milliseconds later on a phone; so it starts when that entry is
// there or one frame after the frame that drew the page's heading, whichever comes first. A frame
// comes only between the parser's tasks, so each step is a task posted at user-blocking priority,
// which runs right after the frame instead of behind the parser (decision 0030). The extra frame
// keeps the first request after the frame's drawing. The paint reaches the screen later still,
// 40–80 ms after its frame on an unthrottled load here, and Lighthouse counts a request started
// before that as competing with the paint: so the start also waits, a frame at a time, until the
// paint entry is there or SHOWN_AFTER_MS have passed since the frame that found the heading. On a
// phone's CPU (the bench's ×4) the extra frame alone comes 150–300 ms after the paint, so this
// costs a phone nothing. The shared chunks are asked for first, as the boot script runs them
// first. A hidden page (a background tab) paints nothing until shown, so it starts at once, as
// does a browser without paint timing; the timeout is a guard, never expected to fire, against a
// page that reports no paint at all.
const SHOWN_AFTER_MS = 100

function preloadAfterFirstPaint(preloads: string[]): string {
  return `window.__afterFirstPaint = new Promise((resolve) => {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    // A link per task: starting a fetch costs the main thread a millisecond or two, more on a phone.
    for (const href of ${JSON.stringify(preloads)}) {
      document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));
      ${YIELD}
    }
    resolve();
  };
  if (document.visibilityState !== "visible" || !PerformanceObserver.supportedEntryTypes.includes("paint")) return start();
  const afterThisFrame = (then) => globalThis.scheduler?.postTask ? scheduler.postTask(then, { priority: "user-blocking" }) : setTimeout(then);
  const shown = () => performance.getEntriesByName("first-contentful-paint").length > 0;
  const startAfter = (at) => shown() || performance.now() >= at ? start() : requestAnimationFrame(() => afterThisFrame(() => startAfter(at)));
  const painted = () => {
    if (started) return;
    if (!shown() && !document.querySelector("h1")) return requestAnimationFrame(painted);
    const at = performance.now() + ${SHOWN_AFTER_MS};
    afterThisFrame(() => requestAnimationFrame(() => afterThisFrame(() => startAfter(at))));
  };
  requestAnimationFrame(painted);
  setTimeout(start, 5000);
});`
}

/**
 * React Router's boot script as statements to run after the first contentful paint, in the same
 * order (static imports become dynamic ones), and the modules it imports by name. Anything else in
 * the script is unexpected and stops the build.
 */
function parseBootScript(body: string): { statements: string[]; imported: Set<string> } {
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
  return { statements, imported }
}

/**
 * A prerendered page whose JavaScript starts loading once the page has painted. The shared chunks
 * among the preloads (neither imported by the boot script itself nor by the entry, which starts
 * hydration) are preloaded first and run first, each in a task of its own.
 */
export function deferHydration(html: string): string {
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '')
  const bootScripts = [...html.matchAll(BOOT_SCRIPT)]
  if (bootScripts.length !== 1) {
    throw new Error(`Expected one React Router boot script, found ${bootScripts.length}`)
  }
  const firstPreload = html.search(MODULE_PRELOAD)
  if (firstPreload === -1 || firstPreload > html.indexOf('</head>')) {
    throw new Error('Expected the module preloads in the head')
  }
  const boot = parseBootScript(bootScripts[0]?.[1] ?? '')
  const shared = preloads.filter((href) => !boot.imported.has(href))
  const named = preloads.filter((href) => boot.imported.has(href))
  const bootScript = [
    `await window.__afterFirstPaint;`,
    `for (const href of ${JSON.stringify(shared)}) {`,
    `  await import(href);`,
    `  ${YIELD}`,
    `}`,
    ...boot.statements,
  ].join('\n')
  const withHeadScript = `${html.slice(0, firstPreload)}<script>${preloadAfterFirstPaint([...shared, ...named])}</script>${html.slice(firstPreload)}`
  return withHeadScript
    .replaceAll(MODULE_PRELOAD, '')
    .replace(BOOT_SCRIPT, () => `<script type="module" async="">${bootScript}</script>`)
}
