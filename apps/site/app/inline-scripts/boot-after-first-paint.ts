// React Router's boot script, run after the first paint (scripts/defer-hydration.ts puts it in
// place of the router's own, an inline module script at the end of the body). It makes the same
// imports in the same order, once the head script has preloaded them; the shared chunks come
// first, each in a task of its own, since importing the root route would otherwise run React,
// the app chunk and the route in one long task that holds up input.
import { yieldToBrowser } from './tasks.ts'

const plan = await window.__afterFirstPaint
for (const href of plan.shared) {
  await import(href)
  await yieldToBrowser()
}
await import(plan.manifest)
const routeModules: Record<string, unknown> = {}
for (const [id, module] of plan.routes) routeModules[id] = await import(module)
window.__reactRouterRouteModules = routeModules
// The entry hydrates the page.
void import(plan.entry)
