import { mkdtempSync, rmSync } from 'node:fs'
import { constants, tmpdir } from 'node:os'
import path from 'node:path'

/** A check's temporary folder: its processes stopped and the folder removed, however it ends. */
export interface Scratch {
  dir: string
  /** Stops what runs in the folder, then removes it (unless kept); the second call waits on the first. */
  close(): Promise<void>
}

/**
 * A temporary folder for a loopback check, removed on `close()` (call it in a `finally`) and on
 * SIGINT or SIGTERM, which would otherwise end the process past every `finally`: a check stopped
 * once left 222 MB behind, a TLS private key among them. `stop` ends the processes the check
 * started there first (nginx, the lead service), so none writes into a removed folder.
 */
export function scratchDir(
  prefix: string,
  { keep = false, stop = () => {} }: { keep?: boolean; stop?: () => void | Promise<void> } = {},
): Scratch {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  let closing: Promise<void> | undefined
  const close = () => {
    closing ??= (async () => {
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
      try {
        await stop()
      } finally {
        if (keep) process.stdout.write(`kept: ${dir}\n`)
        else rmSync(dir, { recursive: true, force: true })
      }
    })()
    return closing
  }
  const onSignal = (signal: NodeJS.Signals) => {
    process.stdout.write(`stopped by ${signal}: removing ${dir}\n`)
    void close().finally(() => process.exit(128 + constants.signals[signal]))
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  return { dir, close }
}
