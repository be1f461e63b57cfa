// What publishing leaves for the owner's editor (apps/editor/README.md, "Publishing, the launch
// and pictures"): the live commit, whether the site is still a preview before the launch, and the
// last edit it refused with the owner's lines, so the editor can tell whether a save is on the
// site. Written by deploy/cli/publish.ts as root after each run, read by the gateway as another user:
// world-readable, so it holds no name, address or secret, only commits, times and the chat's words.
import * as z from 'zod'

/** Its name in the deploy root, beside the releases, unless EDITOR_PUBLISH_STATE says otherwise. */
export const PUBLISH_STATE_FILE_NAME = 'editor-publish-state.json'

/** Where the gateway looks by default: in the deploy's default root (deploy/lib/settings.ts). */
export const DEFAULT_PUBLISH_STATE_FILE = `/srv/it-lab/${PUBLISH_STATE_FILE_NAME}`

export const publishStateSchema = z.object({
  /** The commit the live release was built from. */
  liveCommit: z.string().regex(/^[0-9a-f]{7,64}$/),
  /** When that commit became live, as far as publishing saw it. */
  liveSince: z.iso.datetime(),
  /** The site is a preview before the launch (docs/decisions/0084). */
  preview: z.boolean(),
  lastRun: z.iso.datetime(),
  /** The last edit publishing refused, until one is published after it. */
  refused: z
    .object({
      commit: z.string().regex(/^[0-9a-f]{7,64}$/),
      at: z.iso.datetime(),
      /** What is wrong, in Russian, as the chat was told. */
      reasons: z.array(z.string()),
    })
    .optional(),
})

export type PublishState = z.infer<typeof publishStateSchema>

/** The state in `text`, or undefined when it is not one. */
export function parsePublishState(text: string): PublishState | undefined {
  try {
    const read = publishStateSchema.safeParse(JSON.parse(text))
    return read.success ? read.data : undefined
  } catch {
    return undefined
  }
}
