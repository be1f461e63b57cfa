// What the build hands the two scripts that load a page's JavaScript after its first paint: the
// page's modules, read from React Router's manifest (scripts/defer-hydration.ts). It travels as
// JSON in an attribute of the head script, so the scripts' code is the same on every page.

/** A prerendered page's modules, as React Router's own boot script would import them. */
export type BootPlan = {
  /** Chunks the entry and the routes import: preloaded first and run first, one per task. */
  shared: string[]
  /** React Router's manifest (`window.__reactRouterManifest`). */
  manifest: string
  /** Each route the page matches, root first: its id and its module. */
  routes: [id: string, module: string][]
  /** The client entry, which hydrates the page. */
  entry: string
}

/** The head script's attribute that holds the page's plan. */
export const BOOT_PLAN_ATTRIBUTE = 'data-boot-plan'

/**
 * Every module of the plan, in the order the head script preloads them: the shared chunks, which
 * run first, then the rest in the order of React Router's own preloads.
 */
export function preloadOrder(plan: BootPlan): string[] {
  return [...plan.shared, plan.manifest, plan.entry, ...plan.routes.map(([, module]) => module)]
}

declare global {
  interface Window {
    /** Set by the head script: resolves with the page's plan once its modules are preloaded. */
    __afterFirstPaint: Promise<BootPlan>
    /** What React Router's client entry hydrates with: each matched route's module, by id. */
    __reactRouterRouteModules: Record<string, unknown>
  }
}
