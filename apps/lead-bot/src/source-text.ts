// A lead's source in a few words, as the chat, the e-mail and the report show it
// (docs/decisions/0078-where-a-lead-came-from.md).
import { hasOrigin, type LeadSource, type Touch } from '@it-lab/shared/lead-source'

/** The report's row for leads with no source. */
export const NO_SOURCE = 'без источника'

/** «yandex / cpc / zima-2027», «Яндекс Директ», «yandex.ru (переход)»; null: none known. */
function touchText(touch: Touch): string | null {
  if (touch.utm_source !== undefined) {
    return [touch.utm_source, touch.utm_medium, touch.utm_campaign]
      .filter((part) => part !== undefined)
      .join(' / ')
  }
  if (touch.yclid !== undefined) return 'Яндекс Директ'
  if (touch.gclid !== undefined) return 'Google Ads'
  return touch.referrer === undefined ? null : `${touch.referrer} (переход)`
}

/** The source a report counts a lead under: the same words without «(первый визит)». */
export function sourceKey(source: LeadSource): string {
  const touch = hasOrigin(source.visit) ? source.visit : source.first
  return (touch === undefined ? null : touchText(touch)) ?? NO_SOURCE
}

/**
 * Where the lead came from: the visit it was sent in, else the first visit the browser kept
 * (said so); null when neither names one.
 */
export function sourceText(source: LeadSource | undefined): string | null {
  if (source?.visit !== undefined && hasOrigin(source.visit)) return touchText(source.visit)
  if (source?.first !== undefined && hasOrigin(source.first)) {
    const text = touchText(source.first)
    return text === null ? null : `${text} (первый визит)`
  }
  return null
}
