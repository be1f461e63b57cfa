// The browser's side of the islands (docs/decisions/0079-light-pages.md): each prerendered island
// is hydrated on its own when it is due, near the viewport or, for a desktop-only behaviour, at
// once on a desktop. Its first use also makes it due: a focus, or a tap on a control only
// JavaScript can run, which is held (the control marked busy; before this script, by the head
// script) and replayed once the island is hydrated, so it is never lost (lib/early-taps.ts). A
// link, a form post or a popover button needs no help.
import type { ComponentType } from 'react'
import { DESKTOP_TAP_ATTRIBUTE, holdClick } from '#app/lib/early-taps.ts'
import { isPhoneDevice } from '#app/lib/phone-device.ts'
import { ISLAND_ATTRIBUTES, islandIdPrefix, type IslandWhen } from './island-attributes'
import { islands, type IslandName } from './islands'
import { normalPagePath } from '#app/config/page-path.ts'

/** How far below (or above) the viewport an island starts loading. */
const NEAR_VIEWPORT = '200px 0px'

const isIslandName = (name: string | undefined): name is IslandName =>
  name !== undefined && Object.hasOwn(islands, name)

async function hydrate(element: HTMLElement, name: IslandName): Promise<void> {
  const [{ createElement }, { hydrateRoot }, Component, { IslandRoot }] = await Promise.all([
    import('react'),
    import('react-dom/client'),
    islands[name](),
    import('./island-root'),
  ])
  const props = JSON.parse(element.getAttribute(ISLAND_ATTRIBUTES.props) ?? '{}') as object
  await new Promise<void>((resolve) => {
    hydrateRoot(
      element,
      createElement(
        IslandRoot,
        { pagePath: normalPagePath(window.location.pathname), onReady: resolve },
        createElement(Component as ComponentType<object>, props),
      ),
      { identifierPrefix: islandIdPrefix(name) },
    )
  })
  element.setAttribute(ISLAND_ATTRIBUTES.hydrated, 'true')
}

function watch(element: HTMLElement, name: IslandName, when: IslandWhen): void {
  let hydrating: Promise<void> | undefined
  let held: { control: HTMLElement; desktopTap: string | null } | undefined
  const replay = () => {
    element.removeEventListener('click', hold, true)
    element.removeEventListener('focusin', start)
    if (!held) return
    const { control, desktopTap } = held
    control.removeAttribute('aria-busy')
    // The control that replaced it after hydration (the call button on a desktop) is found by its mark.
    const target = control.isConnected
      ? control
      : element.querySelector<HTMLElement>(`[${DESKTOP_TAP_ATTRIBUTE}="${desktopTap}"]`)
    target?.click()
  }
  const start = () => {
    hydrating ??= hydrate(element, name).then(replay, (error: unknown) => {
      // The code did not load (a lost connection): the next focus or tap tries again, and until
      // then the island works as the HTML does.
      hydrating = undefined
      held?.control.removeAttribute('aria-busy')
      held = undefined
      throw error
    })
  }
  const hold = (event: MouseEvent) => {
    const control = holdClick(event)
    if (!control) return
    held?.control.removeAttribute('aria-busy')
    held = { control, desktopTap: control.getAttribute(DESKTOP_TAP_ATTRIBUTE) }
    control.setAttribute('aria-busy', 'true')
    start()
  }
  element.addEventListener('click', hold, true)
  element.addEventListener('focusin', start)
  // A tap the head script held before this script ran.
  const early = window.__heldTap
  if (early && element.contains(early)) {
    window.__heldTap = undefined
    held = { control: early, desktopTap: early.getAttribute(DESKTOP_TAP_ATTRIBUTE) }
    start()
  }

  if (when === 'desktop') {
    if (!isPhoneDevice()) start()
    return
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      start()
    },
    { rootMargin: NEAR_VIEWPORT },
  )
  // The island's element is `display: contents`, with no box of its own to intersect.
  for (const child of element.children) observer.observe(child)
}

/** Watches every island of the page. */
export function loadIslands(): void {
  for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTES.name}]`)) {
    const name = element.getAttribute(ISLAND_ATTRIBUTES.name) ?? undefined
    const when = element.getAttribute(ISLAND_ATTRIBUTES.when)
    if (!isIslandName(name)) throw new Error(`unknown island "${name}"`)
    watch(element, name, when === 'desktop' ? 'desktop' : 'visible')
  }
}
