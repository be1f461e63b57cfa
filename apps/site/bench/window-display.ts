import { spawn } from 'node:child_process'

/** Where the bench's windowed Chromium draws (docs/performance.md, "The windowed Chromium"). */
export type WindowDisplay = {
  /** The X display for a real window; none: Chromium's new headless mode instead. */
  display?: string
  /** What the bench prints about it. */
  label: string
  close: () => void
}

/**
 * A display for the windowed Chromium: `$DISPLAY` when there is one, else a private Xvfb on a
 * free display when it is installed (`apt-get install xvfb`), else none, and Chromium runs in its
 * new headless mode, which still draws its interface but in no window.
 */
export async function openWindowDisplay(): Promise<WindowDisplay> {
  const own = process.env.DISPLAY
  if (own) return { display: own, label: `a real window on display ${own}`, close: () => {} }
  // -displayfd: Xvfb picks a free display and writes its number to descriptor 3 once it is ready.
  const xvfb = spawn(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    },
  )
  const number = await new Promise<string | undefined>((resolve) => {
    let output = ''
    xvfb.once('error', () => resolve(undefined))
    xvfb.once('exit', () => resolve(undefined))
    xvfb.stdio[3]?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('\n')) resolve(output.trim())
    })
  })
  if (number === undefined) {
    return { label: "Chromium's new headless mode (no Xvfb installed)", close: () => {} }
  }
  return {
    display: `:${number}`,
    label: `a real window on Xvfb display :${number}`,
    close: () => xvfb.kill(),
  }
}
