import { z } from 'zod/mini'

/**
 * A shipped example entry of a collection (teachers, groups, reviews…): the repository ships a few
 * so that every section shows on a fresh machine. The site marks it with this badge, and the
 * release build refuses it (docs/decisions/0073-sample-entries.md).
 */
export const SAMPLE_BADGE = 'Образец'
/** The editor's tick for it; absent or false in the owner's own entries. */
export const SAMPLE_FIELD_LABEL = 'Образец (снимите отметку, когда впишете своё)'
export const sampleMark = () => z._default(z.boolean({ error: 'да или нет' }), false)
