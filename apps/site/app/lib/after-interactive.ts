/** Runs `task` once the page has loaded and the main thread is idle, so third parties never delay the first render. */
export function afterInteractive(task: () => void): void {
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 3000 })
    else globalThis.setTimeout(task, 1)
  }
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })
}
