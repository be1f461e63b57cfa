// The trial-lesson popup opens 40 s after load unless dismissed in the last 7 days
// (docs/behaviour.md, "Trial popup"). Only the timer runs with the page: the popup, its form and
// React load when it is due, and it is mounted (not hydrated) into an element of its own.
import { dismissedRecently, TRIAL_POPUP_DELAY_MS } from '#app/features/trial-popup/dismissal.ts'
import { normalPagePath } from '#app/config/page-path.ts'

async function openTrialPopup(): Promise<void> {
  const [{ createElement }, { createRoot }, { default: TrialPopup }, { IslandRoot }] =
    await Promise.all([
      import('react'),
      import('react-dom/client'),
      import('#app/features/trial-popup/trial-popup.tsx'),
      import('./island-root'),
    ])
  const container = document.createElement('div')
  document.body.append(container)
  createRoot(container).render(
    createElement(
      IslandRoot,
      { pagePath: normalPagePath(window.location.pathname) },
      createElement(TrialPopup),
    ),
  )
}

export function startTrialPopupTimer(): void {
  if (dismissedRecently(Date.now())) return
  window.setTimeout(() => void openTrialPopup(), TRIAL_POPUP_DELAY_MS)
}
