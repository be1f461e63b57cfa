// What a rollback holds back from publishing (docs/decisions/0085-a-rollback-stays.md):
// `<DEPLOY_ROOT>/rollback-hold.json` names each release rolled away from and its commit, so the
// publishing timer does not deploy that commit again; a deploy that goes live lifts it. Node's own
// modules only: `--rollback` and `--list` work while the checkout is broken.
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export interface HeldRelease {
  /** The release rolled away from. */
  release: string
  /** Its commit, as its release.json names it (short). */
  commit: string
  /** When it was rolled away from. */
  at: string
}

const holdFile = (root: string) => path.join(root, 'rollback-hold.json')

/** The releases rolled away from since the last deploy; none when there was no rollback. */
export function readHold(root: string): HeldRelease[] {
  try {
    const read = JSON.parse(readFileSync(holdFile(root), 'utf8')) as { held?: HeldRelease[] }
    return Array.isArray(read.held) ? read.held : []
  } catch {
    return []
  }
}

/**
 * After a rollback from `from` to `to`: `from` is held back, with those held before (a second
 * rollback must not let the first one's commit back in); `to`, live now, is no longer held.
 */
export function holdAfterRollback(
  root: string,
  from: { id: string; commit: string } | undefined,
  to: string,
): HeldRelease[] {
  const held = readHold(root).filter((each) => each.release !== to && each.release !== from?.id)
  if (from) held.push({ release: from.id, commit: from.commit, at: new Date().toISOString() })
  if (held.length === 0) rmSync(holdFile(root), { force: true })
  else writeFileSync(holdFile(root), `${JSON.stringify({ held }, null, 2)}\n`)
  return held
}

/** A deploy went live: publishing follows the branch again. */
export function liftHold(root: string): void {
  rmSync(holdFile(root), { force: true })
}

/**
 * The held release whose commit `target` does not move past (`target` is that commit or older,
 * `isAncestor(target, commit)` as `git merge-base --is-ancestor` says); undefined when `target` is
 * newer than every held commit, or on another line of history.
 */
export function heldBack(
  held: readonly HeldRelease[],
  target: string,
  isAncestor: (older: string, newer: string) => boolean,
): HeldRelease | undefined {
  return held.find((each) => target.startsWith(each.commit) || isAncestor(target, each.commit))
}
