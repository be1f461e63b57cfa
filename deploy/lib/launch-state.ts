// Whether the site is launched or still a preview before the launch
// (docs/decisions/0084-preview-before-the-launch.md): `<DEPLOY_ROOT>/launch.json`, beside the
// releases, so it survives a reboot and every deploy and publish without --preview or --launch
// keeps the stage. Node's own modules only: `--list` shows it while the checkout is broken.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export type Stage = { stage: 'preview'; since: string } | { stage: 'launched'; at: string }

const stageFile = (root: string) => path.join(root, 'launch.json')

/** The stage recorded; undefined before the first deploy (or for a site deployed before 0084). */
export function readStage(root: string): Stage | undefined {
  try {
    const read = JSON.parse(readFileSync(stageFile(root), 'utf8')) as Partial<Stage>
    if (read.stage === 'preview') return { stage: 'preview', since: String(read.since ?? '') }
    if (read.stage === 'launched') return { stage: 'launched', at: String(read.at ?? '') }
    return undefined
  } catch {
    return undefined
  }
}

/** Records that the release just made live is a preview, or a release for the launch. */
export function recordStage(root: string, preview: boolean): Stage {
  const now = new Date().toISOString()
  const before = readStage(root)
  const stage: Stage = preview
    ? { stage: 'preview', since: before?.stage === 'preview' ? before.since : now }
    : { stage: 'launched', at: before?.stage === 'launched' ? before.at : now }
  writeFileSync(stageFile(root), `${JSON.stringify(stage)}\n`)
  return stage
}

/**
 * What a deploy builds: a preview with --preview or while the site is one, a full release with
 * --launch, once launched, or when nothing was ever deployed as a preview. A launched site never
 * goes back to a preview: that would hide it from search engines again.
 */
export function buildKind(
  stage: Stage | undefined,
  flags: { preview: boolean; launch: boolean },
): { preview: boolean } | { problem: string } {
  if (flags.preview && flags.launch) return { problem: '--preview and --launch do not go together' }
  if (flags.preview && stage?.stage === 'launched') {
    return {
      problem: `the site was launched on ${stage.at.slice(0, 10)}: a preview would hide it from search engines again (deploy without --preview)`,
    }
  }
  if (flags.launch) return { preview: false }
  return { preview: flags.preview || stage?.stage === 'preview' }
}

/** `--list`'s line about the stage. */
export function stageLine(stage: Stage | undefined): string {
  if (stage?.stage === 'preview') {
    return `the site is a preview before the launch (since ${stage.since.slice(0, 10)}): every page says «Сайт готовится к запуску» and is indexed nowhere; deploys and publishes stay previews until npm run deploy -- --launch (npm run check:content lists what still blocks it)`
  }
  if (stage?.stage === 'launched') return `the site is launched (since ${stage.at.slice(0, 10)})`
  return 'the site has no stage yet: a first deploy with --preview goes out as a preview before the launch'
}
