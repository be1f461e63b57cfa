import { existsSync, mkdtempSync, rmSync } from 'node:fs'
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
        else await removeAll(dir)
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

/**
 * Removes `dir` until it is gone: a process still stopping (the lead service under its
 * supervisor, nginx's workers) may write into it while it goes, and one removal then leaves part
 * of it behind without an error (a check's folder was found whole but for its repositories).
 */
async function removeAll(dir: string): Promise<void> {
  for (let attempt = 1; existsSync(dir); attempt += 1) {
    if (attempt > 50) throw new Error(`${dir} could not be removed`)
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 })
    if (existsSync(dir)) await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
